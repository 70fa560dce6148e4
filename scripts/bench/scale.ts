/**
 * Build scaling: how validation, the whole build and the dev preview grow with the number of
 * pages. Generates N synthetic pages (copies of the real ones, each with its own title, internal
 * links kept valid) in a temporary copy of the project and times loadSite(), `npm run validate`
 * (whole process), the production build (`react-router build`) phase by phase with its peak
 * memory, and in `npm run dev` the time from saving a page file to the browser showing it.
 */
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../chromium.ts";
import { hasErrors, loadSite, schemaSet } from "../../src/content/site.ts";
import { startDevServer, waitForUrl } from "./serve.ts";

export interface ScaleRow {
  pages: number;
  routes: number;
  loadSiteMedianMs: number;
  loadSiteMinMs: number;
  msPerPage: number;
  validateCliMs: number;
  buildMs: number | null;
  build: BuildPhases | null;
  /** npm run dev: from saving a page file to the browser showing the change, each save (ms). */
  devSaveMs: number[] | null;
}

/** A production build's phases (ms) and the build process's peak resident memory (MB). */
export interface BuildPhases {
  startupMs: number;
  validateMs: number;
  clientBundleMs: number;
  serverBundleMs: number;
  prerenderMs: number;
  postBuildMs: number;
  /** Post-build's wait for the pages still being compressed when the pre-render ended (src/deploy/page-pipeline.ts). */
  postBuildPagesMs: number;
  /** Post-build's compression of the assets (the pages are compressed during the pre-render). */
  assetsCompressMs: number;
  peakRssMb: number;
  /** The build's line about picture copies (how many, encoded or from the cache, how long). */
  pictures: string;
}

const seconds = (line: string, pattern: RegExp) => {
  const m = pattern.exec(line);
  return m?.[1] === undefined ? 0 : Number(m[1]) * 1000;
};

/**
 * `react-router build` in `dir`, timed from its output: when the client and server bundles start,
 * the first and last "Prerender" lines, and the post-build lines (which give their own times).
 * Peak memory is the kernel's high-water mark for the process (/proc/<pid>/status, VmHWM), read
 * repeatedly while it runs.
 */
export async function timedBuild(dir: string): Promise<BuildPhases & { totalMs: number }> {
  const started = performance.now();
  const child = spawn(join(dir, "node_modules", ".bin", "react-router"), ["build"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
  const at: Record<string, number> = {};
  let firstPrerender = 0;
  let lastPrerender = 0;
  let validateMs = 0;
  let pagesMs = 0;
  let assetsMs = 0;
  let pictures = "";
  let peakKb = 0;
  let errors = "";
  const poll = setInterval(() => {
    try {
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"));
      if (hwm?.[1]) peakKb = Math.max(peakKb, Number(hwm[1]));
    } catch {
      // The process has ended.
    }
  }, 100);
  const onLine = (line: string) => {
    const now = performance.now() - started;
    if (line.includes("building client environment")) at.client = now;
    else if (line.includes("building ssr environment")) at.server = now;
    else if (line.startsWith("Prerender (")) {
      firstPrerender ||= now;
      lastPrerender = now;
    } else if (line.startsWith("site-config/ checked")) validateMs = seconds(line, / in ([\d.]+) s/);
    else if (line.startsWith("Post-build:")) pagesMs = seconds(line, /the last ones ([\d.]+) s after/);
    else if (line.startsWith("Pictures:")) pictures = line;
    else if (line.startsWith("Pre-compressed")) {
      assetsMs = seconds(line, /assets in ([\d.]+) s/);
      at.done = now;
    }
  };
  let pending = "";
  const onData = (d: Buffer) => {
    const lines = (pending + d.toString()).split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) onLine(line.trim());
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", (d: Buffer) => {
    errors = (errors + d.toString()).slice(-3000);
    onData(d);
  });
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  clearInterval(poll);
  const totalMs = performance.now() - started;
  if (code !== 0) throw new Error(`The build failed:\n${errors}`);
  const { client = 0, server = 0, done = totalMs } = at;
  return {
    totalMs,
    startupMs: client,
    validateMs,
    clientBundleMs: server - client,
    serverBundleMs: firstPrerender - server,
    prerenderMs: lastPrerender - firstPrerender,
    postBuildMs: done - lastPrerender,
    postBuildPagesMs: pagesMs,
    assetsCompressMs: assetsMs,
    peakRssMb: Math.round(peakKb / 1024),
    pictures,
  };
}

/**
 * `npm run dev` over the synthetic content (SITE_ROOT), Chromium on /about-us: `saves` times, the
 * page file gets a new title, and the time runs until the browser's document has it (the page
 * reloads itself when content changes).
 */
export async function devSaveToBrowser(root: string, contentDir: string, port: number, saves = 10): Promise<number[]> {
  const server = startDevServer(root, contentDir, port);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForUrl(`${base}/about-us`, 180_000);
    const page = await browser.newPage();
    await page.goto(`${base}/about-us`);
    await page.waitForLoadState("networkidle");
    const file = join(contentDir, "site-config", "pages", "about-us.json");
    const original = readFileSync(file, "utf8");
    const times: number[] = [];
    try {
      for (let i = 1; i <= saves; i++) {
        const marker = `Saved ${i}-${Date.now()}`;
        const edited = original.replace(/"title": "[^"]*"/, `"title": "${marker} | About us"`);
        if (edited === original) throw new Error(`No "title" to change in ${file}.`);
        const t = performance.now();
        writeFileSync(file, edited);
        await page.waitForFunction((m) => document.title.includes(m), marker, { timeout: 30_000, polling: 10 });
        times.push(Math.round(performance.now() - t));
        await page.waitForLoadState("networkidle");
      }
    } finally {
      writeFileSync(file, original);
    }
    return times;
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }
}

const median = (xs: number[]) => {
  const m = [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  if (m === undefined) throw new Error("No timings to take the median of.");
  return m;
};

/** Copies of the pages in `pagesDir` (each with its own title) until it has `n`. */
export function addPages(pagesDir: string, n: number): void {
  const templates = readdirSync(pagesDir)
    .sort()
    .map((f) => readFileSync(join(pagesDir, f), "utf8"));
  for (let i = templates.length; i < n; i++) {
    // Titles must be unique across pages (an SEO rule), so each copy gets its own.
    const template = templates[i % templates.length];
    if (template === undefined) throw new Error(`No pages in ${pagesDir} to make copies of.`);
    const text = template.replace(/"title": "[^"]*"/, `"title": "Synthetic page ${i} | Vistaar Technologies"`);
    writeFileSync(join(pagesDir, `generated-page-${i}.json`), text);
  }
}

/** A copy of the project with n pages in site-config/pages (node_modules linked, the rest copied). */
export function makeProject(root: string, n: number): string {
  const dir = mkdtempSync(join(tmpdir(), "bench-site-"));
  for (const f of ["site-config", "schemas", "public", "src"]) cpSync(join(root, f), join(dir, f), { recursive: true });
  for (const f of ["package.json", "tsconfig.json", "vite.config.ts", "react-router.config.ts"]) cpSync(join(root, f), join(dir, f));
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
  addPages(join(dir, "site-config", "pages"), n);
  return dir;
}

export async function runScale(root: string, sizes: number[], runs: number, build: boolean, dev: boolean, port: number): Promise<ScaleRow[]> {
  schemaSet(join(root, "schemas"));
  const rows: ScaleRow[] = [];
  for (const n of sizes) {
    const dir = makeProject(root, n);
    try {
      loadSite(dir); // warm-up: compiles the validators, as the first save in dev does
      const times: number[] = [];
      let routes = 0;
      // As after a save in npm run dev: one page file changed, the others as they were (their parse and check are reused).
      const saved = join(dir, "site-config", "pages", "about-us.json");
      for (let r = 0; r < runs; r++) {
        writeFileSync(saved, readFileSync(saved, "utf8").replace(/"title": "[^"]*"/, `"title": "About us, run ${r} | Vistaar Technologies"`));
        const t = performance.now();
        const result = loadSite(dir);
        times.push(performance.now() - t);
        if (hasErrors(result.problems))
          throw new Error(
            `Synthetic site with ${n} pages did not validate cleanly:\n${result.problems
              .slice(0, 5)
              .map((p) => `${p.file}:${p.line} ${p.message}`)
              .join("\n")}`,
          );
        routes = result.routes.length;
      }
      const cli: number[] = [];
      for (let r = 0; r < 3; r++) {
        const t = performance.now();
        const res = spawnSync(join(root, "node_modules", ".bin", "tsx"), [join(root, "scripts", "validate.ts")], {
          env: { ...process.env, SITE_ROOT: dir },
          encoding: "utf8",
        });
        cli.push(performance.now() - t);
        if (res.status !== 0) throw new Error(`validate failed:\n${res.stderr}`);
      }
      let phases: (BuildPhases & { totalMs: number }) | null = null;
      if (build) {
        process.stdout.write(`  building ${n} pages... `);
        phases = await timedBuild(dir);
        console.log(`${(phases.totalMs / 1000).toFixed(1)} s, peak ${phases.peakRssMb} MB`);
      }
      let devSaveMs: number[] | null = null;
      if (dev) {
        process.stdout.write(`  npm run dev with ${n} pages: saving a page 10 times... `);
        devSaveMs = await devSaveToBrowser(root, dir, port);
        console.log(`median ${median(devSaveMs)} ms`);
      }
      const med = median(times);
      rows.push({
        pages: n,
        routes,
        loadSiteMedianMs: Math.round(med),
        loadSiteMinMs: Math.round(Math.min(...times)),
        msPerPage: +(med / n).toFixed(3),
        validateCliMs: Math.round(median(cli)),
        buildMs: phases && Math.round(phases.totalMs),
        build: phases && { ...phases, totalMs: undefined },
        devSaveMs,
      } as ScaleRow);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return rows;
}

export function printScale(rows: ScaleRow[], runs: number): string {
  const lines = [
    "",
    `Build scaling (synthetic pages; loadSite: median of ${runs} runs, each after one page file changed, as in npm run dev; validate CLI: a fresh process, median of 3)`,
    "",
    "pages  routes  loadSite ms  min ms  ms/page  npm run validate ms  < 2 s   build s",
  ];
  for (const r of rows) {
    lines.push(
      `${String(r.pages).padStart(5)}  ${String(r.routes).padStart(6)}  ${String(r.loadSiteMedianMs).padStart(11)}  ${String(r.loadSiteMinMs).padStart(6)}  ${r.msPerPage.toFixed(3).padStart(7)}  ${String(r.validateCliMs).padStart(19)}  ${r.validateCliMs < 2000 ? "PASS" : "FAIL"}  ${r.buildMs === null ? "-" : (r.buildMs / 1000).toFixed(1).padStart(8)}`,
    );
  }
  const built = rows.filter((r) => r.build);
  if (built.length > 0) {
    const s = (ms: number) => (ms / 1000).toFixed(1).padStart(7);
    lines.push(
      "",
      "Build phases, s (peak memory of the build process)",
      "",
      "Pages are deferred and compressed during the pre-render, on a second thread; post-build waits for the last ones and compresses the assets.",
      "",
      "pages  startup  validate  client  server  pre-render  post-build  last pages  assets compressed  total  peak MB",
    );
    for (const r of built) {
      const b = r.build as BuildPhases;
      lines.push(
        `${String(r.pages).padStart(5)}  ${s(b.startupMs)}  ${s(b.validateMs).padStart(8)}  ${s(b.clientBundleMs).padStart(6)}  ${s(b.serverBundleMs).padStart(6)}  ${s(b.prerenderMs).padStart(10)}  ${s(b.postBuildMs).padStart(10)}  ${s(b.postBuildPagesMs).padStart(10)}  ${s(b.assetsCompressMs).padStart(17)}  ${s(r.buildMs ?? 0).padStart(5)}  ${String(b.peakRssMb).padStart(7)}`,
      );
    }
  }
  const dev = rows.filter((r) => r.devSaveMs);
  if (dev.length > 0) {
    lines.push("", "npm run dev: saving a page file to the browser showing it (10 saves), ms", "", "pages  median  slowest");
    for (const r of dev)
      lines.push(`${String(r.pages).padStart(5)}  ${String(median(r.devSaveMs ?? [])).padStart(6)}  ${String(Math.max(...(r.devSaveMs ?? []))).padStart(7)}`);
  }
  const first = rows[0];
  const last = rows.at(-1);
  if (first && last && rows.length > 1) {
    lines.push(
      "",
      `Scaling ${first.pages} -> ${last.pages} pages: validation x${(last.loadSiteMedianMs / Math.max(1, first.loadSiteMedianMs)).toFixed(1)}${first.buildMs && last.buildMs ? `, build x${(last.buildMs / first.buildMs).toFixed(1)}` : ""} for pages x${(last.pages / first.pages).toFixed(1)}`,
    );
  }
  return lines.join("\n");
}
