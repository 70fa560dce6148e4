/**
 * The last step of `npm run build` (react-router.config.ts buildEnd): rewrites
 * every pre-rendered page for speed (src/deploy/html.ts) and writes the
 * sitemap, robots.txt and the static-host and nginx rules
 * (src/deploy/outputs.ts), all from the same route list as the build; then
 * writes the pre-compressed copies of the assets (src/deploy/precompress.ts).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadSite } from "../content/load.ts";
import { routePaths } from "../content/routes-config.ts";
import { deferHydration, holdPaintUntilParsed, inlineStylesheets } from "./html.ts";
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
  for (const route of routes) {
    const file = join(clientDir, htmlFileOf(route));
    if (!existsSync(file)) throw new Error(`The build has no page for ${route} (${file}).`);
    const styled = inlineStylesheets(readFileSync(file, "utf8"), readCss);
    styled.inlined.forEach((href) => inlined.add(href));
    writeFileSync(file, holdPaintUntilParsed(deferHydration(styled.html)));
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
