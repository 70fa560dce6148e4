/**
 * npm run dev: answers the picture copies pages name (/assets/img/<name>.<hash>.<width>.<format>)
 * from the encoding cache, encoding a copy on its first request. A build writes them all instead
 * (src/deploy/post-build.ts). Any picture under public/ can be asked for, so the page builder's
 * canvas shows a file uploaded a moment ago.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Plugin } from "vite";
import { listFiles } from "../content/sources.ts";
import { cachedVariant, imageCacheDir } from "./encode.ts";
import { filesByHash } from "./facts.ts";
import { IMAGE_DIR, isRasterPath, variantOf } from "./slots.ts";

export function pictureCopies({ root }: { root: string }): Plugin {
  const publicDir = join(root, "public");
  return {
    name: "site-picture-copies",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = req.url?.split("?")[0] ?? "";
        const variant = url.startsWith(IMAGE_DIR) ? variantOf(url) : undefined;
        if (!variant) return next();
        void (async () => {
          const source = (await filesByHash(publicDir, listFiles(publicDir).filter(isRasterPath))).get(variant.hash);
          if (!source) {
            res.statusCode = 404;
            res.setHeader("Content-Type", "text/plain; charset=utf-8");
            return res.end(`No picture in public/ has the hash of ${url} (changed or removed since the page was loaded: reload it).`);
          }
          const { file } = await cachedVariant(source, variant, imageCacheDir(root));
          res.setHeader("Content-Type", `image/${variant.format}`);
          // The name changes with the file: the browser may keep it.
          res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
          res.end(await readFile(file));
        })().catch(next);
      });
    },
  };
}
