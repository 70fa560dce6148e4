/**
 * `npm run build:changed`: builds the site rendering only the pages whose content changed since the
 * last build (src/deploy/incremental.ts), or the whole site as `npm run build` does when that
 * cannot be told, saying why. The last build is this folder's dist/, else BUILD_CACHE_DIR's copy
 * (the studio keeps one beside its clone; each build here is saved there again).
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, realpathSync, renameSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { linkTree } from "../src/lib/files.ts";
import type { BuildStep } from "../src/deploy/build-protocol.ts";

// Production, as `react-router build` sets it: the live site's routes (drafts left out), and React's
// production build, which reads it when first loaded (hence the import after).
process.env.NODE_ENV = "production";
const { buildChanged, CONTENT_ERRORS_EXIT, ContentErrors, planBuild } = await import("../src/deploy/incremental.ts");
const root = process.env.SITE_ROOT || process.cwd();
const cache = process.env.BUILD_CACHE_DIR;
const last = cache ? join(cache, "last") : undefined;
const started = performance.now();

/** Each step to the terminal, and to the studio's publish when it started this (Node's IPC channel). */
const say = (line: string) => {
  console.log(line);
  process.send?.({ step: line } satisfies BuildStep);
};
let lastSent = 0;
/** Each page rendered to the terminal; to the publish, the first, the last, and one a second between. */
const rendered = (route: string, done: number, of: number) => {
  const line = `Rendered ${route} (${done} of ${of})`;
  console.log(line);
  if (done > 1 && done < of && performance.now() - lastSent < 1000) return;
  lastSent = performance.now();
  process.send?.({ step: line } satisfies BuildStep);
};
const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

function fullBuild(reason: string): void {
  say(`Building the whole site: ${reason}.`);
  const env = { ...process.env };
  delete env.NODE_ENV;
  // What `npm run build` runs; the types are generated from this project's schemas, whatever SITE_ROOT says.
  const { SITE_ROOT: _, ...genEnv } = env;
  for (const [command, args, withEnv] of [
    ["npm", ["run", "-s", "gen"], genEnv],
    [process.execPath, ["scripts/react-router.mjs", "build"], env],
  ] as const) {
    const result = spawnSync(command, args, { stdio: "inherit", env: withEnv });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  say(`Built the whole site in ${seconds()}.`);
}

/**
 * Keeps a copy of dist/ in BUILD_CACHE_DIR for the next build: a folder of its own, never changed,
 * that BUILD_CACHE_DIR/last (a link, replaced in one step) names. A build reading an older copy
 * while this one removes it fails to copy it and builds everything: never a mix of two.
 */
function save(): void {
  if (!cache || !last) return;
  const id = `build-${Date.now()}-${randomBytes(4).toString("hex")}`;
  try {
    mkdirSync(cache, { recursive: true });
    // Linked, not copied: dist/ is done, and only ever replaced or removed after (figures: docs/performance.md).
    mkdirSync(join(cache, id));
    linkTree(join(root, "dist"), join(cache, id));
    const link = join(cache, `${id}.link`);
    symlinkSync(id, link);
    renameSync(link, last);
    // The newest two stay: a build may be copying the one before.
    const builds = readdirSync(cache)
      .filter((name) => name.startsWith("build-") && !name.endsWith(".link"))
      .sort();
    for (const name of builds.slice(0, -2)) rmSync(join(cache, name), { recursive: true, force: true });
  } catch (error) {
    console.warn(`The build was not kept for the next one (${error instanceof Error ? error.message : String(error)}): that one may build everything.`);
  }
}

let plan: Awaited<ReturnType<typeof planBuild>>;
try {
  plan = await planBuild(root, last && existsSync(last) ? realpathSync(last) : undefined);
} catch (error) {
  if (!(error instanceof ContentErrors)) throw error;
  console.error(`${error.report}\n${error.message}`);
  process.exit(CONTENT_ERRORS_EXIT);
}
if (plan.warnings) console.log(plan.warnings);
say(`Checked the site: ${plan.routes.length} pages, no errors (${seconds()}).`);
if (plan.kind === "full") fullBuild(plan.reason);
else {
  try {
    const done = await buildChanged(root, plan, plan.routes, say, rendered);
    const pages = done.rendered.length;
    say(
      pages === 0 && done.publicFiles.length === 0
        ? `Nothing changed since the last build: checked in ${seconds()}.`
        : `Built: ${pages} of ${plan.routes.length} pages rendered again${done.publicFiles.length ? `, ${done.publicFiles.length} file${done.publicFiles.length === 1 ? "" : "s"} of public/ copied` : ""}, in ${seconds()}.`,
    );
  } catch (error) {
    fullBuild(`building over the last build failed (${error instanceof Error ? error.message : String(error)})`);
  }
}
save();
