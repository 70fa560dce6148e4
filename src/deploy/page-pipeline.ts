/**
 * Finishes each page while React Router pre-renders the next. entry.server.tsx hands over every
 * page's HTML and page data as they are rendered: the page's scripts are deferred
 * (defer-scripts.ts) before React Router writes it, the scripts moved out of it are written, and
 * the page, its scripts and its data are compressed from memory on libuv's thread pool, on the
 * other core, while the main thread renders the next page. Nothing is read back from disk;
 * post-build.ts waits for the last and checks that every route came through.
 *
 * The build's Vite plugin (vite-plugin.ts) starts it before the pre-render; entry.server.tsx
 * finds it on globalThis, because the build's configuration and the server bundle are separate
 * module graphs in one process. In `npm run dev` there is none and pages are sent as rendered.
 */
import { createHash } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { deferScripts, type DeferResult } from "./defer-scripts.ts";
import { htmlFileOf } from "./outputs.ts";
import { PAGE_PIPELINE, type PagePipeline } from "./pipeline-key.ts";
import { compressFile, type Precompressed } from "./precompress.ts";

/** Where scripts taken out of the pages go (under /assets/: cached for a year, so the name carries a hash of the code). */
export const DEFERRED_DIR = "assets/page-data";

/** Pages handed over but not yet compressed; the pre-render waits past this, so a big site is never all in memory. */
const MAX_PENDING = 16;

/** `/services/rpa` -> `services-rpa-1a2b3c4d.js`, `/` -> `index-….js`. */
function deferredName(route: string, code: string, n: number): string {
  const slug = route === "/" ? "index" : route.slice(1).replace(/\//g, "-");
  return `${slug}${n > 0 ? `-${n + 1}` : ""}-${createHash("sha256").update(code).digest("hex").slice(0, 8)}.js`;
}

/** `/about-us/` (the pre-render's request) -> `/about-us`; `/` stays. */
const routeOfPage = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname);
/** `/about-us.data` -> `/about-us`; `/_root.data` (the home page's) -> `/`. */
const routeOfData = (pathname: string) => (pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, ""));

export interface PipelineResult {
  /** The routes whose page was finished. */
  pages: Set<string>;
  /** The routes whose page data was compressed. */
  data: Set<string>;
  compressed: Precompressed[];
  /** Every picture copy the pages name (the build writes these). */
  imageUrls: Set<string>;
}

class Pipeline implements PagePipeline {
  private readonly pending = new Set<Promise<unknown>>();
  private readonly result: PipelineResult = { pages: new Set(), data: new Set(), compressed: [], imageUrls: new Set() };
  private readonly failures: string[] = [];

  constructor(
    private readonly clientDir: string,
    private readonly routes: ReadonlySet<string>,
    /** Brotli quality for pages, scripts and data (precompress.ts, pageBrotliQuality). */
    private readonly quality: number,
  ) {}

  async page(pathname: string, html: string): Promise<string> {
    const route = routeOfPage(pathname);
    // Each route once: React Router renders / a second time for its SPA fallback, which stays as rendered.
    if (!this.routes.has(route) || this.result.pages.has(route)) return html;
    this.result.pages.add(route);
    let done: DeferResult;
    try {
      done = deferScripts(html, (code, n) => `/${DEFERRED_DIR}/${deferredName(route, code, n)}`);
    } catch (error) {
      this.failures.push(`${route}: ${error instanceof Error ? error.message : String(error)}`);
      return html;
    }
    for (const url of done.imageUrls) this.result.imageUrls.add(url);
    await this.room();
    const file = join(this.clientDir, htmlFileOf(route));
    this.track(
      route,
      mkdir(dirname(file), { recursive: true }).then(() => compressFile(file, Buffer.from(done.html), this.quality)),
    );
    for (const script of done.files) {
      const path = join(this.clientDir, script.url);
      const data = Buffer.from(script.code);
      this.track(
        route,
        writeFile(path, data).then(() => compressFile(path, data, this.quality)),
      );
    }
    return done.html;
  }

  async data(pathname: string, body: string): Promise<void> {
    const route = routeOfData(pathname);
    if (!this.routes.has(route) || this.result.data.has(route)) return;
    this.result.data.add(route);
    await this.room();
    const file = join(this.clientDir, ...pathname.split("/"));
    this.track(
      route,
      mkdir(dirname(file), { recursive: true }).then(() => compressFile(file, Buffer.from(body), this.quality)),
    );
  }

  /** Waits for the last compression; throws if any page could not be finished. */
  async finish(): Promise<PipelineResult> {
    while (this.pending.size > 0) await Promise.all(this.pending);
    if (this.failures.length > 0) throw new Error(`These pages could not be finished after the pre-render:\n${this.failures.join("\n")}`);
    return this.result;
  }

  private track(route: string, work: Promise<Precompressed | null>) {
    const job = work.then(
      (done) => {
        if (done) this.result.compressed.push(done);
      },
      (error: unknown) => {
        this.failures.push(`${route}: ${error instanceof Error ? error.message : String(error)}`);
      },
    );
    this.pending.add(job);
    void job.finally(() => this.pending.delete(job));
  }

  private async room() {
    while (this.pending.size >= MAX_PENDING) await Promise.race(this.pending);
  }
}

/** Starts the pipeline for a build writing to `clientDir` that pre-renders `routes`. */
export function startPagePipeline(clientDir: string, routes: readonly string[], quality: number): void {
  const deferredDir = join(clientDir, DEFERRED_DIR);
  rmSync(deferredDir, { recursive: true, force: true });
  mkdirSync(deferredDir, { recursive: true });
  (globalThis as Record<symbol, unknown>)[PAGE_PIPELINE] = new Pipeline(clientDir, new Set(routes), quality);
}

/** The pipeline the pre-render used, finished (and no longer offered to entry.server.tsx); undefined if none was started. */
export async function finishPagePipeline(): Promise<PipelineResult | undefined> {
  const global = globalThis as Record<symbol, unknown>;
  const pipeline = global[PAGE_PIPELINE];
  delete global[PAGE_PIPELINE];
  // Made by this module as loaded by the build's Vite config: another copy of the class, so not instanceof.
  return pipeline ? (pipeline as Pipeline).finish() : undefined;
}
