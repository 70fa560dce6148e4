/**
 * Security headers, through @fastify/helmet: the site's policy and headers
 * (src/deploy/security-headers.ts, shared with the nginx include and _headers), with each page's
 * inline-script hashes computed once per file version.
 *
 * No Cross-Origin-Opener-Policy: it makes the first page of a visit wait for a fresh renderer
 * process (docs/performance.md measures the cost), and what it guards against, another window
 * keeping a handle on ours, needs a session or private state to abuse; this site has neither. Add
 * it back if the site ever gets accounts. Clickjacking stays blocked (frame-ancestors,
 * X-Frame-Options).
 */
import { readFileSync, statSync } from "node:fs";
import type { FastifyHelmetOptions } from "@fastify/helmet";
import { cspDirectives, inlineScriptHashes, PERMISSIONS_POLICY, SECURITY_HEADERS } from "../src/deploy/security-headers.ts";

export { inlineScriptHashes, PERMISSIONS_POLICY };

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

/**
 * helmet's options: the headers every response carries. `scriptHashes(url)` gives the hashes of
 * the page a request's URL is served from ([] for anything else); `connectSrc`, origins besides
 * 'self' the pages may post to (an external enquiry endpoint). Permissions-Policy, which helmet
 * does not set, is added by the server (server/app.ts).
 */
export function helmetOptions(scriptHashes: (url: string) => string[], connectSrc: string[] = []): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...cspDirectives(connectSrc), "script-src": [(req) => ["'self'", ...scriptHashes(req.url ?? "/")].join(" ")] },
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
  ...SECURITY_HEADERS,
};
