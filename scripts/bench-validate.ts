/**
 * `npm run bench`: how validation scales with the number of pages.
 * Generates N synthetic pages (copies of the real ones, with their internal
 * links kept valid) in a temporary site and times `loadSite` over it.
 * Prints a table; writes bench-results/validate.json. Not a test.
 *
 *   npm run bench                 # 100, 500 and 1000 pages, 5 runs each
 *   npm run bench -- --pages 1000 --runs 3
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { hasErrors, loadSite, schemaSet } from "../src/content/load.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({ options: { pages: { type: "string", multiple: true }, runs: { type: "string", default: "5" } } });
const sizes = (values.pages ?? ["100", "500", "1000"]).map(Number);
const runs = Number(values.runs);

const templates = readdirSync(join(root, "site-config", "pages")).map((f) => readFileSync(join(root, "site-config", "pages", f), "utf8"));

function makeSite(n: number): string {
  const dir = mkdtempSync(join(tmpdir(), "bench-site-"));
  cpSync(join(root, "site-config"), join(dir, "site-config"), { recursive: true });
  symlinkSync(join(root, "schemas"), join(dir, "schemas"));
  symlinkSync(join(root, "public"), join(dir, "public"));
  mkdirSync(join(dir, "site-config", "pages"), { recursive: true });
  for (let i = templates.length; i < n; i++) {
    writeFileSync(join(dir, "site-config", "pages", `generated-page-${i}.json`), templates[i % templates.length]!);
  }
  return dir;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
schemaSet(join(root, "schemas"));
const rows: { pages: number; medianMs: number; minMs: number; msPerPage: number; cliMs: number }[] = [];
/** Wall-clock time of the real CLI, `npm run validate`, process start-up and schema compilation included. */
function cliMs(dir: string): number {
  const times: number[] = [];
  for (let r = 0; r < 3; r++) {
    const t = performance.now();
    const res = spawnSync(join(root, "node_modules", ".bin", "tsx"), [join(root, "scripts", "validate.ts")], { env: { ...process.env, SITE_ROOT: dir }, encoding: "utf8" });
    times.push(performance.now() - t);
    if (res.status !== 0) throw new Error(`validate failed:\n${res.stderr}`);
  }
  return Math.round(median(times));
}
for (const n of sizes) {
  const dir = makeSite(n);
  const times: number[] = [];
  // One warm-up run compiles the validators, as the first save in dev does.
  loadSite(dir);
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    const result = loadSite(dir);
    times.push(performance.now() - t);
    if (hasErrors(result.problems) || result.pages.length !== Math.max(n, templates.length)) throw new Error("Synthetic site did not validate cleanly");
  }
  const cli = cliMs(dir);
  rmSync(dir, { recursive: true, force: true });
  rows.push({ pages: Math.max(n, templates.length), medianMs: Math.round(median(times)), minMs: Math.round(Math.min(...times)), msPerPage: +(median(times) / n).toFixed(3), cliMs: cli });
}

const cold = (() => {
  const t = performance.now();
  const r = loadSite(root);
  return { ms: Math.round(performance.now() - t), ok: !hasErrors(r.problems) };
})();

console.log(`\nValidation of site-config/ (median of ${runs} runs, validators compiled)\n`);
console.log("pages   loadSite median ms   min ms   ms/page   npm run validate (whole process) ms   < 2 s");
for (const r of rows) {
  console.log(`${String(r.pages).padStart(5)}   ${String(r.medianMs).padStart(18)}   ${String(r.minMs).padStart(6)}   ${r.msPerPage.toFixed(3).padStart(7)}   ${String(r.cliMs).padStart(35)}   ${r.cliMs < 2000 ? "PASS" : "FAIL"}`);
}
const first = rows[0]!;
const last = rows.at(-1)!;
console.log(`\nScaling ${first.pages} -> ${last.pages} pages: time x${(last.medianMs / Math.max(1, first.medianMs)).toFixed(1)} for pages x${(last.pages / first.pages).toFixed(1)}`);
mkdirSync(join(root, "bench-results"), { recursive: true });
writeFileSync(join(root, "bench-results", "validate.json"), JSON.stringify({ date: new Date().toISOString(), runs, rows, realSiteMs: cold.ms }, null, 2) + "\n");
console.log("Wrote bench-results/validate.json");
