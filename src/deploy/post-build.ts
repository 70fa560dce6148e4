/**
 * The last step of `npm run build` (react-router.config.ts buildEnd): waits for the page pipeline,
 * which deferred every page's scripts and compressed the pages and page data while they were
 * pre-rendered (src/deploy/page-pipeline.ts), and checks it finished every route; writes the
 * picture copies the pages name, the sitemap, robots.txt, the static-host and nginx rules
 * (src/deploy/outputs.ts) and the facts the server needs (src/deploy/site-facts.ts), all from the
 * one loaded site; then the pre-compressed copies of the assets (src/deploy/precompress.ts).
 */
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { buildSite, type Site } from "../content/site.ts";
import { filesUnder, writeNewFile } from "../lib/files.ts";
import { type Precompressed, precompress, precompressCacheDir } from "./precompress.ts";
import { codeHashes, publicHashes, writeRecord } from "./build-record.ts";
import type { PagePipelineApi } from "./vite-plugin.ts";
import { headersFile, htmlFileOf, nginxInclude, pageScriptHashes, redirectsFile, robotsTxt, sitemapXml, sitePolicies } from "./outputs.ts";
import { enquiryOrigins } from "./security-headers.ts";
import { writeSiteFacts } from "./site-facts.ts";
import { filesByHash, picturePaths } from "../images/facts.ts";
import { imageCacheDir, writeVariants, type EncodeReport } from "../images/encode.ts";
import { IMAGE_DIR, variantOf, type Variant } from "../images/slots.ts";

const SPA_FALLBACK = "__spa-fallback.html";

export interface DeployRoutes {
  siteUrl: string;
  /** Every route that is built. */
  routes: string[];
  /** The routes search engines may list: all but noindex pages. */
  indexable: string[];
}

/** The site to deploy; a build validates it before anything else, so errors here mean it was skipped. */
function validSite(root: string): Site {
  const { site } = buildSite(root);
  if (!site) throw new Error("site-config/ has errors: run npm run validate.");
  return site;
}

export function deployRoutes(root: string, site: Site = validSite(root)): DeployRoutes {
  const { routes } = buildSite(root);
  const hidden = new Set(site.pages.filter((p) => p.noindex).map((p) => p.path));
  return { siteUrl: site.settings.siteUrl, routes, indexable: routes.filter((r) => !hidden.has(r)) };
}

export interface PostBuildResult {
  pages: number;
  /** How long post-build waited for the page pipeline's last pages after the pre-render, and compressed the assets, ms. */
  timings: { pagesMs: number; assetsMs: number };
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

/**
 * The pages and page data files on disk (found, not derived from names) that the page pipeline did
 * not finish, relative to the client folder: every data file must be finished; of the HTML files,
 * as many as the pages the pipeline kept as rendered (React Router's fallback page) may stay so.
 */
export function unfinishedOutputs(clientDir: string, finished: { files: ReadonlySet<string>; repeats: number }): string[] {
  const left = filesUnder(clientDir, (folder) => folder === "assets")
    .map((file) => relative(clientDir, file).split(sep).join("/"))
    .filter((file) => (file.endsWith(".data") || file.endsWith(".html")) && !finished.files.has(file));
  const html = left.filter((file) => file.endsWith(".html"));
  return html.length <= finished.repeats ? left.filter((file) => file.endsWith(".data")) : left;
}

export async function postBuild(root: string, pipeline: PagePipelineApi | undefined, buildDir = join(root, "dist")): Promise<PostBuildResult> {
  const clientDir = join(buildDir, "client");
  const site = validSite(root);
  const { routes } = deployRoutes(root, site);
  const started = performance.now();
  const pages = await pipeline?.finish();
  if (!pages) throw new Error("The pages were pre-rendered without the page pipeline: is pagePipelineStart (src/deploy/vite-plugin.ts) in vite.config.ts?");
  const pagesMs = performance.now() - started;
  for (const route of routes) {
    const file = join(clientDir, htmlFileOf(route));
    if (!existsSync(file)) throw new Error(`The build has no page for ${route} (${file}).`);
    if (!pages.pages.has(route)) throw new Error(`The page for ${route} was written without its scripts deferred (src/deploy/page-pipeline.ts).`);
  }
  const unfinished = unfinishedOutputs(clientDir, pages);
  if (unfinished.length > 0)
    throw new Error(
      `The pre-render wrote ${unfinished.length === 1 ? "a file" : "files"} the page pipeline did not finish (scripts deferred, .br and .gz written): ${unfinished.join(", ")}. A React Router upgrade may have renamed or added them (src/deploy/page-pipeline.ts).`,
    );
  const fingerprints = pipeline?.fingerprints();
  if (!fingerprints)
    throw new Error("The build has no fingerprints of its pages' data (src/deploy/vite-plugin.ts): the next build could not tell what changed.");
  const finished = await finishSite(root, site, buildDir, { images: pages.imagesByRoute, fingerprints });
  return { ...finished, pages: routes.length, timings: { ...finished.timings, pagesMs }, compressed: sumCompressed([...finished.assets, ...pages.compressed]) };
}

function sumCompressed(done: readonly Precompressed[]): PostBuildResult["compressed"] {
  const sum = (f: (d: Precompressed) => number) => done.reduce((total, d) => total + f(d), 0);
  return { files: done.length, size: sum((d) => d.size), br: sum((d) => d.br), gzip: sum((d) => d.gzip) };
}

/**
 * What a build writes once its pages are: the picture copies they name (`images`, by route), the
 * sitemap, robots.txt, the static-host and nginx rules, the compressed assets, the facts the server
 * needs, and the record the next build starts from (build-record.ts). `stale`: picture copies an
 * earlier build wrote that no page names now (a build over an earlier one: incremental.ts).
 */
export async function finishSite(
  root: string,
  site: Site,
  buildDir: string,
  {
    images,
    fingerprints,
    stale = [],
    scripts = new Map(),
  }: {
    images: ReadonlyMap<string, readonly string[]>;
    fingerprints: { root: string; pages: ReadonlyMap<string, string> };
    stale?: readonly string[];
    /** The inline scripts' hashes of the pages not built again. */
    scripts?: ReadonlyMap<string, readonly string[]>;
  },
) {
  const clientDir = join(buildDir, "client");
  const { siteUrl, routes, indexable } = deployRoutes(root, site);
  // The assets: Zopfli on this thread, Brotli on the thread pool.
  const assetsStarted = performance.now();
  let assetsMs = 0;
  const assets = precompress(join(clientDir, "assets"), precompressCacheDir(root)).then((done) => {
    assetsMs = performance.now() - assetsStarted;
    return done;
  });
  // The picture copies the pages name: from the cache, or encoded now (src/images/encode.ts).
  const urls = new Set(routes.flatMap((route) => images.get(route) ?? []));
  const wanted = await wantedCopies(root, site, urls);
  for (const url of stale) if (!urls.has(url)) rmSync(join(clientDir, ...url.split("/")), { force: true });
  const encoded = await writeVariants(wanted, imageCacheDir(root), join(clientDir, IMAGE_DIR));
  // React Router's fallback page for addresses it did not pre-render: no host serves it (server/app.ts,
  // the nginx rules and _redirects send those home), and it would be the home page as last fully built.
  rmSync(join(clientDir, SPA_FALLBACK), { force: true });
  writeNewFile(join(clientDir, "sitemap.xml"), sitemapXml(siteUrl, indexable));
  writeNewFile(join(clientDir, "robots.txt"), robotsTxt(siteUrl));
  writeNewFile(join(clientDir, "_redirects"), redirectsFile(routes));
  // The pages are final here (the pipeline finished them): their inline scripts give each page's policy.
  const hashes = pageScriptHashes(clientDir, routes, scripts);
  const policies = sitePolicies(clientDir, routes, enquiryOrigins(site.settings.enquiry.endpoint), hashes);
  writeNewFile(join(clientDir, "_headers"), headersFile(routes, policies));
  mkdirSync(join(buildDir, "deploy"), { recursive: true });
  writeNewFile(join(buildDir, "deploy", "nginx.conf"), nginxInclude(routes, policies));
  const done = await assets;
  writeRecord(buildDir, {
    code: codeHashes(root),
    routes,
    root: fingerprints.root,
    pages: Object.fromEntries(
      routes.map((route) => {
        const data = fingerprints.pages.get(route);
        if (!data) throw new Error(`The build has no fingerprint of the data of ${route} (src/deploy/build-record.ts).`);
        return [route, { data, images: [...(images.get(route) ?? [])], scripts: [...(hashes.get(route) ?? [])] }];
      }),
    ),
    public: publicHashes(root),
  });
  // Last: `npm start` takes dist/site.json as the sign of a finished build (scripts/start.ts).
  writeSiteFacts(buildDir, site, routes);
  return { images: encoded, assets: done, timings: { assetsMs } };
}
