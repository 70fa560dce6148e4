/**
 * The page pipeline's second thread (page-pipeline.ts starts it): defers each pre-rendered page's
 * scripts and answers at once with the page React Router is to write, then writes the scripts
 * moved out of it and the compressed copies of the page, its scripts and its page data, one file
 * at a time between messages, so that the next page's answer never waits behind compression.
 * The main thread meanwhile renders the next page.
 */
import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { writeNewFile } from "../lib/files.ts";
import type { MessagePort } from "node:worker_threads";
import { deferScripts } from "./defer-scripts.ts";
import type { Bytes } from "./pipeline-key.ts";
import { compressFile, type Precompressed } from "./precompress.ts";

/** Where scripts taken out of the pages go (under /assets/: cached for a year, so the name carries a hash of the code). */
export const DEFERRED_DIR = "assets/page-data";

/**
 * Pages and data travel as UTF-8 bytes, handed over (transferred) rather than copied: a page's
 * HTML as a string is a large object for V8, freed only by a full collection, and thousands of
 * them made the build's memory grow with the site.
 */
export type WorkerJob =
  | { kind: "page"; id: number; route: string; file: string; html: Bytes }
  | { kind: "data"; id: number; route: string; file: string; body: Bytes };

/** What the thread is started with (its workerData). */
export interface WorkerSetup {
  clientDir: string;
  /** Brotli quality (precompress.ts, pageBrotliQuality). */
  quality: number;
}

export type WorkerReply =
  /** A page's HTML with its scripts deferred. */
  | { kind: "html"; id: number; html: Bytes; imageUrls: string[] }
  /** A job's files are written (or failed). */
  | { kind: "done"; id: number; compressed: Precompressed[]; failure?: string };

/** `/services/rpa` -> `services-rpa-1a2b3c4d.js`, `/` -> `index-….js`. */
function deferredName(route: string, code: string, n: number): string {
  const slug = route === "/" ? "index" : route.slice(1).replace(/\//g, "-");
  return `${slug}${n > 0 ? `-${n + 1}` : ""}-${createHash("sha256").update(code).digest("hex").slice(0, 8)}.js`;
}

/** Answers the page pipeline's jobs on `port` (page-worker.mjs, the thread's entry, calls it). */
export function servePageJobs(port: MessagePort, { clientDir, quality }: WorkerSetup): void {
  /** Writes the compressed copies of `file` (whose bytes are `data`) beside it, making its folder if need be. */
  const compressBeside = (file: string, data: Buffer) => {
    mkdirSync(dirname(file), { recursive: true });
    return compressFile(file, data, quality);
  };
  /** Files to write, each with the job it finishes; run one per turn of the event loop. */
  const queue: { id: number; last: boolean; write: () => Precompressed | null }[] = [];
  const results = new Map<number, Precompressed[]>();
  const reply = (message: WorkerReply) => port.postMessage(message);
  const fail = (id: number, error: unknown) => {
    results.delete(id);
    reply({ kind: "done", id, compressed: [], failure: error instanceof Error ? error.message : String(error) });
  };
  let draining = false;
  const drain = () => {
    const task = queue.shift();
    if (!task) {
      draining = false;
      return;
    }
    if (results.has(task.id)) {
      try {
        const done = task.write();
        if (done) results.get(task.id)?.push(done);
        if (task.last) {
          reply({ kind: "done", id: task.id, compressed: results.get(task.id) ?? [] });
          results.delete(task.id);
        }
      } catch (error) {
        fail(task.id, error);
      }
    }
    setImmediate(drain);
  };
  const enqueue = (id: number, writes: (() => Precompressed | null)[]) => {
    results.set(id, []);
    for (const [i, write] of writes.entries()) queue.push({ id, last: i === writes.length - 1, write });
    if (!draining) {
      draining = true;
      setImmediate(drain);
    }
  };

  port.on("message", (job: WorkerJob) => {
    try {
      if (job.kind === "data") {
        const data = Buffer.from(job.body.buffer, job.body.byteOffset, job.body.byteLength);
        enqueue(job.id, [() => compressBeside(job.file, data)]);
        return;
      }
      const html = Buffer.from(job.html.buffer, job.html.byteOffset, job.html.byteLength).toString("utf8");
      const done = deferScripts(html, (code, n) => `/${DEFERRED_DIR}/${deferredName(job.route, code, n)}`);
      const bytes = new TextEncoder().encode(done.html);
      const page = Buffer.from(bytes.buffer);
      reply({ kind: "html", id: job.id, html: bytes, imageUrls: done.imageUrls });
      enqueue(job.id, [
        () => compressBeside(job.file, page),
        ...done.files.map((script) => () => {
          const path = join(clientDir, script.url);
          const data = Buffer.from(script.code);
          writeNewFile(path, data);
          return compressFile(path, data, quality);
        }),
      ]);
    } catch (error) {
      // React Router writes the page as rendered; the build fails after the pre-render, naming it.
      if (job.kind === "page") reply({ kind: "html", id: job.id, html: job.html, imageUrls: [] });
      fail(job.id, error);
    }
  });
}
