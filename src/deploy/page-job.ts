/**
 * One page's post-build work: its scripts deferred (defer-scripts.ts), the page and the scripts
 * moved out of it written, each compressed from memory (post-build.ts runs it for every page).
 */
import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { deferScripts } from "./defer-scripts.ts";
import { compressFile, type Precompressed } from "./precompress.ts";

/** Where scripts taken out of the pages go (under /assets/: cached for a year, so the name carries a hash of the code). */
export const DEFERRED_DIR = "assets/page-data";

export interface PageJob {
  route: string;
  /** The page's HTML file. */
  file: string;
  clientDir: string;
  /** Brotli quality (pageBrotliQuality). */
  quality: number;
}

/** `/services/rpa` -> `services-rpa-1a2b3c4d.js`, `/` -> `index-….js`. */
function deferredName(route: string, code: string, n: number): string {
  const slug = route === "/" ? "index" : route.slice(1).replace(/\//g, "-");
  return `${slug}${n > 0 ? `-${n + 1}` : ""}-${createHash("sha256").update(code).digest("hex").slice(0, 8)}.js`;
}

export interface PageDone {
  compressed: Precompressed[];
  /** The picture copies the page names (defer-scripts.ts). */
  imageUrls: string[];
}

export async function processPage({ route, file, clientDir, quality }: PageJob): Promise<PageDone> {
  const { html, files, imageUrls } = deferScripts(await readFile(file, "utf8"), (code, n) => `/${DEFERRED_DIR}/${deferredName(route, code, n)}`);
  const written = [...files.map((f) => ({ file: join(clientDir, f.url), data: Buffer.from(f.code) })), { file, data: Buffer.from(html) }];
  const done = await Promise.all(
    written.map(async (w) => {
      await writeFile(w.file, w.data);
      return compressFile(w.file, w.data, quality);
    }),
  );
  return { compressed: done.filter((d) => d !== null), imageUrls };
}
