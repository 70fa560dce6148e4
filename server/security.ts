/**
 * Security headers for every response, and the Content-Security-Policy.
 *
 * script-src stays strict ('self' plus hashes, never 'unsafe-inline' or
 * 'unsafe-eval'). The pre-rendered pages carry inline scripts of React
 * Router's (hydration context, module bootstrap, scroll restoration), and
 * their content changes with the build and with anyone's edits to
 * src/root.tsx, so nothing is hard-coded: when an HTML file is served, the
 * SHA-256 of each of its inline executable scripts goes into that response's
 * policy (computed once per file version and cached). JSON blocks such as
 * <script type="application/ld+json"> are data, never run, and need none.
 *
 * style-src allows inline styles: react-hot-toast injects a <style> tag and
 * positions toasts with style attributes.
 *
 * No Cross-Origin-Opener-Policy, on purpose. COOP: same-origin puts the
 * page in a new browsing context group, so the first page a visitor opens
 * cannot reuse the renderer process the tab already has: it waits for a
 * fresh one, which builds its first V8 context from cold.
 * Measured with Lighthouse's mobile preset against this server (runs
 * interleaved, 8 per route and variant): TBT medians 92/63/28 ms with it,
 * 14/22/4 ms without, on /services/nlp, /about-us and /. What COOP guards
 * against, a cross-origin window keeping a handle on ours, needs a session
 * or private state to abuse; this site has neither. Clickjacking stays
 * blocked (frame-ancestors, X-Frame-Options) and our own target="_blank"
 * links carry rel="noopener". Add COOP back if the site ever gets accounts.
 */
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** SHA-256 sources ('sha256-...') of the inline scripts in an HTML document that a browser would execute. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(SCRIPT)) {
    const attrs = m[1] ?? "";
    if (/\ssrc\s*=/i.test(` ${attrs}`)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase() ?? "";
    // Data blocks (JSON, JSON-LD) are not executed and CSP does not apply to them.
    if (type.includes("json") && type !== "importmap" && type !== "speculationrules") continue;
    hashes.add(`'sha256-${createHash("sha256").update(m[2] ?? "", "utf8").digest("base64")}'`);
  }
  return [...hashes].sort();
}

export interface CspOptions {
  /** Extra origins the page may fetch from (the enquiry endpoint when it is another host). */
  connectSrc?: string[];
}

export function buildCsp(scriptHashes: string[], { connectSrc = [] }: CspOptions = {}): string {
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...scriptHashes].join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "media-src 'self'",
    `connect-src ${["'self'", ...connectSrc].join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Headers every response carries (CSP is set separately, per response). */
export const SECURITY_HEADERS: Record<string, string> = {
  "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  "Cross-Origin-Resource-Policy": "same-origin",
  "X-Frame-Options": "DENY",
};

/** Per-file CSP for HTML documents, recomputed when the file changes. */
export class HtmlCsp {
  private readonly cache = new Map<string, { mtimeMs: number; size: number; csp: string }>();
  readonly defaultPolicy: string;
  constructor(private readonly options: CspOptions = {}) {
    this.defaultPolicy = buildCsp([], options);
  }

  forFile(path: string): string {
    const st = statSync(path);
    const hit = this.cache.get(path);
    if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size) return hit.csp;
    const csp = buildCsp(inlineScriptHashes(readFileSync(path, "utf8")), this.options);
    this.cache.set(path, { mtimeMs: st.mtimeMs, size: st.size, csp });
    return csp;
  }
}
