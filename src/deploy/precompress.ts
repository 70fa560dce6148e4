/**
 * Pre-compressed copies of the built scripts and styles (dist/client/assets),
 * written next to them at build time: `x.js.br` (Brotli, highest quality) and
 * `x.js.gz` (gzip made by Zopfli: smaller than zlib's best, and read by
 * every gzip decoder). The production server sends them in place of
 * the file to a browser that accepts them (server/app.ts), nginx with
 * `gzip_static on` (dist/deploy/nginx.conf).
 *
 * Why: a server compresses each response at a level fast enough per request,
 * which leaves the biggest chunks much larger than the highest level does
 * (docs/performance.md), and spends CPU on every request. Pages, their
 * data and scripts are done too (compressFile, from the page pipeline), at a level
 * whose cost stays small per page.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzipSync } from "node:zlib";
import { filesUnder, writeNewFile } from "../lib/files.ts";

/** Files worth compressing: text. Media (video, images but SVG) is compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|map)$/;
/** Below this, the encoding header costs about what compression saves; the server sends such files as they are. */
export const MIN_SIZE = 1024;

export interface Precompressed {
  file: string;
  size: number;
  br: number;
  gzip: number;
}

const brotliAsync = promisify(brotliCompress);

/** Brotli at its highest quality. It runs on libuv's thread pool, alongside Zopfli on the main thread. */
const brotli = (data: Buffer) =>
  brotliAsync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });

/**
 * gzip by Zopfli. One iteration: more gain next to nothing for twice the
 * time. Block splitting pays only on large files, so only over 64 KB.
 */
const zopfliGzip = async (data: Buffer) => {
  // Loaded only here: its WebAssembly runtime turns any unhandled promise rejection of the whole
  // process into an abort, which must not reach the dev server (react-router.config.ts imports this).
  const loaded = await import("@gfx/zopfli");
  // A CommonJS package: its exports are `default` when bundled (the build), the namespace itself under tsx.
  const zopfli = (loaded.default ?? loaded) as typeof loaded.default;
  return Buffer.from(await zopfli.gzipAsync(data, { numiterations: 1, blocksplitting: data.length > 64 * 1024 }));
};

/** The assets' text files; not page-data/, which has one file per page (post-build compresses those with the pages). */
function textFiles(dir: string): string[] {
  return filesUnder(dir, (folder) => folder.split("/").at(-1) === "page-data").filter((path) => COMPRESSIBLE.test(path) && statSync(path).size >= MIN_SIZE);
}

/** Where the compressed copies are kept between builds, named by their file's content: PRECOMPRESS_CACHE_DIR, or in node_modules/.cache. */
export const precompressCacheDir = (root: string) => process.env.PRECOMPRESS_CACHE_DIR ?? join(root, "node_modules", ".cache", "site-precompress");

/** The copy in the cache, or made by `make` and put there (written whole, then renamed: a build stopped midway leaves no half file). */
async function cached(cacheDir: string | undefined, data: Buffer, kind: "br" | "gz", make: (data: Buffer) => Promise<Buffer>): Promise<Buffer> {
  if (!cacheDir) return make(data);
  const file = join(cacheDir, `${createHash("sha256").update(data).digest("hex")}.${kind}`);
  try {
    return readFileSync(file);
  } catch {
    const made = await make(data);
    mkdirSync(cacheDir, { recursive: true });
    const part = `${file}.${process.pid}.part`;
    writeFileSync(part, made);
    renameSync(part, file);
    return made;
  }
}

/**
 * Writes `.br` and `.gz` next to every text file of `dir` (dist/client/assets)
 * of at least MIN_SIZE bytes. A variant that would not be smaller than the
 * file is not written, so the server sends the file itself. With `cacheDir`,
 * a file compressed by an earlier build (same bytes) is not compressed again.
 */
export async function precompress(dir: string, cacheDir?: string): Promise<Precompressed[]> {
  const files = textFiles(dir).map((file) => ({ file, data: readFileSync(file) }));
  const brotlied = Promise.all(files.map(({ data }) => cached(cacheDir, data, "br", brotli)));
  const gzipped: Buffer[] = [];
  for (const { data } of files) gzipped.push(await cached(cacheDir, data, "gz", zopfliGzip));
  const brs = await brotlied;
  return files.map(({ file, data }, i) => {
    const br = brs[i];
    const gz = gzipped[i];
    if (!br || !gz) throw new Error(`${file} was not compressed both ways.`);
    writeSmaller(file, data, br, gz);
    return { file, size: data.length, br: br.length, gzip: gz.length };
  });
}

/** Sites of up to this many pages get PAGE_QUALITY; bigger ones PAGE_QUALITY_LARGE (see pageBrotliQuality). */
const PAGE_QUALITY_MAX_PAGES = 50;
const PAGE_QUALITY = 10;
const PAGE_QUALITY_LARGE = 6;

/**
 * Brotli quality for a site's pages, page data and their scripts: 10 for a site of up to
 * PAGE_QUALITY_MAX_PAGES pages, else 6, much faster for slightly larger files (figures in
 * docs/performance.md), so a big site's build grows in proportion to its pages.
 */
export function pageBrotliQuality(pages: number): number {
  return pages <= PAGE_QUALITY_MAX_PAGES ? PAGE_QUALITY : PAGE_QUALITY_LARGE;
}

/**
 * Writes `file.br` and `file.gz` for `data` (the file's content, already in memory), each only if
 * smaller than the file and the file is at least MIN_SIZE. Synchronous: the page pipeline's thread
 * (page-worker.ts) runs it, one file at a time.
 */
export function compressFile(file: string, data: Buffer, quality: number): Precompressed | null {
  if (data.length < MIN_SIZE) return null;
  const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
  const gz = gzipSync(data, { level: constants.Z_BEST_COMPRESSION });
  writeSmaller(file, data, br, gz);
  return { file, size: data.length, br: br.length, gzip: gz.length };
}

/** `file.br` and `file.gz`, each written new only if smaller than the file; an older copy that is not is removed. */
function writeSmaller(file: string, data: Buffer, br: Buffer, gz: Buffer): void {
  for (const [suffix, packed] of [
    [".br", br],
    [".gz", gz],
  ] as const) {
    if (packed.length < data.length) writeNewFile(`${file}${suffix}`, packed);
    else rmSync(`${file}${suffix}`, { force: true });
  }
}
