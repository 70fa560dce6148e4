/**
 * The page pipeline's second thread (page-pipeline.ts starts it): defers each pre-rendered page's
 * scripts and answers at once with the page React Router is to write, then writes the scripts
 * moved out of it and the compressed copies of the page, its scripts and its page data, one file
 * at a time between messages, so that the next page's answer never waits behind compression.
 * The main thread meanwhile renders the next page.
 */
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parentPort } from "node:worker_threads";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { deferScripts } from "./defer-scripts.ts";
import { MIN_SIZE, type Precompressed } from "./precompress.ts";

/** Where scripts taken out of the pages go (under /assets/: cached for a year, so the name carries a hash of the code). */
export const DEFERRED_DIR = "assets/page-data";

export type WorkerJob =
  | { kind: "page"; id: number; route: string; file: string; html: string }
  | { kind: "data"; id: number; route: string; file: string; body: string }
  | { kind: "setup"; clientDir: string; quality: number };

export type WorkerReply =
  /** A page's HTML with its scripts deferred, or why it could not be. */
  | { kind: "html"; id: number; html: string; imageUrls: string[] }
  /** A job's files are written (or failed). */
  | { kind: "done"; id: number; compressed: Precompressed[]; failure?: string };

/** `/services/rpa` -> `services-rpa-1a2b3c4d.js`, `/` -> `index-….js`. */
function deferredName(route: string, code: string, n: number): string {
  const slug = route === "/" ? "index" : route.slice(1).replace(/\//g, "-");
  return `${slug}${n > 0 ? `-${n + 1}` : ""}-${createHash("sha256").update(code).digest("hex").slice(0, 8)}.js`;
}

/** Writes `file.br` and `file.gz` for `data` (the file's bytes), each only if smaller than the file and the file is at least MIN_SIZE. */
export function compressFileSync(file: string, data: Buffer, quality: number): Precompressed | null {
  if (data.length < MIN_SIZE) return null;
  const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
  const gz = gzipSync(data, { level: constants.Z_BEST_COMPRESSION });
  if (br.length < data.length) writeFileSync(`${file}.br`, br);
  if (gz.length < data.length) writeFileSync(`${file}.gz`, gz);
  return { file, size: data.length, br: br.length, gzip: gz.length };
}

const port = parentPort;
if (port) {
  let clientDir = "";
  let quality = 0;
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
    if (job.kind === "setup") {
      ({ clientDir, quality } = job);
      return;
    }
    try {
      if (job.kind === "data") {
        const data = Buffer.from(job.body);
        enqueue(job.id, [
          () => {
            mkdirSync(dirname(job.file), { recursive: true });
            return compressFileSync(job.file, data, quality);
          },
        ]);
        return;
      }
      const done = deferScripts(job.html, (code, n) => `/${DEFERRED_DIR}/${deferredName(job.route, code, n)}`);
      reply({ kind: "html", id: job.id, html: done.html, imageUrls: done.imageUrls });
      const page = Buffer.from(done.html);
      enqueue(job.id, [
        () => {
          mkdirSync(dirname(job.file), { recursive: true });
          return compressFileSync(job.file, page, quality);
        },
        ...done.files.map((script) => () => {
          const path = join(clientDir, script.url);
          const data = Buffer.from(script.code);
          writeFileSync(path, data);
          return compressFileSync(path, data, quality);
        }),
      ]);
    } catch (error) {
      fail(job.id, error);
    }
  });
}
