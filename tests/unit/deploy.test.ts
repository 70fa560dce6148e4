/**
 * Files generated at build from the route list: the sitemap lists exactly the
 * public routes, and the nginx include and _redirects rules match the routes.
 * Also the page rewrite that defers hydration.
 */
import { afterEach, describe, expect, it } from "vitest";
import { routePaths } from "@/content/routes-config";
import { deployRoutes } from "@/deploy/post-build";
import { htmlFileOf, nginxInclude, nginxPageRoutes, redirectsFile, robotsTxt, sitemapXml } from "@/deploy/outputs";
import { bootScript, deferHydration, extractRouteData, holdPaintUntilParsed, inlineStylesheets, parseModuleScript } from "@/deploy/html";
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
    site.write("pages/careers.json", site.read("pages/thank-you.json").replace('"Thank You | Vistaar Technologies"', '"Careers | Vistaar Technologies"').replace(',\n  "noindex": true', ""));
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
  it("nginx: one exact location per route, serving its pre-rendered HTML, and the same 301s and caching as the server", () => {
    const conf = nginxInclude(routes);
    expect(nginxPageRoutes(conf)).toEqual(routes.map((r) => ({ route: r, file: `/${htmlFileOf(r)}` })));
    expect(conf).toContain("location ~ ^(.+?)/+$ { return 301 $1$is_args$args; }");
    expect(conf).toContain("location / { return 301 /; }");
    // Assets: a year, and the gzip copies the build wrote (src/deploy/precompress.ts) sent as they are.
    expect(conf).toMatch(/location \^~ \/assets\/ \{ gzip_static on; add_header Cache-Control "public, max-age=31536000, immutable" always;/);
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

const MODULE_SCRIPT = `import "/assets/manifest-abc.js";
import * as route0 from "/assets/root-AAAAAAAA.js";
import * as route1 from "/assets/page-BBBBBBBB.js";
  
  window.__reactRouterRouteModules = {"root":route0,"page-about-us":route1};

import("/assets/entry.client-CCCCCCCC.js");`;

describe("deferred hydration", () => {
  it("reads React Router's module script", () => {
    expect(parseModuleScript(MODULE_SCRIPT)).toEqual({
      sideEffects: ["/assets/manifest-abc.js"],
      routes: [
        { id: "root", url: "/assets/root-AAAAAAAA.js" },
        { id: "page-about-us", url: "/assets/page-BBBBBBBB.js" },
      ],
      entry: "/assets/entry.client-CCCCCCCC.js",
      preloads: [],
    });
  });
  it("refuses a module script of another shape, so a React Router upgrade cannot ship pages that never hydrate", () => {
    expect(() => parseModuleScript(MODULE_SCRIPT + "\nwindow.somethingNew = 1;")).toThrow(/Unexpected React Router module script/);
  });
  it("replaces the module script and modulepreload links with one plain inline script that waits for load", () => {
    const html = `<head><link rel="modulepreload" href="/assets/vendor-DDDDDDDD.js"/></head><body><script type="module" async="">${MODULE_SCRIPT}</script></body>`;
    const out = deferHydration(html);
    expect(out).not.toContain('type="module"');
    expect(out).not.toContain("modulepreload\" href");
    expect(out.match(/<script>/g)).toHaveLength(1);
    // After `load` and the frame that follows it: no script download competes with the first paint.
    expect(out).toContain('addEventListener("load",afterPaint,{once:true})');
    expect(out).toContain("requestAnimationFrame(function(){setTimeout(boot,0);})");
    expect(out).toContain("setTimeout(boot,3000)");
    expect(out).toContain('"/assets/vendor-DDDDDDDD.js"');
    expect(out).toContain("Loading chunk ");
  });
  it("moves the route data React Router inlines out of the page, and the boot script fetches it", () => {
    const tail = `<script>window.__reactRouterContext.streamController.enqueue("[{\\"_1\\":2},\\"a\\u003cb\\"]\\n");</script><!--$--><script>window.__reactRouterContext.streamController.enqueue("[3]\\n");</script><!--$--><script>window.__reactRouterContext.streamController.close();</script><!--/$--><!--/$-->`;
    const html = `<body><main>x</main><script type="module" async="">${MODULE_SCRIPT}</script>${tail}</body>`;
    const { html: rest, data } = extractRouteData(html);
    expect(data).toBe('[{"_1":2},"a<b"]\n[3]\n');
    expect(rest).not.toContain("streamController");
    const out = deferHydration(rest, "/assets/page-data/about-us-0123abcd.json");
    expect(out).toContain('data="/assets/page-data/about-us-0123abcd.json"');
    expect(out.match(/<script>/g)).toHaveLength(1);
    expect(() => extractRouteData("<body><main>x</main></body>")).toThrow(/No React Router route data/);
  });
  it("the boot script is valid JavaScript", () => {
    // Parsed, not run: a syntax error here would leave every page without React.
    expect(() => new Function(bootScript(parseModuleScript(MODULE_SCRIPT)).replace(/\bimport\(/g, "Promise.resolve("))).not.toThrow();
    expect(() => new Function(bootScript({ ...parseModuleScript(MODULE_SCRIPT), data: "/assets/page-data/x-0123abcd.json" }).replace(/\bimport\(/g, "Promise.resolve("))).not.toThrow();
  });
  it("holds the first frame until the footer is reached, with a link right after the charset", () => {
    const html = '<head><meta charSet="utf-8"/><title>x</title></head><body><main id="main">hi</main><footer id="site-footer"></footer></body>';
    expect(holdPaintUntilParsed(html)).toBe('<head><meta charSet="utf-8"/><link rel="expect" href="#site-footer" blocking="render"/><title>x</title></head><body><main id="main">hi</main><footer id="site-footer"></footer></body>');
    expect(() => holdPaintUntilParsed(html.replace(' id="site-footer"', ""))).toThrow(/no element with id="site-footer"/);
  });
  it("inlines small stylesheets only", () => {
    const html = '<head><link rel="stylesheet" href="/assets/app-X.css"/></head>';
    expect(inlineStylesheets(html, () => "a{color:red}").html).toBe("<head><style>a{color:red}</style></head>");
    expect(inlineStylesheets(html, () => "a{}".repeat(30_000)).html).toBe(html);
  });
});
