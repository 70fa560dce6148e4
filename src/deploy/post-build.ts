/**
 * The last step of `npm run build` (react-router.config.ts buildEnd): defers every page's scripts
 * until after it has loaded (src/deploy/defer-scripts.ts), writes the sitemap, robots.txt, the
 * static-host and nginx rules (src/deploy/outputs.ts) and the facts the server needs
 * (src/deploy/site-facts.ts), all from the one loaded site; then the pre-compressed copies of the
 * assets, pages and page data (src/deploy/precompress.ts).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadSite, type Site } from "../content/site.ts";
import { routePaths } from "../content/routes.ts";
import { deferScripts } from "./defer-scripts.ts";
import { precompress, precompressPages } from "./precompress.ts";
import { headersFile, htmlFileOf, nginxInclude, redirectsFile, robotsTxt, sitemapXml } from "./outputs.ts";
import { writeSiteFacts } from "./site-facts.ts";

export interface DeployRoutes {
  siteUrl: string;
  /** Every route that is built. */
  routes: string[];
  /** The routes search engines may list: all but noindex pages. */
  indexable: string[];
}

/** The site to deploy; a build validates it before anything else, so errors here mean it was skipped. */
function validSite(root: string): Site {
  const { site } = loadSite(root);
  if (!site) throw new Error("site-config/ has errors: run npm run validate.");
  return site;
}

export function deployRoutes(root: string, site: Site = validSite(root)): DeployRoutes {
  const routes = routePaths(root, { drafts: false });
  const hidden = new Set(site.pages.filter((p) => p.noindex).map((p) => p.path));
  return { siteUrl: site.settings.siteUrl, routes, indexable: routes.filter((r) => !hidden.has(r)) };
}

/** Where scripts taken out of the pages go (under /assets/: cached for a year, so the name carries a hash of the code). */
const DEFERRED_DIR = "assets/page-data";

/** `/services/rpa` -> `services-rpa-1a2b3c4d.js`, `/` -> `index-….js`. */
function deferredName(route: string, code: string, n: number): string {
  const slug = route === "/" ? "index" : route.slice(1).replace(/\//g, "-");
  return `${slug}${n > 0 ? `-${n + 1}` : ""}-${createHash("sha256").update(code).digest("hex").slice(0, 8)}.js`;
}

export interface PostBuildResult {
  pages: number;
  /** Assets written pre-compressed, and their total size: raw, Brotli, gzip. */
  compressed: { files: number; size: number; br: number; gzip: number };
}

export async function postBuild(root: string, buildDir = join(root, "dist")): Promise<PostBuildResult> {
  const clientDir = join(buildDir, "client");
  const site = validSite(root);
  const { siteUrl, routes, indexable } = deployRoutes(root, site);
  const deferredDir = join(clientDir, DEFERRED_DIR);
  rmSync(deferredDir, { recursive: true, force: true });
  mkdirSync(deferredDir, { recursive: true });
  for (const route of routes) {
    const file = join(clientDir, htmlFileOf(route));
    if (!existsSync(file)) throw new Error(`The build has no page for ${route} (${file}).`);
    const { html, files } = deferScripts(readFileSync(file, "utf8"), (code, n) => `/${DEFERRED_DIR}/${deferredName(route, code, n)}`);
    for (const f of files) writeFileSync(join(clientDir, f.url), f.code);
    writeFileSync(file, html);
  }
  writeFileSync(join(clientDir, "sitemap.xml"), sitemapXml(siteUrl, indexable));
  writeFileSync(join(clientDir, "robots.txt"), robotsTxt(siteUrl));
  writeFileSync(join(clientDir, "_redirects"), redirectsFile(routes));
  writeFileSync(join(clientDir, "_headers"), headersFile());
  mkdirSync(join(buildDir, "deploy"), { recursive: true });
  writeFileSync(join(buildDir, "deploy", "nginx.conf"), nginxInclude(routes));
  writeSiteFacts(buildDir, site, routes);
  const done = [...(await precompress(join(clientDir, "assets"))), ...(await precompressPages(clientDir))];
  const sum = (f: (d: (typeof done)[number]) => number) => done.reduce((total, d) => total + f(d), 0);
  return { pages: routes.length, compressed: { files: done.length, size: sum((d) => d.size), br: sum((d) => d.br), gzip: sum((d) => d.gzip) } };
}
