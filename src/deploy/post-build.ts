/**
 * The last step of `npm run build` (react-router.config.ts buildEnd): rewrites
 * every pre-rendered page for speed (src/deploy/html.ts) and writes the
 * sitemap, robots.txt and the static-host and nginx rules
 * (src/deploy/outputs.ts), all from the same route list as the build; then
 * writes the pre-compressed copies of the assets (src/deploy/precompress.ts).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadSite } from "../content/load.ts";
import { routePaths } from "../content/routes-config.ts";
import { deferHydration, extractRouteData, holdPaintUntilParsed, inlineStylesheets } from "./html.ts";
import { precompress } from "./precompress.ts";
import { headersFile, htmlFileOf, nginxInclude, redirectsFile, robotsTxt, sitemapXml } from "./outputs.ts";

export interface DeployRoutes {
  siteUrl: string;
  /** Every route that is built. */
  routes: string[];
  /** The routes search engines may list: all but noindex pages. */
  indexable: string[];
}

export function deployRoutes(root: string): DeployRoutes {
  const site = loadSite(root);
  if (!site.settings) throw new Error("site-config/settings.json is invalid: run npm run validate.");
  const routes = routePaths(root);
  const hidden = new Set(site.pages.filter((p) => p.doc?.noindex).map((p) => p.path));
  return { siteUrl: site.settings.siteUrl, routes, indexable: routes.filter((r) => !hidden.has(r)) };
}

/** Where each page's route data goes (under /assets/: cached for a year, so the name carries a hash of the content). */
const PAGE_DATA_DIR = "assets/page-data";

/** `/services/rpa` -> `services-rpa-1a2b3c4d.json`, `/` -> `index-….json`. */
function pageDataName(route: string, data: string): string {
  const slug = route === "/" ? "index" : route.slice(1).replace(/\//g, "-");
  return `${slug}-${createHash("sha256").update(data).digest("hex").slice(0, 8)}.json`;
}

export interface PostBuildResult {
  pages: number;
  inlinedCss: string[];
  /** Assets written pre-compressed, and their total size: raw, Brotli, gzip. */
  compressed: { files: number; size: number; br: number; gzip: number };
}

export async function postBuild(root: string, buildDir = join(root, "dist")): Promise<PostBuildResult> {
  const clientDir = join(buildDir, "client");
  const { siteUrl, routes, indexable } = deployRoutes(root);
  const cssCache = new Map<string, string>();
  const readCss = (href: string) => {
    if (!cssCache.has(href)) cssCache.set(href, readFileSync(join(clientDir, href), "utf8"));
    return cssCache.get(href)!;
  };
  const inlined = new Set<string>();
  const dataDir = join(clientDir, PAGE_DATA_DIR);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  for (const route of routes) {
    const file = join(clientDir, htmlFileOf(route));
    if (!existsSync(file)) throw new Error(`The build has no page for ${route} (${file}).`);
    const styled = inlineStylesheets(readFileSync(file, "utf8"), readCss);
    styled.inlined.forEach((href) => inlined.add(href));
    const { html, data } = extractRouteData(styled.html);
    const name = pageDataName(route, data);
    writeFileSync(join(dataDir, name), data);
    writeFileSync(file, holdPaintUntilParsed(deferHydration(html, `/${PAGE_DATA_DIR}/${name}`)));
  }
  writeFileSync(join(clientDir, "sitemap.xml"), sitemapXml(siteUrl, indexable));
  writeFileSync(join(clientDir, "robots.txt"), robotsTxt(siteUrl));
  writeFileSync(join(clientDir, "_redirects"), redirectsFile(routes));
  writeFileSync(join(clientDir, "_headers"), headersFile());
  mkdirSync(join(buildDir, "deploy"), { recursive: true });
  writeFileSync(join(buildDir, "deploy", "nginx.conf"), nginxInclude(routes));
  const done = await precompress(join(clientDir, "assets"));
  const sum = (f: (d: (typeof done)[number]) => number) => done.reduce((total, d) => total + f(d), 0);
  return { pages: routes.length, inlinedCss: [...inlined], compressed: { files: done.length, size: sum((d) => d.size), br: sum((d) => d.br), gzip: sum((d) => d.gzip) } };
}
