/**
 * The security headers the site is served with, in one place for every way it is served: the
 * production server (server/security.ts, through helmet), the nginx include and _headers (written
 * by the build, src/deploy/outputs.ts), and the dev server's files of public/
 * (builder/server/vite-plugin.ts).
 *
 * script-src stays strict ('self' plus hashes, never 'unsafe-inline' or 'unsafe-eval'). The built
 * pages carry inline scripts (React Router's, and the boot script) whose text changes with every
 * build, so nothing is hard-coded: a page's policy lists the SHA-256 of each inline script of its
 * HTML file. JSON blocks such as JSON-LD are data, never run, and need none.
 *
 * style-src allows inline styles: react-hot-toast injects a <style> tag and positions toasts with
 * style attributes.
 */
import { createHash } from "node:crypto";
import { type DefaultTreeAdapterTypes, parse } from "parse5";

/** The site's Content-Security-Policy by directive, for a response without inline scripts; `connectSrc`: origins besides 'self' pages may post to. */
export function cspDirectives(connectSrc: readonly string[] = []): Record<string, string[]> {
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'", "data:"],
    "media-src": ["'self'"],
    "connect-src": ["'self'", ...connectSrc],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
}

/** The policy as a header value, written as helmet writes it, allowing the inline scripts whose hashes are `scriptHashes`. */
export function contentSecurityPolicy(scriptHashes: readonly string[], connectSrc: readonly string[] = []): string {
  const directives = { ...cspDirectives(connectSrc), "script-src": ["'self'", ...scriptHashes] };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join(";");
}

/** Uploaded files (pictures, videos): opened by their address, nothing in them may run or load anything. */
export const MEDIA_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** MEDIA_CSP as the live site sends it: never framed either. */
export const SITE_MEDIA_CSP = `${MEDIA_CSP}; frame-ancestors 'none'`;

/** The folder of uploaded files, in the built site as in public/. */
export const MEDIA_DIR = "media";

export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";

/** The headers besides the policy, the same on every response. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Resource-Policy": "same-origin",
  "Permissions-Policy": PERMISSIONS_POLICY,
};

/** The origin of the enquiry endpoint set in settings.json, for connect-src ("" = this site: none). Throws on a value that is not an address. */
export const enquiryOrigins = (endpoint: string): string[] => (endpoint ? [new URL(endpoint).origin] : []);

type Node = DefaultTreeAdapterTypes.Node;

/** Every <script> element of `html` as the browser parses it, those inside <template> too. */
function scriptsOf(html: string): DefaultTreeAdapterTypes.Element[] {
  const found: DefaultTreeAdapterTypes.Element[] = [];
  const walk = (node: Node) => {
    if ("tagName" in node && node.tagName === "script") found.push(node);
    if ("childNodes" in node) for (const child of node.childNodes) walk(child);
    if ("content" in node && node.content) walk(node.content);
  };
  walk(parse(html));
  return found;
}

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const script of scriptsOf(html)) {
    const attr = (name: string) => script.attrs.find((a) => a.name === name)?.value;
    if (attr("src") !== undefined) continue;
    const type = attr("type")?.trim().toLowerCase() ?? "";
    // Data blocks (JSON, JSON-LD) are not executed and CSP does not apply to them.
    if (type.includes("json") && type !== "importmap" && type !== "speculationrules") continue;
    const text = script.childNodes.map((child) => ("value" in child && child.nodeName === "#text" ? child.value : "")).join("");
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...hashes].sort();
}
