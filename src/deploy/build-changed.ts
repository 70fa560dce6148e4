/**
 * One run of `npm run build:changed`: the site at `root` checked, then built rendering only the
 * pages whose content changed since the last build (incremental.ts), or the whole site as
 * `npm run build` does when that cannot be told, saying why. The last build is `root`'s dist/, else
 * BUILD_CACHE_DIR's copy (the studio keeps one beside its clone; each build is saved there again).
 * Run by scripts/build-changed.ts once, and by scripts/build-server.ts for each of the studio's
 * publishes. Load it with NODE_ENV=production set (React's production build reads it when loaded).
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, realpathSync, renameSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { linkTree } from "../lib/files.ts";
import { CONTENT_ERRORS_EXIT } from "./build-protocol.ts";
import { buildChanged, ContentErrors, planBuild } from "./incremental.ts";

export interface BuildRunOptions {
  /** Each step. */
  say(line: string): void;
  /** Each page rendered again. */
  rendered(route: string, done: number, of: number): void;
  /** BUILD_CACHE_DIR: where the last build is kept between builds. */
  cache?: string;
  /** The project whose code builds the site (its node_modules, scripts/): the working folder by default. */
  project?: string;
  /** Where the check's report and the whole-site build's output go, when not to the terminal. */
  capture?: (text: string) => void;
}

/**
 * The steps printed, and each passed to `send` (the studio's publish, over Node's IPC channel); of
 * the pages rendered: the first, the last, and one a second between.
 */
export function reporting(send: (line: string) => void, print = (line: string) => console.log(line)): Pick<BuildRunOptions, "say" | "rendered"> {
  let lastSent = 0;
  return {
    say(line) {
      print(line);
      send(line);
    },
    rendered(route, done, of) {
      const line = `Rendered ${route} (${done} of ${of})`;
      print(line);
      if (done > 1 && done < of && performance.now() - lastSent < 1000) return;
      lastSent = performance.now();
      send(line);
    },
  };
}

/** The exit code: 0 built, CONTENT_ERRORS_EXIT the content has errors (nothing built), else the build failed. */
export async function runBuildChanged(root: string, { say, rendered, cache, project = process.cwd(), capture }: BuildRunOptions): Promise<number> {
  const started = performance.now();
  const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const last = cache ? join(cache, "last") : undefined;

  const fullBuild = (reason: string): number => {
    say(`Building the whole site: ${reason}.`);
    const env = { ...process.env };
    delete env.NODE_ENV;
    // What `npm run build` runs; the types are generated from this project's schemas, whatever SITE_ROOT says.
    const { SITE_ROOT: _, ...genEnv } = env;
    for (const [command, args, withEnv] of [
      ["npm", ["run", "-s", "gen"], genEnv],
      [process.execPath, ["scripts/react-router.mjs", "build"], env],
    ] as const) {
      const result = spawnSync(command, args, { cwd: project, stdio: capture ? "pipe" : "inherit", env: withEnv, maxBuffer: 256 * 1024 * 1024 });
      if (capture) capture(`${result.stdout}${result.stderr}`);
      if (result.status !== 0) return result.status ?? 1;
    }
    say(`Built the whole site in ${seconds()}.`);
    return 0;
  };

  let plan: Awaited<ReturnType<typeof planBuild>>;
  try {
    plan = await planBuild(root, last && existsSync(last) ? realpathSync(last) : undefined, project);
  } catch (error) {
    if (!(error instanceof ContentErrors)) throw error;
    (capture ?? console.error)(`${error.report}\n${error.message}`);
    return CONTENT_ERRORS_EXIT;
  }
  if (plan.warnings) (capture ?? console.log)(plan.warnings);
  say(`Checked the site: ${plan.routes.length} pages, no errors (${seconds()}).`);
  let code = 0;
  if (plan.kind === "full") code = fullBuild(plan.reason);
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
      code = fullBuild(`building over the last build failed (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  if (code === 0) keep(root, cache);
  return code;
}

/**
 * Keeps a copy of dist/ in `cache` for the next build: a folder of its own, never changed, that
 * `cache`/last (a link, replaced in one step) names. A build reading an older copy while this one
 * removes it fails to copy it and builds everything: never a mix of two.
 */
function keep(root: string, cache: string | undefined): void {
  if (!cache) return;
  const id = `build-${Date.now()}-${randomBytes(4).toString("hex")}`;
  try {
    mkdirSync(cache, { recursive: true });
    // Linked, not copied: dist/ is done, and every later build writes new files (figures: docs/performance.md).
    mkdirSync(join(cache, id));
    linkTree(join(root, "dist"), join(cache, id));
    const link = join(cache, `${id}.link`);
    symlinkSync(id, link);
    renameSync(link, join(cache, "last"));
    // The newest two stay: a build may be copying the one before.
    const builds = readdirSync(cache)
      .filter((name) => name.startsWith("build-") && !name.endsWith(".link"))
      .sort();
    for (const name of builds.slice(0, -2)) rmSync(join(cache, name), { recursive: true, force: true });
  } catch (error) {
    console.warn(`The build was not kept for the next one (${error instanceof Error ? error.message : String(error)}): that one may build everything.`);
  }
}
