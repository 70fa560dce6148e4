/**
 * The build's page pipeline (src/deploy/page-pipeline.ts), driven as entry.server.tsx drives it
 * during the pre-render: each page comes back with its scripts deferred, and the page, the script
 * moved out of it and its page data are written compressed beside it, decoding to exactly what
 * React Router writes. Pages it cannot finish fail the build by route; the SPA fallback (a second
 * render of /) and unknown paths are left as rendered.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { DEFERRED_DIR, startPagePipeline } from "@/deploy/page-pipeline";

let dir: string | undefined;
let pipeline: ReturnType<typeof startPagePipeline> | undefined;
afterEach(async () => {
  await pipeline?.finish().catch(() => undefined);
  pipeline = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// As React Router writes a page: module preload, an inline route-data script (big: moved to a file), the entry module.
const PAGE = (title: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>${title}</title><link rel="modulepreload" href="/assets/vendor-DDDDDDDD.js"/></head>` +
  `<body><main>${"<p>Some text of the page, long enough to be worth compressing.</p>".repeat(40)}` +
  `<img src="/assets/img/photo.0123456789.640.webp" srcset="/assets/img/photo.0123456789.640.webp 640w, /assets/img/photo.0123456789.1280.webp 1280w"/></main>` +
  `<script>window.__reactRouterContext = {};</script><script type="module" async="">import "/assets/root-AAAAAAAA.js";</script>` +
  `<script>${`window.__data = ${JSON.stringify("x".repeat(4000))};`}</script></body></html>`;

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array | undefined) => new TextDecoder().decode(data);

const decodesTo = (file: string, text: string) => {
  expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString(), `${file}.br`).toBe(text);
  expect(gunzipSync(readFileSync(`${file}.gz`)).toString(), `${file}.gz`).toBe(text);
};

describe("page pipeline", () => {
  it("defers a page's scripts and writes it, its moved script and its data compressed, from memory", async () => {
    dir = mkdtempSync(join(tmpdir(), "pipeline-"));
    const client = join(dir, "client");
    pipeline = startPagePipeline(client, ["/", "/services/rpa"], 10);

    const html = text(await pipeline.page("/services/rpa/", bytes(PAGE("RPA"))));
    expect(html).toContain('<template data-deferred><script type="module"');
    expect(html).not.toContain("window.__data");
    const data = `[{"_1":2},"routes/page",${JSON.stringify("d".repeat(3000))}]`;
    await pipeline.data("/services/rpa.data", bytes(data));

    const result = await pipeline.finish();
    expect(result?.pages).toEqual(new Set(["/services/rpa"]));
    expect(result?.imageUrls).toEqual(new Set(["/assets/img/photo.0123456789.640.webp", "/assets/img/photo.0123456789.1280.webp"]));
    decodesTo(join(client, "services", "rpa", "index.html"), html);
    decodesTo(join(client, "services", "rpa.data"), data);
    const [script] = readdirSync(join(client, DEFERRED_DIR)).filter((f) => f.endsWith(".js"));
    expect(script).toMatch(/^services-rpa-[0-9a-f]{8}\.js$/);
    const code = readFileSync(join(client, DEFERRED_DIR, script ?? ""), "utf8");
    expect(code).toContain("window.__data");
    expect(html).toContain(`src="/${DEFERRED_DIR}/${script}"`);
    decodesTo(join(client, DEFERRED_DIR, script ?? ""), code);
    expect(result?.compressed.map((c) => c.file).sort()).toEqual(
      [join(client, "services", "rpa", "index.html"), join(client, "services", "rpa.data"), join(client, DEFERRED_DIR, script ?? "")].sort(),
    );
  });

  it("leaves the SPA fallback (/ rendered again) and paths that are not routes as rendered", async () => {
    dir = mkdtempSync(join(tmpdir(), "pipeline-"));
    pipeline = startPagePipeline(join(dir, "client"), ["/"], 10);
    const first = text(await pipeline.page("/", bytes(PAGE("Home"))));
    expect(first).toContain("<template data-deferred>");
    expect(text(await pipeline.page("/", bytes(PAGE("Fallback"))))).toBe(PAGE("Fallback"));
    expect(text(await pipeline.page("/not-a-route/", bytes(PAGE("Other"))))).toBe(PAGE("Other"));
    // The home page's data, under the name React Router gives it (v8: /_.data), is compressed whatever that name.
    await pipeline.data("/_.data", bytes("x".repeat(2000)));
    const result = await pipeline.finish();
    expect(result?.pages).toEqual(new Set(["/"]));
    expect(result?.data).toEqual(new Set(["/_.data"]));
    expect(result?.files).toEqual(new Set(["index.html", "_.data"]));
    expect(result?.repeats).toBe(2);
    expect(existsSync(join(dir, "client", "_.data.br"))).toBe(true);
    expect(existsSync(join(dir, "client", "not-a-route"))).toBe(false);
  });

  it("a page it cannot finish fails the build, naming the route", async () => {
    dir = mkdtempSync(join(tmpdir(), "pipeline-"));
    const started = startPagePipeline(join(dir, "client"), ["/about-us"], 10);
    const plain = "<!DOCTYPE html><html><head></head><body><p>No scripts</p></body></html>";
    expect(text(await started.page("/about-us/", bytes(plain)))).toBe(plain);
    await expect(started.finish()).rejects.toThrow(/\/about-us: The page has no script to defer/);
  });
});
