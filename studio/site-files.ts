/**
 * The site's own files as the canvas asks for them, from the drafts: the picture copies it names
 * (made on request, kept by content), and the files of public/ (those of media/ sandboxed: an
 * uploaded SVG opened by its address runs nothing). Small files come from memory while unchanged;
 * videos and large files are streamed, with ranges.
 */
import { statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, normalize, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { MEDIA_CSP } from "../src/deploy/security-headers.ts";
import { pictureCopy } from "../src/images/copies.ts";
import { assetType } from "../src/lib/asset-type.ts";

const PUBLIC_CACHED_BYTES = 1024 * 1024;

export async function siteFiles(app: FastifyInstance, { root }: { root: string }) {
  const publicDir = join(root, "public");
  // reply.sendFile for the large files; nothing served on its own.
  await app.register(fastifyStatic, { root: publicDir, serve: false });
  app.get("/assets/img/*", async (request, reply) => {
    const copy = await pictureCopy(root, request.url);
    if (copy === null || copy === "missing")
      return reply.code(404).send({ error: "No picture has that address (changed or removed since the page was loaded: reload it)." });
    return reply
      .type(copy.type)
      .header("Cache-Control", "public, max-age=31536000, immutable")
      .send(await readFile(copy.file));
  });
  const kept = new Map<string, { tag: string; body: Buffer }>();
  app.get("/*", async (request, reply) => {
    let path: string;
    try {
      path = normalize(join(publicDir, decodeURIComponent(request.url.split("?")[0] ?? "")));
    } catch {
      return reply.code(400).send({ error: "The address could not be read." });
    }
    const stats = path.startsWith(publicDir + sep) ? statSync(path, { throwIfNoEntry: false }) : undefined;
    if (!stats?.isFile()) return reply.code(404).send({ error: "Not found." });
    if (path.startsWith(join(publicDir, "media") + sep)) reply.header("Content-Security-Policy", MEDIA_CSP).header("X-Content-Type-Options", "nosniff");
    reply.header("Cache-Control", "no-cache");
    if (stats.size > PUBLIC_CACHED_BYTES || /\.(mp4|webm)$/i.test(path)) return reply.sendFile(path.slice(publicDir.length + 1));
    const tag = `W/"${stats.size.toString(16)}-${Math.round(stats.mtimeMs).toString(16)}"`;
    if (request.headers["if-none-match"] === tag) return reply.code(304).header("ETag", tag).send();
    let file = kept.get(path);
    if (file?.tag !== tag) {
      file = { tag, body: await readFile(path) };
      kept.set(path, file);
    }
    return reply.type(assetType(path)).header("ETag", tag).send(file.body);
  });
}
