/**
 * npm run dev: answers the picture copies pages name (/assets/img/<name>.<hash>.<width>.<format>),
 * encoding each on its first request (copies.ts). Any picture under public/ can be asked for, so the
 * page builder's canvas shows a file uploaded a moment ago.
 */
import { readFile } from "node:fs/promises";
import type { Plugin } from "vite";
import { pictureCopy } from "./copies.ts";

export function pictureCopies({ root }: { root: string }): Plugin {
  return {
    name: "site-picture-copies",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        void (async () => {
          const copy = await pictureCopy(root, req.url ?? "");
          if (copy === null) return next();
          if (copy === "missing") {
            res.statusCode = 404;
            res.setHeader("Content-Type", "text/plain; charset=utf-8");
            return res.end(`No picture in public/ has the hash of ${req.url} (changed or removed since the page was loaded: reload it).`);
          }
          res.setHeader("Content-Type", copy.type);
          // The name changes with the file: the browser may keep it.
          res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
          res.end(await readFile(copy.file));
        })().catch(next);
      });
    },
  };
}
