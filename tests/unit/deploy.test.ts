/**
 * Files generated at build from the route list: the sitemap lists exactly the
 * public routes, and the nginx include and _redirects rules match the routes.
 * Also the page rewrite that defers the scripts until after load.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { routePaths } from "@/content/routes";
import { deployRoutes } from "@/deploy/post-build";
import {
  headersFile,
  htmlFileOf,
  nginxInclude,
  nginxPageRoutes,
  redirectsFile,
  robotsTxt,
  sitemapXml,
  sitePolicies,
  type SitePolicies,
} from "@/deploy/outputs";
import { contentSecurityPolicy, inlineScriptHashes, SECURITY_HEADERS, SITE_MEDIA_CSP } from "@/deploy/security-headers";
import { bootScript, bootSource, deferScripts, EXTERNALIZE_OVER } from "@/deploy/defer-scripts";
import { copySite, repoRoot, type SiteCopy } from "../helpers/site-copy";

let site: SiteCopy | undefined;
afterEach(() => site?.remove());

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe("sitemap.xml", () => {
  it("lists exactly the public routes: every page and service page but noindex ones (/thank-you)", () => {
    const { siteUrl, routes, indexable } = deployRoutes(repoRoot);
    expect(routes).toEqual(routePaths(repoRoot));
    expect(indexable).toEqual(routes.filter((r) => r !== "/thank-you"));
    expect(locs(sitemapXml(siteUrl, indexable))).toEqual(indexable.map((r) => `https://www.vistaartechnologies.in${r}`));
  });
  it("follows the content: a new page is listed, a page marked noindex is not", () => {
    site = copySite();
    site.write(
      "pages/careers.json",
      site.read("pages/thank-you.json").replace('"Thank You | Vistaar Technologies"', '"Careers | Vistaar Technologies"').replace(',\n  "noindex": true', ""),
    );
    site.edit("pages/about-us.json", (t) => t.replace('"sections": [', '"noindex": true,\n  "sections": ['));
    const { indexable } = deployRoutes(site.root);
    expect(indexable).toContain("/careers");
    expect(indexable).not.toContain("/about-us");
    expect(indexable).not.toContain("/thank-you");
  });
  it("robots.txt points at the sitemap", () => {
    expect(robotsTxt("https://example.com")).toContain("Sitemap: https://example.com/sitemap.xml");
  });
});

describe("rules for other hosts match the route list", () => {
  const routes = routePaths(repoRoot);
  // A policy per page as the build makes them (each naming its route here, to tell them apart).
  const policies: SitePolicies = { pages: new Map(routes.map((r) => [r, contentSecurityPolicy([`'sha256-${r}'`])])), other: contentSecurityPolicy([]) };
  it("nginx: one exact location per route, serving its pre-rendered HTML, and the same 301s, caching and security headers as the server", () => {
    const conf = nginxInclude(routes, policies);
    expect(nginxPageRoutes(conf)).toEqual(routes.map((r) => ({ route: r, file: `/${htmlFileOf(r)}` })));
    expect(conf).toMatch(/^location = \/about-us\/ \{ absolute_redirect off; .* return 301 \/about-us\$is_args\$args; \}$/m);
    expect(conf).not.toContain("location = //");
    expect(conf).toMatch(/^location \/ \{ absolute_redirect off; .* return 301 \/; \}$/m);
    // Assets: a year, and the gzip copies the build wrote (src/deploy/precompress.ts) sent as they are.
    expect(conf).toMatch(
      /location \^~ \/assets\/ \{ gzip_static on; absolute_redirect off; add_header Cache-Control "public, max-age=31536000, immutable" always;/,
    );
    // Every location sets every header (a location's add_header replaces the server block's), and never redirects by Host.
    const locations = conf.split("\n").filter((l) => l.startsWith("location "));
    for (const location of locations) {
      expect(location).toContain("absolute_redirect off;");
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(location, name).toContain(`add_header ${name} "${value}" always;`);
      expect(location).toContain("add_header Content-Security-Policy ");
    }
    for (const r of routes)
      expect(conf).toContain(
        `location = ${r} { gzip_static on; absolute_redirect off; add_header Cache-Control "public, max-age=0, must-revalidate" always; add_header Content-Security-Policy "${policies.pages.get(r)}" always;`,
      );
    expect(conf).toMatch(
      new RegExp(`^location ~ \\^/media/.*add_header Content-Security-Policy "${SITE_MEDIA_CSP.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}" always;`, "m"),
    );
  });
  it("_headers: the security headers for every path; each page its own policy, in rules that never overlap; media sandboxed", () => {
    const rules = new Map<string, string[]>();
    let current = "";
    for (const line of headersFile(routes, policies).split("\n")) {
      if (line.startsWith("/")) {
        current = line;
        rules.set(current, []);
      } else if (line.startsWith("  ")) rules.get(current)!.push(line.trim());
    }
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(rules.get("/*")).toContain(`${name}: ${value}`);
    expect(rules.get("/*")!.some((h) => h.startsWith("Content-Security-Policy"))).toBe(false);
    expect(rules.get("/media/*")).toContain(`Content-Security-Policy: ${SITE_MEDIA_CSP}`);
    expect(rules.get("/assets/*")).toContain(`Content-Security-Policy: ${policies.other}`);
    for (const r of routes) {
      expect(rules.get(r), r).toEqual([`Content-Security-Policy: ${policies.pages.get(r)}`]);
      expect(rules.get(`/${htmlFileOf(r)}`), r).toEqual([`Content-Security-Policy: ${policies.pages.get(r)}`]);
    }
  });
  it("each page's policy lists the hashes of its own inline scripts, read from the built HTML; the enquiry endpoint's origin may be posted to", () => {
    const dir = mkdtempSync(join(tmpdir(), "policies-"));
    try {
      mkdirSync(join(dir, "about-us"));
      writeFileSync(join(dir, "index.html"), "<html><body><script>home()</script></body></html>");
      writeFileSync(join(dir, "about-us", "index.html"), "<html><body><script>about()</script><script>two()</script></body></html>");
      const built = sitePolicies(dir, ["/", "/about-us"], ["https://mail.example.com"]);
      expect(built.pages.get("/")).toContain(`script-src 'self' ${inlineScriptHashes("<script>home()</script>").join(" ")};`);
      expect(built.pages.get("/about-us")).toContain(`script-src 'self' ${inlineScriptHashes("<script>about()</script><script>two()</script>").join(" ")};`);
      expect(built.other).toContain("script-src 'self';");
      expect(built.other).toContain("connect-src 'self' https://mail.example.com;");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it("_redirects: each route (but /) rewritten to its HTML, then everything else 301 to home", () => {
    const rules = redirectsFile(routes)
      .split("\n")
      .filter((l) => l && !l.startsWith("#"))
      .map((l) => l.split(/\s+/));
    expect(rules.slice(0, -1)).toEqual(routes.filter((r) => r !== "/").map((r) => [r, `/${r.slice(1)}/index.html`, "200"]));
    expect(rules.at(-1)).toEqual(["/*", "/", "301"]);
  });
});

const PAGE = (data: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><link rel="modulepreload" href="/assets/vendor-DDDDDDDD.js"/><script type="application/ld+json">{"@type":"Organization"}</script></head>` +
  `<body><main>x</main><script>window.__reactRouterContext = {};</script><script type="module" async="">import "/assets/root-AAAAAAAA.js";</script>` +
  `<!--$--><script>${data}</script><!--$--><script>window.__reactRouterContext.streamController.close();</script><!--/$--><!--/$--></body></html>`;

describe("deferred scripts", () => {
  const urls: string[] = [];
  const defer = (html: string) =>
    deferScripts(html, (_code, n) => {
      urls.push(`/assets/page-data/p-${n}.js`);
      return `/assets/page-data/p-${n}.js`;
    });

  it("puts every script and module preload, unchanged, in an inert <template data-deferred>, and leaves JSON-LD alone", () => {
    const { html, files } = defer(PAGE('window.__reactRouterContext.streamController.enqueue("[1]");'));
    expect(files).toEqual([]);
    expect(html).toContain('<template data-deferred><link rel="modulepreload" href="/assets/vendor-DDDDDDDD.js"/></template>');
    expect(html).toContain("<template data-deferred><script>window.__reactRouterContext = {};</script></template>");
    expect(html).toContain('<template data-deferred><script type="module" async="">import "/assets/root-AAAAAAAA.js";</script></template>');
    expect(html).toContain('<template data-deferred><script>window.__reactRouterContext.streamController.enqueue("[1]");</script></template>');
    // Nothing else changes: without the templates and the boot script, the page is what React wrote.
    expect(html.replace(/<\/?template[^>]*>/g, "").replace(`<script>${bootScript()}</script>`, "")).toBe(
      PAGE('window.__reactRouterContext.streamController.enqueue("[1]");'),
    );
    expect(html).toContain('<script type="application/ld+json">{"@type":"Organization"}</script>');
    // Outside the templates only the JSON-LD block and the boot script remain.
    const live = html.replace(/<template data-deferred>[\s\S]*?<\/template>/g, "");
    expect(live.match(/<script\b[^>]*>/g)).toEqual(['<script type="application/ld+json">', "<script>"]);
    expect(live).not.toContain("modulepreload");
  });
  it("moves a big inline script (the route data) to a file, in its place", () => {
    const data = `window.__reactRouterContext.streamController.enqueue(${JSON.stringify("x".repeat(EXTERNALIZE_OVER))});`;
    const { html, files } = defer(PAGE(data));
    expect(files).toEqual([{ url: urls.at(-1), code: data }]);
    expect(html).toContain(`<template data-deferred><script src="${urls.at(-1)}"></script></template>`);
    expect(html).not.toContain("xxxx");
  });
  it("ends the body with the boot script, which starts after load and the next frame, and parses as JavaScript", () => {
    const { html } = defer(PAGE("1;"));
    const boot = bootScript();
    expect(html).toContain(`<script>${boot}</script></body>`);
    const source = bootSource();
    expect(source).toContain('addEventListener("load", afterPaint, { once: true })');
    expect(source).toContain("setTimeout(start, options.startAfterMs)");
    expect(source).toContain('"startAfterMs":3000');
    // Minified (docs/performance.md has the bytes): much shorter than its source, no comment left.
    expect(boot.length).toBeLessThan(source.length * 0.6);
    expect(boot).not.toMatch(/\/\*|\/\/ /);
    // Parsed, not run: a syntax error here would leave every page without React.
    expect(() => new Function(boot)).not.toThrow();
  });
  it("refuses a page without scripts (not one React Router wrote)", () => {
    expect(() => defer("<!DOCTYPE html><html><head></head><body><main>x</main></body></html>")).toThrow(/no script to defer/);
  });
});
