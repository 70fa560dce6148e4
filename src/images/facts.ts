/**
 * What a picture file in public/ is (size, shape, whether it animates, a hash of its bytes), read
 * with sharp from the file's header. Remembered per file while its size and time are unchanged, so
 * the dev server and a build of many pages read each file once.
 */
import { createHash } from "node:crypto";
import { statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { isRasterPath, type ImageFacts } from "./slots.ts";
import { buildGeneration } from "../content/build-generation.ts";

/** Changes when the copies are encoded differently (see encode.ts), so that their names change too. */
export const ENCODING_VERSION = "1";

export interface FileFacts extends ImageFacts {
  /** Bytes on disk. */
  bytes: number;
  /** An animated GIF or WebP (served as it is; a video would be smaller). */
  animated: boolean;
  /** The file on disk. */
  file: string;
}

const cache = new Map<string, { key: string; generation: number; facts: Promise<FileFacts | undefined> }>();

/**
 * Facts about `src` (a path under public/, "/media/x.jpg"), or undefined when it is missing or not a
 * picture sharp can read. `recheck: false` (a build, whose files do not change while it runs) trusts
 * what the same build read before without looking at the file again.
 */
export async function imageFacts(publicDir: string, src: string, { recheck = true } = {}): Promise<FileFacts | undefined> {
  const file = join(publicDir, src);
  const known = cache.get(file);
  const generation = buildGeneration();
  if (known && !recheck && known.generation === generation) return known.facts;
  // Synchronous: a stat the system has cached takes microseconds, while each awaited one costs a
  // round trip through libuv's threads (a save's check looks at every picture of the site).
  const info = statSync(file, { throwIfNoEntry: false });
  if (!info?.isFile()) return undefined;
  const key = `${info.size}:${info.mtimeMs}`;
  if (known?.key === key) {
    known.generation = generation;
    return known.facts;
  }
  const facts = read(file, src, info.size);
  cache.set(file, { key, generation, facts });
  return facts;
}

async function read(file: string, src: string, bytes: number): Promise<FileFacts | undefined> {
  const data = await readFile(file);
  const meta = await sharp(data, { animated: true })
    .metadata()
    .catch(() => undefined);
  if (!meta?.width || !meta.height) return undefined;
  const animated = (meta.pages ?? 1) > 1 && (meta.format === "gif" || meta.format === "webp");
  // An animated file's height is all its frames stacked; its shape is one frame's.
  const height = animated && meta.pageHeight ? meta.pageHeight : meta.height;
  const upright = meta.autoOrient ?? { width: meta.width, height };
  return {
    width: upright.width,
    height: animated ? height : upright.height,
    raster: isRasterPath(src) && !animated && meta.format !== "svg",
    hash: createHash("sha256").update(ENCODING_VERSION).update(data).digest("hex").slice(0, 10),
    bytes,
    animated,
    file,
  };
}

/** Each of `srcs` that is a readable picture, with its facts. */
export async function imageFactsOf(publicDir: string, srcs: Iterable<string>, options: { recheck?: boolean } = {}): Promise<Map<string, FileFacts>> {
  const unique = [...new Set(srcs)];
  const found = await Promise.all(unique.map(async (src) => [src, await imageFacts(publicDir, src, options)] as const));
  return new Map(found.filter((entry): entry is readonly [string, FileFacts] => entry[1] !== undefined));
}

/** The facts a page needs to render its pictures (no paths on disk, no sizes in bytes). */
export const renderFacts = ({ width, height, raster, hash }: FileFacts): ImageFacts => ({ width, height, raster, hash });

/** Every picture path in `value`: the "src" of each object that has one (an image, wherever the schemas put it). */
export function picturePaths(value: unknown, out: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) for (const item of value) picturePaths(item, out);
  else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      if (key === "src" && typeof child === "string" && child.startsWith("/")) out.add(child);
      else picturePaths(child, out);
    }
  }
  return out;
}

/** The file on disk of each picture in `srcs`, by its hash (the hash a copy's name carries). */
export async function filesByHash(publicDir: string, srcs: Iterable<string>): Promise<Map<string, string>> {
  const facts = await imageFactsOf(publicDir, srcs);
  return new Map([...facts.values()].filter((f) => f.raster).map((f) => [f.hash, f.file]));
}
