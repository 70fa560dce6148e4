/**
 * The images check of `npm run bench`: what photos cost visitors. Two copies of the project are
 * built: one with today's media, one whose home hero poster is a 4000 x 2667 JPEG photo and whose
 * web portfolio tiles are 2400 x 1600 PNG screenshots, made here with sharp (their sizes in
 * docs/performance.md, "Photos in the content"). The
 * photo copy is built twice, from an empty encoding cache and then from a warm one. Lighthouse
 * (mobile, simulated throttling) runs on / and /web-development of both, interleaved.
 */
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync, mkdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makePhoto, makeScreenshot } from "./pictures.ts";
import { auditRoute, launchChrome, median, startServer, type RunResult } from "./lighthouse.ts";
import { makeProject, timedBuild } from "./scale.ts";

export const IMAGE_ROUTES = ["/", "/web-development"];
const TARGETS = { score: 100, floor: 99, ratio: 1.1 };

export interface ImagesRoute {
  route: string;
  today: RunResult[];
  photos: RunResult[];
}

export interface ImagesBench {
  runs: number;
  /** The pictures put in, bytes. */
  originals: { photo: number; screenshots: number[] };
  builds: { todayS: number; coldS: number; warmS: number; cold: string; warm: string };
  /** The copies made of the hero photo: file name and bytes. */
  heroCopies: [string, number][];
  routes: ImagesRoute[];
}

/** Sets the "src" of every image whose path starts with `from` to the next of `to` (in order, cycling). */
function replaceSources(file: string, from: string, to: string[]): number {
  const text = readFileSync(file, "utf8");
  let n = 0;
  const out = text.replace(new RegExp(`"src": "${from.replace(/[/.]/g, "\\$&")}[^"]*"`, "g"), () => `"src": "${to[n++ % to.length]}"`);
  if (n === 0) throw new Error(`No image under ${from} in ${file}`);
  writeFileSync(file, out);
  return n;
}

export async function runImagesBench(root: string, runs: number, port: number): Promise<ImagesBench> {
  const today = makeProject(root, 0);
  const photos = makeProject(root, 0);
  const cache = mkdtempSync(join(tmpdir(), "bench-image-cache-"));
  const previousCache = process.env.IMAGE_CACHE_DIR;
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  try {
    const mediaDir = join(photos, "public", "media", "bench");
    mkdirSync(mediaDir, { recursive: true });
    const photo = await makePhoto(4000, 2667);
    writeFileSync(join(mediaDir, "hero-photo.jpg"), photo);
    const shots: string[] = [];
    const screenshotBytes: number[] = [];
    for (let i = 1; i <= 6; i++) {
      const png = await makeScreenshot(2400, 1600, i);
      writeFileSync(join(mediaDir, `screenshot-${i}.png`), png);
      shots.push(`/media/bench/screenshot-${i}.png`);
      screenshotBytes.push(png.length);
    }
    replaceSources(join(photos, "site-config", "pages", "home.json"), "/media/hero-poster", ["/media/bench/hero-photo.jpg"]);
    replaceSources(join(photos, "site-config", "collections", "web-portfolio.json"), "/media/portfolio/", shots);
    console.log(
      `Images: a ${(photo.length / 1024).toFixed(0)} KB 4000 x 2667 JPEG as the home hero, 6 PNG screenshots 2400 x 1600 (${(screenshotBytes.reduce((a, b) => a + b, 0) / 1024).toFixed(0)} KB) in the web portfolio`,
    );

    // An empty cache for the first build; the others find their copies in it (today's media shares the
    // hero-poster.webp of the other pages with the photo copy).
    process.env.IMAGE_CACHE_DIR = cache;
    process.stdout.write("  building with the photos, empty cache... ");
    const cold = await timedBuild(photos);
    console.log(`${(cold.totalMs / 1000).toFixed(1)} s (${cold.pictures})`);
    process.stdout.write("  building with the photos again, warm cache... ");
    const warm = await timedBuild(photos);
    console.log(`${(warm.totalMs / 1000).toFixed(1)} s (${warm.pictures})`);
    process.stdout.write("  building with today's media, warm cache... ");
    const base = await timedBuild(today);
    console.log(`${(base.totalMs / 1000).toFixed(1)} s (${base.pictures})`);
    const imgDir = join(photos, "dist", "client", "assets", "img");
    const heroCopies = readdirSync(imgDir)
      .filter((f) => f.startsWith("hero-photo."))
      .sort((a, b) => Number(a.split(".")[2]) - Number(b.split(".")[2]) || a.localeCompare(b))
      .map((f): [string, number] => [f, statSync(join(imgDir, f)).size]);

    servers.push(await startServer(root, join(today, "dist", "client"), port), await startServer(root, join(photos, "dist", "client"), port + 1));
    const chrome = await launchChrome();
    const routes: ImagesRoute[] = [];
    try {
      console.log(`  Lighthouse (mobile, simulated throttling), ${runs} runs per route and media, interleaved`);
      for (const route of IMAGE_ROUTES) {
        const r: ImagesRoute = { route, today: [], photos: [] };
        for (let i = 0; i < runs; i++) {
          r.today.push(await auditRoute(`http://127.0.0.1:${port}`, route, chrome.port));
          r.photos.push(await auditRoute(`http://127.0.0.1:${port + 1}`, route, chrome.port));
        }
        routes.push(r);
      }
    } finally {
      await chrome.kill();
    }
    return {
      runs,
      originals: { photo: photo.length, screenshots: screenshotBytes },
      builds: { todayS: base.totalMs / 1000, coldS: cold.totalMs / 1000, warmS: warm.totalMs / 1000, cold: cold.pictures, warm: warm.pictures },
      heroCopies,
      routes,
    };
  } finally {
    for (const s of servers) s.kill();
    if (previousCache === undefined) delete process.env.IMAGE_CACHE_DIR;
    else process.env.IMAGE_CACHE_DIR = previousCache;
    for (const dir of [today, photos, cache]) rmSync(dir, { recursive: true, force: true });
  }
}

/** The table and the targets; `ok` is false when a target is missed. */
export function printImagesBench(b: ImagesBench): { text: string; ok: boolean } {
  const med = (rs: RunResult[], f: (r: RunResult) => number) => median(rs.map(f));
  const lines = [
    "",
    `Images: Lighthouse mobile, median of ${b.runs} runs (min Performance in brackets); LCP ratio = with photos / with today's media`,
    "",
    "route             media   perf  LCP ms   CLS    LCP ratio",
  ];
  const checks: [string, boolean, string][] = [];
  for (const r of b.routes) {
    const lcpToday = med(r.today, (x) => x.lcp);
    const lcpPhotos = med(r.photos, (x) => x.lcp);
    const ratio = lcpPhotos / lcpToday;
    const row = (name: string, rs: RunResult[], extra: string) =>
      `${r.route.padEnd(16)}  ${name.padEnd(6)}  ${String(med(rs, (x) => x.scores.performance)).padStart(3)} (${Math.min(...rs.map((x) => x.scores.performance))})  ${String(Math.round(med(rs, (x) => x.lcp))).padStart(6)}  ${med(rs, (x) => x.cls).toFixed(3)}  ${extra}`;
    lines.push(row("today", r.today, ""), row("photos", r.photos, ratio.toFixed(3).padStart(9)));
    const perf = med(r.photos, (x) => x.scores.performance);
    const lowest = Math.min(...r.photos.map((x) => x.scores.performance));
    checks.push(
      [
        `${r.route}: Performance ${TARGETS.score} with photos (no run below ${TARGETS.floor})`,
        perf >= TARGETS.score && lowest >= TARGETS.floor,
        `median ${perf}, lowest ${lowest}`,
      ],
      [
        `${r.route}: LCP within ${TARGETS.ratio}x of today's media`,
        ratio <= TARGETS.ratio,
        `${ratio.toFixed(3)} (${Math.round(lcpPhotos)} vs ${Math.round(lcpToday)} ms)`,
      ],
      [`${r.route}: CLS 0 with photos`, med(r.photos, (x) => x.cls).toFixed(3) === "0.000", med(r.photos, (x) => x.cls).toFixed(3)],
    );
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  lines.push(
    "",
    `Hero photo: ${kb(b.originals.photo)} JPEG; its copies (phone: the lighter ones for phones held upright): ${b.heroCopies
      .map(([f, n]) => `${f.split(".").slice(2).join(".")}${f.includes("-b.") ? " phone" : ""} ${kb(n)}`)
      .join(", ")}`,
    `Builds: photos, empty cache ${b.builds.coldS.toFixed(1)} s; photos, warm cache ${b.builds.warmS.toFixed(1)} s; today's media, warm cache ${b.builds.todayS.toFixed(1)} s`,
    `  empty cache: ${b.builds.cold}`,
    `  warm cache:  ${b.builds.warm}`,
    "",
    "Targets (images)",
    "",
  );
  checks.push(
    ["build with today's media, warm cache, <= 15 s", b.builds.todayS <= 15, `${b.builds.todayS.toFixed(1)} s`],
    ["rebuild with photos, warm cache: nothing encoded", / 0 encoded now/.test(b.builds.warm), b.builds.warm.replace(/^Pictures: /, "")],
  );
  for (const [name, ok, detail] of checks) lines.push(`  ${ok ? "PASS" : "FAIL"}  ${name.padEnd(58)}  ${detail}`);
  return { text: lines.join("\n"), ok: checks.every(([, ok]) => ok) };
}
