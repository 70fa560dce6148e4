/**
 * The build's pre-compressed assets (src/deploy/precompress.ts): each text
 * asset of 1 KB or more gets a Brotli and a gzip copy that decode to the very
 * same bytes; small files, media and copies that would not be smaller are left
 * out, so the server sends the file itself.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { compressFile, MIN_SIZE, pageBrotliQuality, precompress } from "@/deploy/precompress";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// Code-like text: repetitive, as minified JavaScript is.
const code = (n: number) => Array.from({ length: n }, (_, i) => `function f${i}(a,b){return a+b*${i}}export{f${i}};`).join("");

describe("precompress", () => {
  it("writes .br and .gz copies that decode to the file, smaller than zlib's default gzip", async () => {
    dir = mkdtempSync(join(tmpdir(), "precompress-"));
    mkdirSync(join(dir, "nested"));
    const js = Buffer.from(code(400));
    const css = Buffer.from(".a{color:red}".repeat(200));
    writeFileSync(join(dir, "app-1.js"), js);
    writeFileSync(join(dir, "nested", "app-2.css"), css);
    const done = await precompress(dir);
    expect(done.map((d) => d.file.slice(dir!.length + 1)).sort()).toEqual(["app-1.js", join("nested", "app-2.css")]);
    for (const [file, data] of [
      [join(dir, "app-1.js"), js],
      [join(dir, "nested", "app-2.css"), css],
    ] as const) {
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(data), file).toBe(true);
      expect(gunzipSync(readFileSync(`${file}.gz`)).equals(data), file).toBe(true);
    }
    const js1 = done.find((d) => d.file.endsWith("app-1.js"))!;
    expect(js1.gzip).toBe(readFileSync(join(dir, "app-1.js.gz")).length);
    expect(js1.gzip).toBeLessThan(gzipSync(js).length);
    expect(js1.br).toBeLessThan(js1.gzip);
  });

  it("leaves out files under 1 KB, media, and copies that would not be smaller", async () => {
    dir = mkdtempSync(join(tmpdir(), "precompress-"));
    writeFileSync(join(dir, "tiny.js"), code(3));
    expect(code(3).length).toBeLessThan(MIN_SIZE);
    writeFileSync(join(dir, "clip.webm"), randomBytes(8192));
    writeFileSync(join(dir, "noise.js"), randomBytes(8192));
    const done = await precompress(dir);
    expect(done.map((d) => d.file.slice(dir!.length + 1))).toEqual(["noise.js"]);
    for (const f of ["tiny.js", "clip.webm", "noise.js"]) {
      expect(existsSync(join(dir, `${f}.br`)), f).toBe(false);
      expect(existsSync(join(dir, `${f}.gz`)), f).toBe(false);
    }
  });
});

describe("the cache between builds", () => {
  it("a file with the same bytes is not compressed again: its copies come from the cache, and decode to it", async () => {
    dir = mkdtempSync(join(tmpdir(), "precompress-"));
    const cache = join(dir, "cache");
    const assets = join(dir, "assets");
    mkdirSync(assets);
    const js = Buffer.from(code(400));
    writeFileSync(join(assets, "app-1.js"), js);
    const first = await precompress(assets, cache);
    expect(readdirSync(cache).sort()).toEqual([expect.stringMatching(/^[0-9a-f]{64}\.br$/), expect.stringMatching(/^[0-9a-f]{64}\.gz$/)]);
    // The cached copies are what the next build writes: spoilt here, they show that they were read, not made again.
    for (const name of readdirSync(cache)) writeFileSync(join(cache, name), name.endsWith(".br") ? brotliCompressSync(js) : gzipSync(js, { level: 1 }));
    rmSync(join(assets, "app-1.js.br"));
    rmSync(join(assets, "app-1.js.gz"));
    const second = await precompress(assets, cache);
    expect(readFileSync(join(assets, "app-1.js.gz")).equals(gzipSync(js, { level: 1 }))).toBe(true);
    expect(second[0]!.gzip).not.toBe(first[0]!.gzip);
    // Other bytes, another name: compressed anew.
    writeFileSync(join(assets, "app-1.js"), Buffer.from(code(401)));
    await precompress(assets, cache);
    expect(readdirSync(cache)).toHaveLength(4);
    expect(gunzipSync(readFileSync(join(assets, "app-1.js.gz"))).equals(Buffer.from(code(401)))).toBe(true);
  });
});

describe("pages", () => {
  it("page-data/ is left to the page pipeline (one file per page), which compresses it with the pages", async () => {
    dir = mkdtempSync(join(tmpdir(), "precompress-"));
    mkdirSync(join(dir, "page-data"));
    writeFileSync(join(dir, "app-1.js"), code(400));
    writeFileSync(join(dir, "page-data", "about-us-1a2b3c4d.js"), code(400));
    const done = await precompress(dir);
    expect(done.map((d) => d.file)).toEqual([join(dir, "app-1.js")]);
    const page = join(dir, "page-data", "about-us-1a2b3c4d.js");
    const data = readFileSync(page);
    expect(compressFile(page, data, pageBrotliQuality(29))).toMatchObject({ size: data.length });
    expect(brotliDecompressSync(readFileSync(`${page}.br`)).equals(data)).toBe(true);
    expect(gunzipSync(readFileSync(`${page}.gz`)).equals(data)).toBe(true);
    expect(compressFile(join(dir, "tiny.html"), Buffer.from("<p>hi</p>"), 10)).toBeNull();
  });

  it("Brotli 10 for a site of up to 50 pages, 6 beyond (a big site's build stays in proportion)", () => {
    expect(pageBrotliQuality(29)).toBe(10);
    expect(pageBrotliQuality(50)).toBe(10);
    expect(pageBrotliQuality(51)).toBe(6);
  });
});
