/**
 * The studio's built files (dist-studio/, under /studio-assets/), served from memory: read once at
 * start, with a Brotli and a gzip copy of each text file made then. A file read and streamed per
 * request made the builder's twenty-odd scripts queue behind each other when it opens.
 */
import { readdirSync, readFileSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { assetType } from "../src/lib/asset-type.ts";

const TEXT = new Set([".js", ".css", ".svg", ".json", ".txt"]);

interface Asset {
  type: string;
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  /** Named by its content's hash (Vite's assets/): cached for a year. */
  immutable: boolean;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Every file under dir but the pages the studio serves itself (*.html) and dot-folders (Vite's manifest). */
function files(dir: string, under = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith(".")) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path, under);
    return entry.name.endsWith(".html") ? [] : [relative(under, path).split(sep).join("/")];
  });
}

export async function serveAssets(app: FastifyInstance, dir: string, prefix = "/studio-assets/") {
  const assets = new Map<string, Asset>();
  await Promise.all(
    files(dir).map(async (name) => {
      const body = readFileSync(join(dir, name));
      const ext = extname(name);
      const asset: Asset = { type: assetType(name), body, immutable: name.startsWith("assets/") };
      if (TEXT.has(ext) && body.length > 1024) {
        [asset.br, asset.gzip] = await Promise.all([
          brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
          gzipped(body, { level: 9 }),
        ]);
      }
      assets.set(`${prefix}${name}`, asset);
    }),
  );
  app.get(`${prefix}*`, (request, reply) => {
    const asset = assets.get(request.url.split("?")[0] ?? "");
    if (!asset) return reply.code(404).send({ error: "No such file in the studio." });
    const accepts = String(request.headers["accept-encoding"] ?? "")
      .split(",")
      .filter((part) => !/;\s*q=0(\.0+)?\s*$/.test(part))
      .map((part) => part.split(";")[0]?.trim());
    const encoding = asset.br && accepts.includes("br") ? "br" : asset.gzip && accepts.includes("gzip") ? "gzip" : null;
    reply
      .type(asset.type)
      .header("Cache-Control", asset.immutable ? "public, max-age=31536000, immutable" : "no-cache")
      .header("Vary", "Accept-Encoding");
    if (encoding) reply.header("Content-Encoding", encoding);
    return reply.send(encoding ? asset[encoding] : asset.body);
  });
  return assets.size;
}
