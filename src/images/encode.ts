/**
 * Makes the copies of a picture (AVIF and WebP at the widths its slots want) with sharp, kept in a
 * cache outside dist/ under names made of the file's hash, width and format: a rebuild encodes only
 * pictures that are new or changed. The build copies them into dist/client/assets/img/; the dev
 * server answers them from the cache, encoding on first request.
 */
import { copyFile, mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import type { Variant } from "./slots.ts";

/** Where the copies are kept between builds (per project copy; `rm -rf node_modules` clears it). */
export const imageCacheDir = (root: string) => process.env.IMAGE_CACHE_DIR ?? join(root, "node_modules", ".cache", "site-images");

const cacheName = ({ hash, width, format, backdrop }: Variant) => `${hash}${backdrop ? "-b" : ""}.${width}.${format}`;

/** Qualities (sharp's scale): a backdrop is seen through a dark overlay, which hides what a lower one loses. */
const QUALITY = { avif: { normal: 50, backdrop: 30 }, webp: { normal: 75, backdrop: 50 } };

/** Encodings in progress, so that two requests for one copy encode it once. */
const inFlight = new Map<string, Promise<{ file: string; encoded: boolean }>>();

/** The cached copy of `source` as `variant`, encoded first when the cache does not have it. */
export function cachedVariant(source: string, variant: Variant, cacheDir: string): Promise<{ file: string; encoded: boolean }> {
  const file = join(cacheDir, cacheName(variant));
  const running = inFlight.get(file);
  if (running) return running;
  const job = (async () => {
    if (await stat(file).catch(() => undefined)) return { file, encoded: false };
    const pipeline = sharp(source).autoOrient().resize({ width: variant.width, withoutEnlargement: true });
    const quality = QUALITY[variant.format][variant.backdrop ? "backdrop" : "normal"];
    const data = await (variant.format === "avif" ? pipeline.avif({ quality, effort: 4 }) : pipeline.webp({ quality, effort: 4 })).toBuffer();
    await mkdir(cacheDir, { recursive: true });
    // Written whole, then renamed: a build stopped midway leaves no half file under the final name.
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, data);
    await rename(partial, file);
    return { file, encoded: true };
  })().finally(() => inFlight.delete(file));
  inFlight.set(file, job);
  return job;
}

export interface EncodeReport {
  /** Copies written to the output. */
  copies: number;
  /** Of those, how many were encoded now (the others came from the cache). */
  encoded: number;
  ms: number;
}

/** Puts each copy (url -> source file) into `outDir`, encoding those the cache lacks, two at a time (libvips uses every core for each). */
export async function writeVariants(
  wanted: ReadonlyMap<string, { source: string; variant: Variant }>,
  cacheDir: string,
  outDir: string,
): Promise<EncodeReport> {
  const started = performance.now();
  await mkdir(outDir, { recursive: true });
  const jobs = [...wanted.entries()];
  let encoded = 0;
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const entry = jobs[next++];
      if (!entry) break;
      const [url, { source, variant }] = entry;
      const done = await cachedVariant(source, variant, cacheDir);
      if (done.encoded) encoded++;
      // A new file, not written into one a served release shares (src/lib/files.ts writeNewFile).
      const target = join(outDir, url.split("/").at(-1) ?? cacheName(variant));
      await rm(target, { force: true });
      await copyFile(done.file, target);
    }
  };
  await Promise.all([worker(), worker()]);
  return { copies: jobs.length, encoded, ms: performance.now() - started };
}
