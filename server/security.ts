/**
 * Security headers, through @fastify/helmet, and the Content-Security-Policy's script sources.
 *
 * script-src stays strict ('self' plus hashes, never 'unsafe-inline' or 'unsafe-eval'). The built
 * pages carry inline scripts (React Router's, and the boot script) whose text changes with every
 * build, so nothing is hard-coded: a page's policy lists the SHA-256 of each inline script of its
 * HTML file, computed once per file version. JSON blocks such as JSON-LD are data, never run, and
 * need none.
 *
 * style-src allows inline styles: react-hot-toast injects a <style> tag and positions toasts with
 * style attributes.
 *
 * No Cross-Origin-Opener-Policy: it makes the first page of a visit wait for a fresh renderer
 * process (docs/performance.md measures the cost), and what it guards against, another window
 * keeping a handle on ours, needs a session or private state to abuse; this site has neither. Add
 * it back if the site ever gets accounts. Clickjacking stays blocked (frame-ancestors,
 * X-Frame-Options).
 */
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import type { FastifyHelmetOptions } from "@fastify/helmet";

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
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(m[2] ?? "", "utf8")
        .digest("base64")}'`,
    );
  }
  return [...hashes].sort();
}

/** The inline-script hashes of HTML files, recomputed when a file changes. */
export class ScriptHashes {
  private readonly cache = new Map<string, { mtimeMs: number; size: number; hashes: string[] }>();

  of(path: string): string[] {
    const st = statSync(path);
    const hit = this.cache.get(path);
    if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size) return hit.hashes;
    const hashes = inlineScriptHashes(readFileSync(path, "utf8"));
    this.cache.set(path, { mtimeMs: st.mtimeMs, size: st.size, hashes });
    return hashes;
  }
}

/** Not covered by helmet. */
export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";

/**
 * helmet's options: the headers every response carries. `scriptHashes(url)` gives the hashes of
 * the page a request's URL is served from ([] for anything else); `connectSrc`, origins besides
 * 'self' the pages may post to (an external enquiry endpoint).
 */
export function helmetOptions(scriptHashes: (url: string) => string[], connectSrc: string[] = []): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [(req) => ["'self'", ...scriptHashes(req.url ?? "/")].join(" ")],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'", "data:"],
        mediaSrc: ["'self'"],
        connectSrc: ["'self'", ...connectSrc],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginResourcePolicy: { policy: "same-origin" },
    xFrameOptions: { action: "deny" },
    crossOriginOpenerPolicy: false,
    crossOriginEmbedderPolicy: false,
    // Headers this server has never sent; left off so that a change of library changes nothing visitors get.
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  };
}

/**
 * The same headers for the few answers Node writes itself, before Fastify (and helmet) sees the
 * request: one it cannot parse. Nothing in them may run or be framed.
 */
export const RAW_ERROR_HEADERS: Record<string, string> = {
  "Content-Security-Policy": "default-src 'none';frame-ancestors 'none'",
  "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": PERMISSIONS_POLICY,
};
