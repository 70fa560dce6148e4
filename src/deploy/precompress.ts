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
 * (docs/performance.md), and spends CPU on every request. Pages (HTML,
 * .data) are done too (precompressPages), at a level whose cost stays small
 * per page.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

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
  const { default: zopfli } = await import("@gfx/zopfli");
  return Buffer.from(await zopfli.gzipAsync(data, { numiterations: 1, blocksplitting: data.length > 64 * 1024 }));
};

function textFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return textFiles(path);
    return COMPRESSIBLE.test(entry.name) && statSync(path).size >= MIN_SIZE ? [path] : [];
  });
}

/**
 * Writes `.br` and `.gz` next to every text file of `dir` (dist/client/assets)
 * of at least MIN_SIZE bytes. A variant that would not be smaller than the
 * file is not written, so the server sends the file itself.
 */
export async function precompress(dir: string): Promise<Precompressed[]> {
  const files = textFiles(dir).map((file) => ({ file, data: readFileSync(file) }));
  const brotlied = Promise.all(files.map(({ data }) => brotli(data)));
  const gzipped: Buffer[] = [];
  for (const { data } of files) gzipped.push(await zopfliGzip(data));
  const brs = await brotlied;
  return files.map(({ file, data }, i) => {
    const br = brs[i];
    const gz = gzipped[i];
    if (!br || !gz) throw new Error(`${file} was not compressed both ways.`);
    if (br.length < data.length) writeFileSync(`${file}.br`, br);
    if (gz.length < data.length) writeFileSync(`${file}.gz`, gz);
    return { file, size: data.length, br: br.length, gzip: gz.length };
  });
}

const gzipAsync = promisify(gzip);

/** Every page (index.html) and page data file (.data) under `dir`, not the assets. */
function pageFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "assets" ? [] : pageFiles(path);
    return /\.(html|data)$/.test(entry.name) && statSync(path).size >= MIN_SIZE ? [path] : [];
  });
}

/**
 * `.br` and `.gz` beside every page and page data file of the built site, so the server sends
 * them as they are instead of compressing each response. Brotli at quality 10 and zlib's best
 * gzip: within a few percent of the assets' settings, at a cost that stays small per page (there
 * can be thousands). All run on libuv's thread pool.
 */
export async function precompressPages(dir: string): Promise<Precompressed[]> {
  const files = pageFiles(dir);
  return Promise.all(
    files.map(async (file) => {
      const data = readFileSync(file);
      const [br, gz] = await Promise.all([
        brotliAsync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 10, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
        gzipAsync(data, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < data.length) writeFileSync(`${file}.br`, br);
      if (gz.length < data.length) writeFileSync(`${file}.gz`, gz);
      return { file, size: data.length, br: br.length, gzip: gz.length };
    }),
  );
}
