/**
 * `npm run bench`: performance budgets of the built site (not a test; it
 * prints a table with PASS/FAIL per target and writes JSON to bench-results/).
 *
 *   npm run bench                                   # build, Lighthouse on every route (3 runs), LCP vs static twin (5 runs)
 *   npm run bench -- --routes /,/about-us --runs 1  # some routes, fewer runs
 *   npm run bench -- --twin-runs 3 --twin-routes /,/contact-us
 *   npm run bench -- --twin-tbt                     # also the TBT of the script-free twin and of a one-line page (the machine's floor), ~2 min more
 *   npm run bench -- --no-build --no-twin           # reuse dist/, skip the twin comparison
 *   npm run bench -- --mode scale                   # build scaling: 100 and 1,000 synthetic pages: validate, build phases and memory, dev save-to-browser
 *   npm run bench -- --mode scale --pages 100 --pages 500 --no-scale-build --no-scale-dev
 *   npm run bench -- --mode editor                  # the page builder beside Puck 0.23: open, keystroke to canvas, reorder
 *   npm run bench -- --mode studio                  # the studio: start, memory, save to commit, publish; its editor beside Puck's build
 *   npm run bench -- --mode studio --saves 20 --no-editor --no-publish   # without the publish to live at its end
 *   npm run bench -- --mode publish                 # publish to live (also the end of --mode studio): a page, an entry, the settings; 7 and 1,000 pages
 *   npm run bench -- --mode publish --pages 1000    # one size only
 *   npm run bench -- --mode team                    # 20 editors with open builders saving for 2 minutes, a publish in the middle; then no pause
 *   npm run bench -- --mode team --editors 5 --seconds 60
 *   npm run bench -- --mode save-check              # a save's whole-site check on this site and on 1,000 pages (--pages to choose)
 *   npm run bench -- --mode images                  # photos in the content: Lighthouse on / and /web-development with a photo hero and PNG screenshots vs today's media
 *   npm run bench -- --no-images                    # the default run without its images check (about 4 min less)
 *
 * Chromium comes from CHROME_PATH or /usr/bin/chromium. Servers listen on
 * 127.0.0.1, ports BENCH_PORT (default 4500) and BENCH_PORT + 1 (the twin).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { deployRoutes } from "../src/deploy/post-build.ts";
import { printScale, runScale } from "./bench/scale.ts";
import { printEditorBench, runEditorBench } from "./bench/editor.ts";
import { printImagesBench, runImagesBench } from "./bench/images.ts";
import { printStudioBench, runStudioBench } from "./bench/studio.ts";
import { printPublishBench, runPublishBench } from "./bench/publish.ts";
import { printSaveCheckBench, runSaveCheckBench } from "./bench/save-check.ts";
import { printTeamBench, runTeamBench } from "./bench/team.ts";
import {
  addFloorPage,
  auditRoute,
  formChunksBuilt,
  launchChrome,
  lcpDevtools,
  tbtSimulated,
  makeTwin,
  median,
  removeDir,
  startServer,
  summarize,
  type RouteResult,
  type RunResult,
  type TwinResult,
} from "./bench/lighthouse.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({
  options: {
    mode: { type: "string", default: "lighthouse" },
    routes: { type: "string" },
    runs: { type: "string", default: "3" },
    "twin-routes": { type: "string" },
    "twin-runs": { type: "string", default: "5" },
    "no-twin": { type: "boolean", default: false },
    "twin-tbt": { type: "boolean", default: false },
    "no-build": { type: "boolean", default: false },
    pages: { type: "string", multiple: true },
    "validate-runs": { type: "string", default: "5" },
    "no-scale-build": { type: "boolean", default: false },
    "no-scale-dev": { type: "boolean", default: false },
    "no-images": { type: "boolean", default: false },
    saves: { type: "string", default: "100" },
    "no-editor": { type: "boolean", default: false },
    "no-publish": { type: "boolean", default: false },
    editors: { type: "string", default: "20" },
    seconds: { type: "string", default: "120" },
  },
});

const TARGETS = {
  score: 100,
  tbtMs: 50,
  cls: 0,
  jsBytes: 120 * 1024,
  ratio: 1.1,
  ratioStretch: 1.0,
  buildMs: 15_000,
};

const resultsDir = join(root, "bench-results");
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const write = (name: string, data: unknown) => {
  mkdirSync(resultsDir, { recursive: true });
  const text = `${JSON.stringify({ date: new Date().toISOString(), ...(data as object) }, null, 2)}\n`;
  writeFileSync(join(resultsDir, `${name}.json`), text);
  writeFileSync(join(resultsDir, `${name}-${stamp}.json`), text);
  console.log(`\nWrote bench-results/${name}.json (and ${name}-${stamp}.json)`);
};
const pass = (ok: boolean) => (ok ? "PASS" : "FAIL");
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const ms = (n: number) => String(Math.round(n));
const list = (s: string | undefined) =>
  s
    ?.split(",")
    .map((x) => x.trim())
    .filter(Boolean);

if (values.mode === "scale") {
  const sizes = (values.pages ?? ["100", "1000"]).map(Number);
  const runs = Number(values["validate-runs"]);
  const rows = await runScale(root, sizes, runs, !values["no-scale-build"], !values["no-scale-dev"], Number(process.env.BENCH_PORT ?? 4500) + 3);
  console.log(printScale(rows, runs));
  write("scale", { runs, rows });
  process.exit(0);
}
if (values.mode === "editor") {
  const result = await runEditorBench(root, Number(process.env.BENCH_PORT ?? 4500) + 2);
  console.log(printEditorBench(result));
  write("editor", result);
  process.exit(0);
}
if (values.mode === "save-check") {
  const rows = await runSaveCheckBench((values.pages ?? ["7", "1000"]).map(Number));
  console.log(printSaveCheckBench(rows));
  write("save-check", { rows });
  process.exit(0);
}
if (values.mode === "team") {
  const result = await runTeamBench(Number(process.env.BENCH_PORT ?? 4500) + 40, { editors: Number(values.editors), seconds: Number(values.seconds) });
  console.log(printTeamBench(result));
  write("team", result);
  process.exit(0);
}
if (values.mode === "studio" || values.mode === "publish") {
  if (values.mode === "studio") {
    const result = await runStudioBench(root, Number(process.env.BENCH_PORT ?? 4500) + 20, { saves: Number(values.saves), editor: !values["no-editor"] });
    console.log(printStudioBench(result));
    write("studio", result);
    if (values["no-publish"]) process.exit(0);
  }
  const publish = await runPublishBench(Number(process.env.BENCH_PORT ?? 4500) + 60, values.pages ? values.pages.map(Number) : undefined);
  console.log(printPublishBench(publish));
  write("publish", { sites: publish });
  process.exit(0);
}
/** The images check: its own mode, and the last part of the default run. */
async function imagesCheck(): Promise<boolean> {
  const result = await runImagesBench(root, Number(values.runs), Number(process.env.BENCH_PORT ?? 4500) + 4);
  const { text, ok } = printImagesBench(result);
  console.log(text);
  write("images", result);
  return ok;
}
if (values.mode === "images") {
  await imagesCheck();
  process.exit(0);
}
if (values.mode !== "lighthouse") {
  console.error(`Unknown --mode "${values.mode}": use lighthouse (the default), scale, editor, studio, publish, team, save-check or images.`);
  process.exit(2);
}

const started = performance.now();
let buildMs: number | null = null;
if (!values["no-build"]) {
  console.log("Building the site (npm run build)...");
  const t = performance.now();
  const res = spawnSync("npm", ["run", "-s", "build"], { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  buildMs = Math.round(performance.now() - t);
  if (res.status !== 0) {
    console.error(res.stdout.slice(-4000), res.stderr.slice(-4000));
    process.exit(1);
  }
  console.log(`Built in ${(buildMs / 1000).toFixed(1)} s`);
}

const clientDir = join(root, "dist", "client");
const deployed = deployRoutes(root);
const all = deployed.routes;
const routes = list(values.routes) ?? all;
const unknown = routes.filter((r) => !all.includes(r));
if (unknown.length) {
  console.error(`Not routes of this site: ${unknown.join(", ")}`);
  process.exit(2);
}
const runs = Number(values.runs);
const twinRuns = Number(values["twin-runs"]);
const firstService = all.find((r) => r.startsWith("/services/"));
const twinRoutes = values["no-twin"] ? [] : (list(values["twin-routes"]) ?? ["/", "/about-us", "/contact-us", ...(firstService ? [firstService] : [])]);

const port = Number(process.env.BENCH_PORT ?? 4500);
const origin = `http://127.0.0.1:${port}`;
const twinOrigin = `http://127.0.0.1:${port + 1}`;
const twinDir = twinRoutes.length ? makeTwin(clientDir, twinRoutes) : undefined;
const floorRoute = twinDir && values["twin-tbt"] ? addFloorPage(twinDir) : undefined;
/** More runs than a route gets: this is the spread of TBT that comes with every page load here. */
const floorRuns = 3 * runs;
const server = await startServer(root, undefined, port);
const twinServer = twinDir ? await startServer(root, twinDir, port + 1) : undefined;
const chrome = await launchChrome();

const results: RouteResult[] = [];
const twins: TwinResult[] = [];
const floorTbt: number[] = [];
try {
  console.log(`\nLighthouse ${"12"} (mobile, simulated throttling): ${routes.length} routes x ${runs} runs`);
  for (const route of routes) {
    const rs: RunResult[] = [];
    for (let i = 0; i < runs; i++) rs.push(await auditRoute(origin, route, chrome.port));
    const r = summarize(route, rs, clientDir);
    results.push(r);
    console.log(`  ${route}  perf ${r.median.scores.performance}  LCP ${ms(r.median.lcp)} ms  TBT ${ms(r.median.tbt)} ms`);
  }
  if (twinRoutes.length) {
    console.log(`\nLCP of the site vs its static twin (devtools throttling, ${twinRuns} runs each, interleaved)`);
    for (const route of twinRoutes) {
      const site: number[] = [];
      const twin: number[] = [];
      for (let i = 0; i < twinRuns; i++) {
        site.push(await lcpDevtools(origin + route, chrome.port));
        twin.push(await lcpDevtools(twinOrigin + route, chrome.port));
      }
      // What the browser alone spends on this HTML and CSS (parse, style, layout, paint), on top of
      // the navigation commit that every page carries (the one-line page below): the twin runs no script.
      const twinTbt: number[] = [];
      // Opt-in (--twin-tbt): with the one-line page below it adds about 2 minutes, and a full run must stay within 20.
      if (values["twin-tbt"]) for (let i = 0; i < runs; i++) twinTbt.push(await tbtSimulated(twinOrigin + route, chrome.port));
      const t: TwinResult = {
        route,
        site,
        twin,
        siteMedian: median(site),
        twinMedian: median(twin),
        ratio: median(site) / median(twin),
        twinTbt,
        twinTbtMedian: median(twinTbt),
      };
      twins.push(t);
      console.log(
        `  ${route}  site ${ms(t.siteMedian)} ms  twin ${ms(t.twinMedian)} ms  ratio ${t.ratio.toFixed(3)}${twinTbt.length ? `  twin TBT ${ms(t.twinTbtMedian)} ms` : ""}`,
      );
    }
  }
  if (floorRoute) {
    console.log(`\nTBT of a one-line page (no CSS, no script), the same server and settings: ${floorRuns} runs`);
    for (let i = 0; i < floorRuns; i++) floorTbt.push(await tbtSimulated(twinOrigin + floorRoute, chrome.port));
    console.log(`  ${floorTbt.map(ms).join(", ")} ms`);
  }
} finally {
  await chrome.kill();
  server.kill();
  twinServer?.kill();
  if (twinDir) removeDir(twinDir);
}

// ---------------------------------------------------------------- report
const out: string[] = [];
out.push(
  "",
  `Medians of ${runs} Lighthouse runs per route (mobile preset, simulated throttling). JS/CSS: gzip size of what the route loads, as the server sends it (KB = 1024 bytes).`,
  "init JS: what the first screen needs to be interactive: the modules React Router preloads for the page and the code of the sections hydrated during the run (those within",
  "half a screen of the viewport; a section further down fetches its code as it nears), with what they import. all JS: every script the run fetched,",
  "including what comes later on demand: aos, keen-slider, the enquiry form near its section, other routes' modules while idle.",
  "",
);
const formBuilt = formChunksBuilt(clientDir);
const header = ["route", "perf", "a11y", "bp", "seo", "FCP ms", "LCP ms", "TBT ms", "CLS", "init JS KB", "all JS KB", "CSS KB", "form chunk"];
const rows = results.map((r) => [
  r.route,
  String(r.median.scores.performance),
  String(r.median.scores.accessibility),
  String(r.median.scores["best-practices"]),
  String(r.median.scores.seo),
  ms(r.median.fcp),
  ms(r.median.lcp),
  ms(r.median.tbt),
  r.median.cls.toFixed(3),
  kb(r.initialJsGzip),
  kb(r.jsGzip),
  kb(r.cssGzip),
  r.initialScripts.some((s) => formBuilt.includes(s.slice(s.lastIndexOf("/") + 1))) ? "INITIAL" : r.formChunkRequests.length ? "on demand" : "absent",
]);
// A column's width: its widest cell (a missing cell is empty).
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)));
const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join("  ");
const [routeWidth = 0] = widths;
out.push(line(header), ...rows.map(line));
if (twins.length) {
  out.push("", `LCP vs static twin (devtools throttling, median of ${twinRuns} interleaved runs each)`, "");
  out.push(`${"route".padEnd(routeWidth)}  site LCP ms  twin LCP ms  ratio  site TBT ms  twin TBT ms`);
  for (const t of twins) {
    const siteTbt = results.find((r) => r.route === t.route)?.median.tbt;
    out.push(
      `${t.route.padEnd(routeWidth)}  ${ms(t.siteMedian).padStart(11)}  ${ms(t.twinMedian).padStart(11)}  ${t.ratio.toFixed(3).padStart(5)}  ${(siteTbt === undefined ? "-" : ms(siteTbt)).padStart(11)}  ${(t.twinTbt.length ? ms(t.twinTbtMedian) : "-").padStart(11)}`,
    );
  }
  if (twins.some((t) => t.twinTbt.length))
    out.push(
      "",
      `twin TBT: the same page with every script removed, simulated throttling, median of ${runs} runs: what this machine's browser spends on the HTML and CSS, with the navigation commit every page carries.`,
    );
}
const floorOver = floorTbt.filter((t) => t > TARGETS.tbtMs);
if (floorTbt.length) {
  out.push(
    "",
    `Floor: a one-line page ("Hello.", no CSS, no script, no image), same server and settings, ${floorTbt.length} runs: TBT ${floorTbt.map(ms).join(", ")} ms`,
    `(median ${ms(median(floorTbt))}; over ${TARGETS.tbtMs} ms in ${floorOver.length} of ${floorTbt.length} runs). In traces of such runs the long task is the browser committing the navigation`,
    "(a new V8 context, Lighthouse's injected scripts), which Lantern counts after an FCP estimate that leaves that task out. Every page's runs here carry it.",
  );
}

const every = <T>(xs: T[], f: (x: T) => boolean) => xs.length > 0 && xs.every(f);
const worst = <T>(xs: T[], f: (x: T) => number) => Math.max(...xs.map(f));
/** A noindex page (the thank-you page) fails Lighthouse's "is-crawlable" on purpose; nothing else may fail. */
const noindex = new Set(deployed.routes.filter((r) => !deployed.indexable.includes(r)));
const seoOnlyNoindex = (r: RouteResult) => noindex.has(r.route) && r.seoFailures.length === 1 && r.seoFailures[0] === "is-crawlable";
const targets: [string, boolean | null, string][] = [
  [
    "Performance 100 on every route",
    every(results, (r) => r.median.scores.performance >= TARGETS.score),
    `lowest ${Math.min(...results.map((r) => r.median.scores.performance))}`,
  ],
  [
    "Accessibility 100",
    every(results, (r) => r.median.scores.accessibility >= TARGETS.score),
    `lowest ${Math.min(...results.map((r) => r.median.scores.accessibility))}`,
  ],
  [
    "Best Practices 100",
    every(results, (r) => r.median.scores["best-practices"] >= TARGETS.score),
    `lowest ${Math.min(...results.map((r) => r.median.scores["best-practices"]))}`,
  ],
  [
    "SEO 100",
    every(results, (r) => r.median.scores.seo >= TARGETS.score || seoOnlyNoindex(r)),
    `lowest ${Math.min(...results.map((r) => r.median.scores.seo))}${
      results.some(seoOnlyNoindex)
        ? `; counted as 100: ${results
            .filter(seoOnlyNoindex)
            .map((r) => r.route)
            .join(", ")} (noindex by design, "is-crawlable" is its only failing audit)`
        : ""
    }`,
  ],
  ["CLS 0", every(results, (r) => r.median.cls.toFixed(3) === "0.000"), `highest ${worst(results, (r) => r.median.cls).toFixed(3)}`],
  [
    "TBT <= 50 ms",
    every(results, (r) => r.median.tbt <= TARGETS.tbtMs),
    `highest ${ms(worst(results, (r) => r.median.tbt))} ms${twins.some((t) => t.twinTbt.length) ? `; the script-free twin: up to ${ms(worst(twins, (t) => t.twinTbtMedian))} ms` : ""}${floorTbt.length ? `; a one-line page: up to ${ms(Math.max(...floorTbt))} ms (${floorOver.length} of ${floorTbt.length} runs over ${TARGETS.tbtMs})` : ""}`,
  ],
  [
    `initial JS <= ${TARGETS.jsBytes / 1024} KB gzip on every route`,
    every(results, (r) => r.initialJsGzip <= TARGETS.jsBytes),
    `largest ${kb(worst(results, (r) => r.initialJsGzip))} KB (${worst(results, (r) => r.initialJsGzip)} bytes; as Chrome fetches it, Brotli: ${kb(worst(results, (r) => r.initialJsBrotli))} KB; all JS seen, with on-demand chunks: up to ${kb(worst(results, (r) => r.jsGzip))} KB)`,
  ],
  [
    "form chunk absent from initial requests",
    every(results, (r) => !r.initialScripts.some((s) => formBuilt.includes(s.slice(s.lastIndexOf("/") + 1)))),
    formBuilt.length ? `form chunk(s) built: ${formBuilt.join(", ")}` : "no form chunk in this build yet (nothing named *enquir* / *Form*)",
  ],
  [
    "LCP(site)/LCP(twin) never above 1.10",
    twins.length ? twins.every((t) => t.ratio <= TARGETS.ratio) : null,
    twins.length ? `highest ${worst(twins, (t) => t.ratio).toFixed(3)}` : "not measured (--no-twin)",
  ],
  [
    "LCP(site)/LCP(twin) <= 1.00 (stretch)",
    twins.length ? twins.every((t) => t.ratio <= TARGETS.ratioStretch) : null,
    twins.length ? `highest ${worst(twins, (t) => t.ratio).toFixed(3)}` : "not measured",
  ],
  [
    "whole-site build <= 15 s",
    buildMs === null ? null : buildMs <= TARGETS.buildMs,
    buildMs === null ? "not measured (--no-build)" : `${(buildMs / 1000).toFixed(1)} s`,
  ],
];
out.push("", "Targets", "");
for (const [name, ok, detail] of targets) out.push(`  ${ok === null ? "----" : pass(ok)}  ${name.padEnd(42)}  ${detail}`);
const totalS = (performance.now() - started) / 1000;
out.push("", `Bench took ${Math.floor(totalS / 60)} min ${Math.round(totalS % 60)} s.`);
console.log(out.join("\n"));

write("lighthouse", {
  runs,
  twinRuns,
  buildMs,
  targets: targets.map(([name, ok, detail]) => ({ name, pass: ok, detail })),
  routes: results,
  twins,
  floorTbt,
});

if (!values["no-images"]) await imagesCheck();
