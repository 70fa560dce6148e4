/**
 * Lighthouse over the production server: every route N times (mobile preset,
 * simulated throttling), and the LCP of the site against its static twin
 * (the same HTML, CSS and media with every script removed) under devtools
 * throttling, runs interleaved site/twin.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { spawn, type ChildProcess } from "node:child_process";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { defaultTreeAdapter, parse, type DefaultTreeAdapterTypes } from "parse5";
import { htmlFileOf } from "../../src/deploy/outputs.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../chromium.ts";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
/** The enquiry form's lazy chunk, by file name: "EnquiryForm-….js", "enquiry-….js", "ContactForm-….js". */
export const isFormChunk = (file: string) => /enquir/i.test(file) || /Form\b|^form\b/.test(file);

export interface RunResult {
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Same-origin scripts requested during the run (URL paths). */
  scripts: string[];
  stylesheets: string[];
  /** SEO audits that failed (is-crawlable fails on a noindex page by design). */
  seoFailures: string[];
}

export interface RouteResult {
  route: string;
  runs: RunResult[];
  median: { scores: RunResult["scores"]; fcp: number; lcp: number; tbt: number; cls: number };
  /** Every script the Lighthouse runs saw, including chunks fetched on demand after hydration. */
  jsGzip: number;
  /** The scripts the page loads to hydrate (bootScripts): the initial JS. */
  initialScripts: string[];
  initialJsGzip: number;
  /** The same scripts as Chrome fetches them (it accepts Brotli). */
  initialJsBrotli: number;
  cssGzip: number;
  scripts: string[];
  formChunkRequests: string[];
  seoFailures: string[];
}

export interface TwinResult {
  route: string;
  site: number[];
  twin: number[];
  siteMedian: number;
  twinMedian: number;
  ratio: number;
  /** TBT of the twin (no JavaScript at all) under the same simulated throttling as the site's runs. */
  twinTbt: number[];
  twinTbtMedian: number;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  const [lower, upper] = [s[mid - 1], s[mid]];
  if (upper === undefined) return Number.NaN; // no values
  return s.length % 2 || lower === undefined ? upper : (lower + upper) / 2;
};

/** Starts the production server (server/main.ts) on a port; resolves when it answers. */
export async function startServer(root: string, clientDir: string | undefined, port: number): Promise<ChildProcess> {
  // Something already answering there (a server left by an interrupted bench) would be measured instead.
  const busy = await fetch(`http://127.0.0.1:${port}/`).then(
    () => true,
    () => false,
  );
  if (busy) throw new Error(`Port ${port} is already in use (a server left running by an earlier bench?). Stop it, or choose other ports with BENCH_PORT.`);
  const args = clientDir
    ? [
        "-e",
        `import("${join(root, "server", "app.ts")}").then(async ({ buildServer }) => { const app = await buildServer({ clientDir: ${JSON.stringify(clientDir)} }); await app.listen({ port: ${port}, host: "127.0.0.1" }); })`,
      ]
    : [join(root, "server", "main.ts")];
  const child = spawn(join(root, "node_modules", ".bin", "tsx"), args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let exited: number | null = null;
  child.on("exit", (code) => (exited = code ?? 1));
  for (let i = 0; i < 100; i++) {
    if (exited !== null) throw new Error(`The server for port ${port} exited (code ${exited}) before it answered; its error is above.`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`);
      if (res.ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error(`The server on port ${port} did not start`);
}

/** The static twin of the built site: a copy of dist/client whose pages have every <script> removed. */
export function makeTwin(clientDir: string, routes: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), "bench-twin-"));
  cpSync(clientDir, dir, { recursive: true });
  for (const route of routes) {
    const file = join(dir, htmlFileOf(route));
    const html = readFileSync(file, "utf8")
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
      .replace(/<link rel="modulepreload"[^>]*>/g, "");
    writeFileSync(file, html);
  }
  return dir;
}

/**
 * The machine's floor under TBT: a one-line page (no CSS, no script, no image) written into the
 * twin's folder, so the same server sends it the same way. Its Lighthouse runs still show TBT:
 * the only long task is the browser committing the navigation (a new V8 context, Lighthouse's own
 * injected scripts), which Lantern multiplies by 4 and counts after its FCP estimate, an estimate
 * that leaves that task out (docs/performance.md). What a site's TBT shows above this floor is
 * the site's own.
 */
const FLOOR_ROUTE = "/__bench-floor";
export function addFloorPage(dir: string): string {
  const file = join(dir, htmlFileOf(FLOOR_ROUTE));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bench floor: a one-line page</title><meta name="description" content="A page with one line of text, no CSS, no script and no image: what any page costs this machine."></head><body><p>Hello.</p></body></html>\n',
  );
  return FLOOR_ROUTE;
}

export const removeDir = (dir: string) => rmSync(dir, { recursive: true, force: true });

export async function launchChrome() {
  return chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS, logLevel: "silent" });
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

/** Lighthouse's own trace recording sometimes fails (NO_NAVSTART, NO_FCP) on a busy machine: such a run is repeated, up to 3 attempts. */
const ATTEMPTS = 3;

async function runLighthouse(url: string, port: number, flags: Record<string, unknown>): Promise<Lhr> {
  let last = "";
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      skipAudits: ["full-page-screenshot", "screenshot-thumbnails", "final-screenshot", "bf-cache"],
      disableFullPageScreenshot: true,
      ...flags,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!result.lhr.runtimeError) return result.lhr;
    last = `${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`;
    if (attempt < ATTEMPTS)
      console.warn(`  ${url}: Lighthouse failed to record (${result.lhr.runtimeError.code}); running it again (${attempt + 1}/${ATTEMPTS})`);
  }
  throw new Error(`Lighthouse could not load ${url} in ${ATTEMPTS} attempts: ${last}`);
}

const numeric = (lhr: Lhr, id: string) => lhr.audits[id]?.numericValue ?? NaN;

export async function auditRoute(origin: string, route: string, port: number): Promise<RunResult> {
  const lhr = await runLighthouse(origin + route, port, { onlyCategories: [...CATEGORIES] });
  const items = ((lhr.audits["network-requests"]?.details as { items?: { url: string; resourceType?: string }[] } | undefined)?.items ?? []).filter((i) =>
    i.url.startsWith(origin),
  );
  const path = (u: string) => new URL(u).pathname;
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as RunResult["scores"];
  return {
    scores,
    fcp: numeric(lhr, "first-contentful-paint"),
    lcp: numeric(lhr, "largest-contentful-paint"),
    tbt: numeric(lhr, "total-blocking-time"),
    cls: numeric(lhr, "cumulative-layout-shift"),
    scripts: [...new Set(items.filter((i) => i.resourceType === "Script").map((i) => path(i.url)))],
    stylesheets: [...new Set(items.filter((i) => i.resourceType === "Stylesheet").map((i) => path(i.url)))],
    seoFailures: (lhr.categories.seo?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id),
  };
}

/** Total Blocking Time alone, simulated throttling (the site runs' settings): for the script-free twin. */
export async function tbtSimulated(url: string, port: number): Promise<number> {
  // A page without any script sometimes gets no TBT at all (the audit errors, its value is missing),
  // which made the twin's median NaN: such a run is repeated, like a failed recording.
  let last = "";
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const lhr = await runLighthouse(url, port, { onlyAudits: ["total-blocking-time"] });
    const tbt = numeric(lhr, "total-blocking-time");
    if (Number.isFinite(tbt)) return tbt;
    last = lhr.audits["total-blocking-time"]?.errorMessage ?? "no value";
    if (attempt < ATTEMPTS) console.warn(`  ${url}: Lighthouse gave no TBT (${last}); running it again (${attempt + 1}/${ATTEMPTS})`);
  }
  throw new Error(`Lighthouse gave no TBT for ${url} in ${ATTEMPTS} attempts: ${last}`);
}

export async function lcpDevtools(url: string, port: number): Promise<number> {
  const lhr = await runLighthouse(url, port, { throttlingMethod: "devtools", onlyAudits: ["largest-contentful-paint"] });
  return numeric(lhr, "largest-contentful-paint");
}

/**
 * The bytes the server sends for a built file to a client accepting `encoding`: the copy the build
 * compressed ahead (x.js.gz / x.js.br, src/deploy/precompress.ts) when there is one, else what the
 * server makes per request (@fastify/compress: zlib's default gzip level, Brotli quality 4).
 * tests/e2e/navigation.spec.ts checks that the server sends those copies.
 */
function servedSize(clientDir: string, urlPath: string, encoding: "gzip" | "br"): number {
  const file = join(clientDir, urlPath);
  const ahead = `${file}.${encoding === "gzip" ? "gz" : "br"}`;
  if (existsSync(ahead)) return statSync(ahead).size;
  const data = readFileSync(file);
  return encoding === "gzip" ? gzipSync(data).length : brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length;
}
const gzipOf = (clientDir: string, urlPath: string) => servedSize(clientDir, urlPath, "gzip");

export function summarize(route: string, runs: RunResult[], clientDir: string): RouteResult {
  const scripts = [...new Set(runs.flatMap((r) => r.scripts))].sort();
  const sheets = [...new Set(runs.flatMap((r) => r.stylesheets))];
  const html = readFileSync(join(clientDir, htmlFileOf(route)), "utf8");
  const inlineCss = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? "").join("");
  const pick = (f: (r: RunResult) => number) => median(runs.map(f));
  return {
    route,
    runs,
    median: {
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, pick((r) => r.scores[c])])) as RunResult["scores"],
      fcp: pick((r) => r.fcp),
      lcp: pick((r) => r.lcp),
      tbt: pick((r) => r.tbt),
      cls: pick((r) => r.cls),
    },
    jsGzip: scripts.filter((s) => existsSync(join(clientDir, s))).reduce((sum, s) => sum + gzipOf(clientDir, s), 0),
    initialScripts: initialScripts(html, scripts, clientDir),
    initialJsGzip: initialScripts(html, scripts, clientDir).reduce((sum, s) => sum + gzipOf(clientDir, s), 0),
    initialJsBrotli: initialScripts(html, scripts, clientDir).reduce((sum, s) => sum + servedSize(clientDir, s, "br"), 0),
    cssGzip:
      (inlineCss ? gzipSync(inlineCss).length : 0) + sheets.filter((s) => existsSync(join(clientDir, s))).reduce((sum, s) => sum + gzipOf(clientDir, s), 0),
    scripts,
    formChunkRequests: scripts.filter((s) => isFormChunk(s.slice(s.lastIndexOf("/") + 1))),
    seoFailures: [...new Set(runs.flatMap((r) => r.seoFailures))],
  };
}

/**
 * The scripts a page loads to hydrate: the module preloads React Router writes for it (its
 * manifest, entry and route modules, with every chunk they import), which the build keeps in
 * <template data-deferred> until after load (src/deploy/defer-scripts.ts). Chunks imported later
 * on demand (the enquiry form when its section nears the viewport, keen-slider, aos) are not in it.
 */
export function bootScripts(html: string): string[] {
  const found = new Set<string>();
  const visit = (node: DefaultTreeAdapterTypes.ParentNode) => {
    for (const child of node.childNodes) {
      if (!defaultTreeAdapter.isElementNode(child)) continue;
      const attr = (name: string) => child.attrs.find((a) => a.name === name)?.value;
      const href = attr("href");
      if (child.tagName === "link" && attr("rel") === "modulepreload" && href) found.add(href);
      visit(child.tagName === "template" ? defaultTreeAdapter.getTemplateContent(child as DefaultTreeAdapterTypes.Template) : child);
    }
  };
  visit(parse(html));
  if (found.size === 0) throw new Error("No module preloads found in the page: has src/deploy/defer-scripts.ts or React Router changed how pages boot?");
  return [...found].sort();
}

/** The section types of this site: the component files under src/sections/<type>/, whose names the section chunks carry. */
const sectionComponents = (() => {
  const dir = join(import.meta.dirname, "../../src/sections");
  return new Set(
    readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .flatMap((d) =>
        readdirSync(join(dir, d.name))
          .filter((f) => f.endsWith(".tsx"))
          .map((f) => f.slice(0, -4)),
      ),
  );
})();

const chunkName = (url: string) => url.slice(url.lastIndexOf("/") + 1).replace(/-[\w-]{8}\.js$/, "");

/** `url` and every chunk it imports statically (the `import ... from "./x.js"` at the top of a built chunk), transitively. */
function withStaticImports(urls: string[], clientDir: string): string[] {
  const seen = new Set<string>();
  const visit = (url: string) => {
    if (seen.has(url) || !existsSync(join(clientDir, url))) return;
    seen.add(url);
    const code = readFileSync(join(clientDir, url), "utf8");
    for (const [, path] of code.matchAll(/(?:^|;)import(?:[^"'`;()]*?from)?\s*["'`](\.\/[^"'`]+)["'`]/g))
      if (path) visit(url.slice(0, url.lastIndexOf("/") + 1) + path.slice(2));
  };
  urls.forEach(visit);
  return [...seen].sort();
}

/**
 * The initial JS: what the page needs to become interactive on its first screen. That is the
 * modules React Router preloads for it (bootScripts), plus the code of every section the page hydrated during the
 * run (sections hydrate as they near the viewport, so in a Lighthouse run, which does not scroll,
 * those of the first screen and a half), each with the chunks it imports. Not counted: what is
 * fetched later on demand, the enquiry form (with its toasts) as its section nears the viewport,
 * keen-slider and aos once hydrated sections ask for them, and the modules of other routes fetched
 * when the browser is idle.
 */
export function initialScripts(html: string, seen: string[], clientDir: string): string[] {
  const sections = seen.filter((s) => sectionComponents.has(chunkName(s)));
  return withStaticImports([...bootScripts(html), ...sections], clientDir);
}

/** The built lazy form chunks, if the site has one yet. */
export const formChunksBuilt = (clientDir: string) => readdirSync(join(clientDir, "assets")).filter((f) => f.endsWith(".js") && isFormChunk(f));
