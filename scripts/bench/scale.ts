/**
 * Build scaling: how validation and the whole build grow with the number of
 * pages. Generates N synthetic pages (copies of the real ones, each with its
 * own title, internal links kept valid) in a temporary copy of the project and
 * times loadSite(), `npm run validate` (whole process) and the production
 * build (`react-router build`: validate, bundle, pre-render, post-build).
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hasErrors, loadSite, schemaSet } from "../../src/content/site.ts";

export interface ScaleRow {
  pages: number;
  routes: number;
  loadSiteMedianMs: number;
  loadSiteMinMs: number;
  msPerPage: number;
  validateCliMs: number;
  buildMs: number | null;
}

const median = (xs: number[]) => {
  const m = [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  if (m === undefined) throw new Error("No timings to take the median of.");
  return m;
};

/** A copy of the project with n pages in site-config/pages (node_modules linked, the rest copied). */
function makeProject(root: string, n: number): string {
  const dir = mkdtempSync(join(tmpdir(), "bench-site-"));
  for (const f of ["site-config", "schemas", "public", "src"]) cpSync(join(root, f), join(dir, f), { recursive: true });
  for (const f of ["package.json", "tsconfig.json", "vite.config.ts", "react-router.config.ts"]) cpSync(join(root, f), join(dir, f));
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
  const pagesDir = join(dir, "site-config", "pages");
  const templates = readdirSync(pagesDir)
    .sort()
    .map((f) => readFileSync(join(pagesDir, f), "utf8"));
  mkdirSync(pagesDir, { recursive: true });
  for (let i = templates.length; i < n; i++) {
    // Titles must be unique across pages (an SEO rule), so each copy gets its own.
    const template = templates[i % templates.length];
    if (template === undefined) throw new Error(`No pages in ${pagesDir} to make copies of.`);
    const text = template.replace(/"title": "[^"]*"/, `"title": "Synthetic page ${i} | Vistaar Technologies"`);
    writeFileSync(join(pagesDir, `generated-page-${i}.json`), text);
  }
  return dir;
}

export function runScale(root: string, sizes: number[], runs: number, build: boolean): ScaleRow[] {
  schemaSet(join(root, "schemas"));
  const rows: ScaleRow[] = [];
  for (const n of sizes) {
    const dir = makeProject(root, n);
    try {
      loadSite(dir); // warm-up: compiles the validators, as the first save in dev does
      const times: number[] = [];
      let routes = 0;
      for (let r = 0; r < runs; r++) {
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
      let buildMs: number | null = null;
      if (build) {
        process.stdout.write(`  building ${n} pages... `);
        const t = performance.now();
        const res = spawnSync(join(dir, "node_modules", ".bin", "react-router"), ["build"], { cwd: dir, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
        buildMs = Math.round(performance.now() - t);
        if (res.status !== 0) throw new Error(`build of ${n} pages failed:\n${res.stderr.slice(-3000)}`);
        console.log(`${(buildMs / 1000).toFixed(1)} s`);
      }
      const med = median(times);
      rows.push({
        pages: n,
        routes,
        loadSiteMedianMs: Math.round(med),
        loadSiteMinMs: Math.round(Math.min(...times)),
        msPerPage: +(med / n).toFixed(3),
        validateCliMs: Math.round(median(cli)),
        buildMs,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return rows;
}

export function printScale(rows: ScaleRow[], runs: number): string {
  const lines = [
    "",
    `Build scaling (synthetic pages; loadSite median of ${runs} runs with validators compiled; validate CLI median of 3)`,
    "",
    "pages  routes  loadSite ms  min ms  ms/page  npm run validate ms  < 2 s   build s",
  ];
  for (const r of rows) {
    lines.push(
      `${String(r.pages).padStart(5)}  ${String(r.routes).padStart(6)}  ${String(r.loadSiteMedianMs).padStart(11)}  ${String(r.loadSiteMinMs).padStart(6)}  ${r.msPerPage.toFixed(3).padStart(7)}  ${String(r.validateCliMs).padStart(19)}  ${r.validateCliMs < 2000 ? "PASS" : "FAIL"}  ${r.buildMs === null ? "-" : (r.buildMs / 1000).toFixed(1).padStart(8)}`,
    );
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
