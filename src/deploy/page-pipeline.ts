/**
 * Finishes each page while React Router pre-renders the next. entry.server.tsx hands over every
 * page's HTML and page data as they are rendered; a second thread (page-worker.ts) defers the
 * page's scripts (defer-scripts.ts) before React Router writes it, then writes the scripts moved
 * out of it and compresses the page, its scripts and its data from memory, while this thread
 * renders the next page: the build's two halves run on two cores. Nothing is read back from disk;
 * post-build.ts waits for the last file and checks that every route came through.
 *
 * The build's Vite plugin (vite-plugin.ts) starts it before the pre-render, hands it to the server
 * bundle React Router pre-renders with, and to post-build.ts when the pre-render is over (its
 * `api`). In `npm run dev` there is none and pages are sent as rendered.
 */
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { pageAddress } from "../lib/page-address.ts";
import { htmlFileOf } from "./outputs.ts";
import type { Bytes, PagePipeline } from "./pipeline-key.ts";
import type { Precompressed } from "./precompress.ts";
import { DEFERRED_DIR, type WorkerJob, type WorkerReply, type WorkerSetup } from "./page-worker.ts";

export { DEFERRED_DIR };

/** Pages and data files handed over but not yet written; the pre-render waits past this, so a big site is never all in memory. */
const MAX_PENDING = 16;

export interface PipelineResult {
  /** The routes whose page was finished. */
  pages: Set<string>;
  /** The page data files compressed, by the path the pre-render requested (whatever React Router names them). */
  data: Set<string>;
  /** Every file finished (scripts deferred, or compressed), relative to the client folder: post-build checks the disk against it. */
  files: Set<string>;
  /** Pages rendered again, or for no route, and kept as rendered (React Router's fallback page): so many other HTML files may stay unfinished. */
  repeats: number;
  compressed: Precompressed[];
  /** Every picture copy the pages name (the build writes these). */
  imageUrls: Set<string>;
  /** The same, by the route whose page names them. */
  imagesByRoute: Map<string, string[]>;
}

/** A job handed to the page thread: a page (answered with its HTML) or a page data file. */
interface Pending {
  /** Answers the page's HTML; with nothing if the page thread stopped (the build then fails). */
  html?: (html: Bytes | undefined) => void;
}

/** Job numbers, unique in the process: a page thread kept for the next build never sees one twice. */
let jobIds = 0;
/** A page thread kept after a build for the next one of this process (the studio's build process), with what it writes for. */
let spare: { key: string; worker: Worker } | undefined;

/** A page thread for a build writing to `clientDir` at `quality`: the kept one when it fits and `reuse` is asked, else a new one. */
function pageThread(clientDir: string, quality: number, reuse: boolean): Worker {
  const key = `${clientDir}\0${quality}`;
  const kept = spare;
  spare = undefined;
  if (reuse && kept?.key === key) return kept.worker;
  void kept?.worker.terminate();
  // page-worker.mjs loads page-worker.ts through tsx, as the scripts are run.
  const worker = new Worker(new URL("./page-worker.mjs", import.meta.url), { workerData: { clientDir, quality } satisfies WorkerSetup });
  // A build that fails half-way ends without waiting for it; a kept one does not hold the process either.
  worker.unref();
  worker.on("exit", () => {
    if (spare?.worker === worker) spare = undefined;
  });
  return worker;
}

class Pipeline implements PagePipeline {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private readonly room = new Set<() => void>();
  private readonly result: PipelineResult = {
    pages: new Set(),
    data: new Set(),
    files: new Set(),
    repeats: 0,
    compressed: [],
    imageUrls: new Set(),
    imagesByRoute: new Map(),
  };
  private readonly failures: string[] = [];
  private readonly routesOf = new Map<number, string>();
  private crashed: Error | undefined;
  private closing = false;
  private readonly listeners = {
    message: (reply: WorkerReply) => this.answer(reply),
    error: (error: Error) => this.stopped(error),
    exit: (code: number) => {
      if (!this.closing) this.stopped(new Error(`it exited with code ${code}`));
    },
  };

  constructor(
    private readonly clientDir: string,
    private readonly routes: ReadonlySet<string>,
    private readonly quality: number,
    private readonly reuse: boolean,
  ) {
    this.worker = pageThread(clientDir, quality, reuse);
    this.worker.on("message", this.listeners.message);
    this.worker.on("error", this.listeners.error);
    this.worker.on("exit", this.listeners.exit);
  }

  async page(pathname: string, html: Bytes): Promise<Bytes> {
    const route = pageAddress(pathname);
    // Each route once: React Router renders / a second time for its SPA fallback, which stays as rendered (post-build counts these).
    if (!this.routes.has(route) || this.result.pages.has(route)) {
      this.result.repeats += 1;
      return html;
    }
    this.result.pages.add(route);
    this.result.files.add(htmlFileOf(route));
    await this.waitForRoom();
    const id = jobIds++;
    const answered = new Promise<Bytes | undefined>((resolve) => this.pending.set(id, { html: resolve }));
    this.post(id, route, { kind: "page", id, route, file: join(this.clientDir, htmlFileOf(route)), html }, [html.buffer]);
    // Nothing only if the page thread stopped; the build then fails, naming the page.
    return (await answered) ?? new Uint8Array();
  }

  async data(pathname: string, body: Bytes): Promise<void> {
    // Every data file the pre-render makes, by its own name (each page's, however React Router names it, such as the home page's).
    if (this.result.data.has(pathname)) return;
    this.result.data.add(pathname);
    this.result.files.add(pathname.slice(1));
    await this.waitForRoom();
    const id = jobIds++;
    this.pending.set(id, {});
    this.post(id, pathname, { kind: "data", id, route: pathname, file: join(this.clientDir, ...pathname.split("/")), body }, [body.buffer]);
  }

  /** Waits for the last file; throws if any page could not be finished. */
  async finish(): Promise<PipelineResult> {
    while (this.pending.size > 0) await new Promise<void>((resolve) => this.room.add(resolve));
    this.closing = true;
    this.worker.off("message", this.listeners.message);
    this.worker.off("error", this.listeners.error);
    this.worker.off("exit", this.listeners.exit);
    // Kept for the next build only if nothing of this one failed (a failed job may still have writes queued).
    if (this.reuse && !this.crashed && this.failures.length === 0) spare = { key: `${this.clientDir}\0${this.quality}`, worker: this.worker };
    else await this.worker.terminate();
    if (this.crashed) this.failures.push(`the page thread stopped: ${this.crashed.message}`);
    if (this.failures.length > 0) throw new Error(`These pages could not be finished after the pre-render:\n${this.failures.join("\n")}`);
    return this.result;
  }

  /** Sends job `id` (for `route`) to the page thread; one it could not take is settled as failed at once. */
  private post(id: number, route: string, job: WorkerJob, transfer: ArrayBuffer[]) {
    this.routesOf.set(id, route);
    try {
      if (this.crashed) throw this.crashed;
      this.worker.postMessage(job, transfer);
    } catch (error) {
      const pending = this.pending.get(id);
      if (pending) this.settle(id, pending, `the page thread could not take it: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** The page thread stopped: every job it had fails (finish() then throws). */
  private stopped(error: Error) {
    this.crashed ??= error;
    for (const [id, job] of this.pending) this.settle(id, job, `the page thread stopped: ${error.message}`);
  }

  private answer(reply: WorkerReply) {
    const job = this.pending.get(reply.id);
    if (!job) return;
    if (reply.kind === "html") {
      for (const url of reply.imageUrls) this.result.imageUrls.add(url);
      this.result.imagesByRoute.set(this.routesOf.get(reply.id) ?? "", reply.imageUrls);
      job.html?.(reply.html);
      job.html = undefined;
      return;
    }
    this.result.compressed.push(...reply.compressed);
    this.settle(reply.id, job, reply.failure);
  }

  private settle(id: number, job: Pending, failure?: string) {
    if (failure) this.failures.push(`${this.routesOf.get(id)}: ${failure}`);
    job.html?.(undefined);
    this.pending.delete(id);
    this.routesOf.delete(id);
    for (const wake of this.room) wake();
    this.room.clear();
  }

  private async waitForRoom() {
    while (this.pending.size >= MAX_PENDING) await new Promise<void>((resolve) => this.room.add(resolve));
  }
}

/**
 * Starts the pipeline for a build writing to `clientDir` that pre-renders `routes`; `keep`: the other
 * pages' deferred scripts stay (a build rendering only some pages: incremental.ts); `reuse`: the page
 * thread stays for the next build of this process (it takes half a second of CPU to start).
 */
export function startPagePipeline(
  clientDir: string,
  routes: readonly string[],
  quality: number,
  { keep = false, reuse = false } = {},
): PagePipeline & { finish(): Promise<PipelineResult> } {
  const deferredDir = join(clientDir, DEFERRED_DIR);
  if (!keep) rmSync(deferredDir, { recursive: true, force: true });
  mkdirSync(deferredDir, { recursive: true });
  return new Pipeline(clientDir, new Set(routes), quality, reuse);
}
