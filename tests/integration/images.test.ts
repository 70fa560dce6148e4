/**
 * Photos an editor drops in reach visitors as small, responsive copies: a copy of the site whose
 * home hero poster is a JPEG photo and whose web portfolio shows PNG screenshots is built (twice,
 * the second time from a warm cache), and its pages are read as a browser would.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultTreeAdapter as tree, parse, type DefaultTreeAdapterTypes as T } from "parse5";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePhoto, makeScreenshot } from "../../scripts/bench/pictures";
import { htmlFileOf } from "../../src/deploy/outputs";
import { filesByHash } from "../../src/images/facts";
import { IMAGE_DIR, variantOf } from "../../src/images/slots";
import { copySite, repoRoot, type SiteCopy } from "../helpers/site-copy";

let site: SiteCopy;
let cacheDir: string;
const builds: string[] = [];
const PHOTO = "/media/photos/team-at-work.jpg";
const SHOTS = [1, 2, 3].map((n) => `/media/photos/dashboard-${n}.png`);

function build(): string {
  const env: NodeJS.ProcessEnv = { ...process.env, SITE_ROOT: site.root, IMAGE_CACHE_DIR: cacheDir };
  for (const key of Object.keys(env)) if (key === "NODE_ENV" || key.startsWith("VITEST")) delete env[key];
  const result = spawnSync(join(repoRoot, "node_modules", ".bin", "react-router"), ["build"], {
    cwd: repoRoot,
    env,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`The build failed:\n${result.stdout.slice(-3000)}\n${result.stderr.slice(-3000)}`);
  return result.stdout;
}

beforeAll(async () => {
  site = copySite({ buildable: true, ownPublic: true });
  cacheDir = mkdtempSync(join(tmpdir(), "image-cache-"));
  mkdirSync(join(site.root, "public", "media", "photos"));
  writeFileSync(join(site.root, "public", PHOTO), await makePhoto(2400, 1600));
  for (const [i, shot] of SHOTS.entries()) writeFileSync(join(site.root, "public", shot), await makeScreenshot(1600, 1000, i + 1));
  site.edit("pages/home.json", (text) => text.replace('"src": "/media/hero-poster.webp"', `"src": "${PHOTO}"`));
  site.edit("collections/web-portfolio.json", (text) => {
    let n = 0;
    return text.replace(/"src": "\/media\/portfolio\/[^"]+"/g, (found) => (n < SHOTS.length ? `"src": "${SHOTS[n++]}"` : found));
  });
  builds.push(build(), build());
  const publicDir = join(site.root, "public");
  const rasters = readdirSync(publicDir, { recursive: true, encoding: "utf8" }).filter((f) => /\.(jpe?g|png|webp)$/.test(f));
  byHash = await filesByHash(
    publicDir,
    rasters.map((f) => `/${f}`),
  );
}, 240_000);

afterAll(() => {
  site?.remove();
  if (cacheDir) rmSync(cacheDir, { recursive: true, force: true });
});

const clientDir = () => join(site.root, "dist", "client");
const attr = (el: T.Element, name: string) => el.attrs.find((a) => a.name === name)?.value;
function elements(parent: T.ParentNode): T.Element[] {
  return parent.childNodes.flatMap((child) => (tree.isElementNode(child) ? [child, ...(child.tagName === "template" ? [] : elements(child))] : []));
}
const page = (route: string) => elements(parse(readFileSync(join(clientDir(), htmlFileOf(route)), "utf8")));
/** The picture in public/ a copy is made from: the one whose hash its name carries. */
let byHash: Map<string, string>;
function originalOf(url: string): string {
  const found = byHash.get(variantOf(url)?.hash ?? "");
  if (!found) throw new Error(`${url} is a copy of no picture in public/`);
  return found;
}
const candidates = (srcset = "") => srcset.split(",").map((c) => c.trim().split(/\s+/)[0] ?? "");

describe("a photo and screenshots in the content", () => {
  it("the first build encodes the copies, a rebuild with a warm cache encodes none", () => {
    const [first, second] = builds;
    expect(first).toMatch(/Pictures: (\d+) copies .*, \1 encoded now, 0 from the cache/);
    expect(second).toMatch(/Pictures: (\d+) copies .*, 0 encoded now, \1 from the cache/);
  });

  it.each(["/", "/web-development"])("every <img> of a raster picture on %s has srcset, sizes, and the file's own width and height", async (route) => {
    const imgs = page(route).filter((el) => el.tagName === "img");
    const raster = imgs.filter((img) => attr(img, "src")?.startsWith(IMAGE_DIR));
    expect(raster.length).toBeGreaterThan(route === "/" ? 0 : SHOTS.length - 1);
    // No picture is sent as the original file: every JPEG or PNG goes through the copies.
    expect(imgs.map((img) => attr(img, "src")).filter((src) => /\.(jpe?g|png|webp|avif|gif)$/i.test(src ?? "") && !src?.startsWith(IMAGE_DIR))).toEqual([]);
    for (const img of raster) {
      expect(attr(img, "sizes")).toBeTruthy();
      const set = candidates(attr(img, "srcset"));
      expect(set.length).toBeGreaterThan(0);
      const source = img.parentNode && tree.isElementNode(img.parentNode) ? img.parentNode : undefined;
      expect(source?.tagName).toBe("picture");
      const avif = source && elements(source).find((el) => el.tagName === "source" && attr(el, "type") === "image/avif");
      expect(candidates(avif && attr(avif, "srcset")).length).toBe(set.length);
      // Width and height are the original file's own.
      const meta = await sharp(originalOf(set[0] ?? "")).metadata();
      expect([Number(attr(img, "width")), Number(attr(img, "height"))]).toEqual([meta.width, meta.height]);
    }
  });

  it("the hero's photo is in its file's size, and preloaded from <head> with its srcset, sizes and high priority", async () => {
    const els = page("/");
    const preload = els.find((el) => el.tagName === "link" && attr(el, "rel") === "preload" && attr(el, "imagesrcset")?.includes("team-at-work"));
    expect(preload).toBeDefined();
    expect(attr(preload!, "fetchpriority")).toBe("high");
    // One screen tall, so on a tall screen wider than the screen: 1.5 screen heights for a 3:2 photo.
    expect(attr(preload!, "imagesizes")).toBe("max(100vw, 150vh)");
    expect(attr(preload!, "type")).toBe("image/avif");
    const hero = els.find((el) => el.tagName === "img" && attr(el, "src")?.includes("team-at-work"));
    expect([attr(hero!, "width"), attr(hero!, "height"), attr(hero!, "fetchpriority"), attr(hero!, "loading")]).toEqual(["2400", "1600", "high", "eager"]);
    // The other pictures wait until they are near the viewport.
    const others = els.filter((el) => el.tagName === "img" && el !== hero && attr(el, "src")?.startsWith(IMAGE_DIR));
    for (const img of others) expect(attr(img, "loading")).toBe("lazy");
  });

  it("each AVIF and WebP copy exists, is no wider than the original, and is smaller than it", async () => {
    const urls = new Set(
      [...page("/"), ...page("/web-development")].flatMap((el) => [...candidates(attr(el, "srcset")), ...candidates(attr(el, "imagesrcset"))]),
    );
    const copies = [...urls].filter((u) => u.startsWith(IMAGE_DIR));
    expect(copies.some((u) => u.endsWith(".avif"))).toBe(true);
    expect(copies.some((u) => u.endsWith(".webp"))).toBe(true);
    for (const url of copies) {
      const file = join(clientDir(), url);
      expect(existsSync(file), url).toBe(true);
      const source = originalOf(url);
      expect(statSync(file).size, url).toBeLessThan(statSync(source).size);
      const [copy, from] = await Promise.all([sharp(file).metadata(), sharp(source).metadata()]);
      expect(copy.width).toBe(variantOf(url)?.width);
      expect(copy.width!).toBeLessThanOrEqual(from.width!);
    }
  });
});
