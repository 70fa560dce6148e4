/**
 * A picture copy on request (/assets/img/<name>.<hash>.<width>.<format>): the file in the encoding
 * cache, encoded on its first request from the picture of that hash under public/. What the dev
 * server (vite-plugin.ts) and the studio answer; a build writes every copy instead.
 */
import { join } from "node:path";
import { listFiles } from "../content/sources.ts";
import { cachedVariant, imageCacheDir } from "./encode.ts";
import { filesByHash } from "./facts.ts";
import { IMAGE_DIR, isRasterPath, variantOf } from "./slots.ts";

/** null: not a copy's address; "missing": no picture has that hash (changed or removed since the page was loaded). */
export async function pictureCopy(root: string, url: string): Promise<{ file: string; type: string } | "missing" | null> {
  const path = url.split("?")[0] ?? "";
  const variant = path.startsWith(IMAGE_DIR) ? variantOf(path) : undefined;
  if (!variant) return null;
  const publicDir = join(root, "public");
  const source = (await filesByHash(publicDir, listFiles(publicDir).filter(isRasterPath))).get(variant.hash);
  if (!source) return "missing";
  const { file } = await cachedVariant(source, variant, imageCacheDir(root));
  return { file, type: `image/${variant.format}` };
}
