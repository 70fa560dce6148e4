/**
 * The last step of `npm run build` (react-router.config.ts buildEnd): defers every page's scripts
 * until after it has loaded (src/deploy/defer-scripts.ts), writes the sitemap, robots.txt, the
 * static-host and nginx rules (src/deploy/outputs.ts) and the facts the server needs
 * (src/deploy/site-facts.ts), all from the one loaded site; then the pre-compressed copies of the
 * assets, pages and page data (src/deploy/precompress.ts).
 */
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadSite, type Site } from "../content/site.ts";
import { routePaths } from "../content/routes.ts";
import { eachLimited, pageBrotliQuality, precompress, precompressData } from "./precompress.ts";
import { DEFERRED_DIR, processPage } from "./page-job.ts";
import { headersFile, htmlFileOf, nginxInclude, redirectsFile, robotsTxt, sitemapXml } from "./outputs.ts";
import { writeSiteFacts } from "./site-facts.ts";
import { filesByHash, picturePaths } from "../images/facts.ts";
import { imageCacheDir, writeVariants, type EncodeReport } from "../images/encode.ts";
import { IMAGE_DIR, variantOf, type Variant } from "../images/slots.ts";

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

export interface PostBuildResult {
  pages: number;
  /** How long the pages took (scripts deferred, written, compressed), ms; the assets and page data are compressed meanwhile. */
  timings: { pagesMs: number };
  /** Assets written pre-compressed, and their total size: raw, Brotli, gzip. */
  compressed: { files: number; size: number; br: number; gzip: number };
  /** The picture copies the pages name, written to assets/img/. */
  images: EncodeReport;
}

/** Each picture copy the pages name, with the file in public/ it is made from (found by the hash in its name). */
async function wantedCopies(root: string, site: Site, urls: Iterable<string>): Promise<Map<string, { source: string; variant: Variant }>> {
  const byHash = await filesByHash(join(root, "public"), picturePaths([site.settings, site.collections, site.pages, site.servicePages]));
  const wanted = new Map<string, { source: string; variant: Variant }>();
  for (const url of urls) {
    const variant = variantOf(url);
    const source = variant && byHash.get(variant.hash);
    if (!variant || !source) throw new Error(`A page names the picture ${url}, which no picture in public/ that content uses makes.`);
    wanted.set(url, { source, variant });
  }
  return wanted;
}

export async function postBuild(root: string, buildDir = join(root, "dist")): Promise<PostBuildResult> {
  const clientDir = join(buildDir, "client");
  const site = validSite(root);
  const { siteUrl, routes, indexable } = deployRoutes(root, site);
  const deferredDir = join(clientDir, DEFERRED_DIR);
  rmSync(deferredDir, { recursive: true, force: true });
  mkdirSync(deferredDir, { recursive: true });
  const pageFiles = routes.map((route) => {
    const file = join(clientDir, htmlFileOf(route));
    if (!existsSync(file)) throw new Error(`The build has no page for ${route} (${file}).`);
    return { route, file };
  });
  const started = performance.now();
  const quality = pageBrotliQuality(pageFiles.reduce((total, { file }) => total + statSync(file).size, 0));
  // The assets (Zopfli, on this thread) and the page data are compressed while the pages are done.
  const assets = precompress(join(clientDir, "assets"));
  const data = precompressData(clientDir, quality);
  // Each page once: read, scripts deferred, written, and compressed from memory (parse5 works on
  // this thread while the compressors of the pages before it run on the thread pool).
  const pagesDone = await eachLimited(
    pageFiles.map(({ route, file }) => ({ route, file, clientDir, quality })),
    8,
    processPage,
  );
  const pagesMs = performance.now() - started;
  // The picture copies the pages name: from the cache, or encoded now (src/images/encode.ts).
  const wanted = await wantedCopies(root, site, new Set(pagesDone.flatMap((p) => p.imageUrls)));
  const images = await writeVariants(wanted, imageCacheDir(root), join(clientDir, IMAGE_DIR));
  writeFileSync(join(clientDir, "sitemap.xml"), sitemapXml(siteUrl, indexable));
  writeFileSync(join(clientDir, "robots.txt"), robotsTxt(siteUrl));
  writeFileSync(join(clientDir, "_redirects"), redirectsFile(routes));
  writeFileSync(join(clientDir, "_headers"), headersFile());
  mkdirSync(join(buildDir, "deploy"), { recursive: true });
  writeFileSync(join(buildDir, "deploy", "nginx.conf"), nginxInclude(routes));
  writeSiteFacts(buildDir, site, routes);
  const done = [...(await assets), ...pagesDone.flatMap((p) => p.compressed), ...(await data)];
  const sum = (f: (d: (typeof done)[number]) => number) => done.reduce((total, d) => total + f(d), 0);
  return {
    pages: routes.length,
    timings: { pagesMs },
    images,
    compressed: { files: done.length, size: sum((d) => d.size), br: sum((d) => d.br), gzip: sum((d) => d.gzip) },
  };
}
