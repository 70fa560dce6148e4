/**
 * The page builder as the dev server (`npm run edit`, `npm run dev`) serves it: the studio's own
 * production build (vite.studio.config.ts), made when the server starts and again when the code
 * changes (about a second each), under /studio-assets/. Served by Vite's dev server instead, the
 * builder and its canvas were two hundred modules fetched one by one (docs/performance.md).
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, sep } from "node:path";
import { newestChange } from "../../src/lib/files.ts";

export const BUNDLE_BASE = "/studio-assets/";

/** What the build is made from, in the project (schemas/: the contact form's rules): a change to any of them makes it stale. */
export const BUNDLE_SOURCES = ["src", "builder", "schemas", "vite.studio.config.ts", "package.json", "package-lock.json"];

/** Whether `file` (a full path) is one the build is made from. */
export const isBundleSource = (project: string, file: string) =>
  BUNDLE_SOURCES.some((source) => file === join(project, source) || file.startsWith(join(project, source) + sep));

/** The file in the build that says when the build started (a source saved during it is newer: built again). */
const STAMP = ".started";

/** Whether `dir` holds a build made from the project's sources as they are now. */
export function bundleIsCurrent(project: string, dir: string): boolean {
  const started = existsSync(join(dir, STAMP)) && existsSync(join(dir, "index.html")) ? Number(readFileSync(join(dir, STAMP), "utf8")) : 0;
  return started > 0 && started >= newestChange(BUNDLE_SOURCES.map((p) => join(project, p)));
}

export interface BuilderBundle {
  /** Where the build is (index.html, canvas.html, assets/). */
  dir: string;
  /** Settles when the build under way (if any) is done; rejects with what went wrong if it failed. */
  ready(): Promise<void>;
  /** Builds again (a rebuild asked for while one runs follows it); resolves when done. */
  rebuild(): Promise<void>;
  /** Counts finished builds: what was read from the last one is stale when it moved. */
  version(): number;
}

/**
 * Builds into `dir` (the dev server's in node_modules/.cache/, each copy of the project its own; the
 * studio's dist-studio/), unless it holds a build of the sources as they are and `reuse` allows it. The first build empties it; later ones keep the files before
 * them, which a builder opened earlier may still load.
 */
export function builderBundle(project: string, dir: string, log: (line: string) => void, { reuse = true } = {}): BuilderBundle {
  // A build made by an earlier start from the same sources is used as it is: a start then builds nothing.
  const current0 = reuse && bundleIsCurrent(project, dir);
  let built = current0 ? 1 : 0;
  let first = !current0;
  let running: Promise<void> | null = null;
  let again = false;

  const once = () =>
    new Promise<void>((resolve, reject) => {
      const started = Date.now();
      const args = ["build", "--config", join(project, "vite.studio.config.ts"), "--outDir", dir, "--logLevel", "error"];
      if (!first) args.push("--emptyOutDir=false");
      // Its own process, in production mode: this one runs the dev server, with NODE_ENV=development.
      const child = spawn(process.execPath, [join(project, "node_modules", "vite", "bin", "vite.js"), ...args], {
        cwd: project,
        env: { ...process.env, NODE_ENV: "production" },
        stdio: ["ignore", "ignore", "pipe"],
      });
      let errors = "";
      child.stderr.on("data", (d: Buffer) => (errors += d.toString()));
      child.on("error", reject);
      child.on("close", (code) => {
        if (code === 0 && existsSync(join(dir, "index.html"))) {
          writeFileSync(join(dir, STAMP), String(started));
          first = false;
          built++;
          resolve();
        } else reject(new Error(`The page builder's build failed:\n${errors.trim() || `vite build exited with ${code}`}`));
      });
    });

  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = once().finally(() => {
      running = null;
      if (again) {
        again = false;
        void run().catch((err: Error) => log(err.message));
      }
    });
    return running;
  };

  let current = current0 ? Promise.resolve() : run();
  return {
    dir,
    ready: () => current,
    rebuild: () => {
      current = run();
      return current;
    },
    version: () => built,
  };
}

/** A file of the build by its address under BUNDLE_BASE, or null (no such file, or a path out of it). */
export function bundleFile(dir: string, url: string): { name: string; body: Buffer } | null {
  let name: string;
  try {
    name = decodeURIComponent(url.split("?")[0] ?? "").slice(BUNDLE_BASE.length);
  } catch {
    return null;
  }
  if (!name || name.split("/").some((part) => part === ".." || part === "" || part.startsWith("."))) return null;
  try {
    return { name, body: readFileSync(join(dir, name)) };
  } catch {
    return null;
  }
}
