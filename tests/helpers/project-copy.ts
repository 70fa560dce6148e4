/**
 * A copy of the whole project, laid out as a checkout is (package.json, vite.config.ts, src/,
 * site-config/ inside...), for the browser tests and benches that edit content: the dev server runs
 * in it exactly as `npm run dev` runs in a checkout (its watchers, its class scan, its caches), and
 * nothing of the real project is touched. The files are those Git would commit (tracked, and new
 * ones not ignored), as they are on disk now; node_modules is linked file by file (hard links: no
 * space, no copy time), without the build caches, which each copy makes for itself.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { dirname, join } from "node:path";
import { linkTree } from "../../src/lib/files.ts";

/** Caches in node_modules that a running copy writes: never shared. */
const CACHES = new Set([".vite", ".cache", ".vite-temp"]);

export function copyProject(from: string, to: string): void {
  rmSync(to, { recursive: true, force: true });
  mkdirSync(to, { recursive: true });
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: from, encoding: "utf8" })
    .split("\0")
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(to, file)), { recursive: true });
    try {
      cpSync(join(from, file), join(to, file), { verbatimSymlinks: true });
    } catch (err) {
      // Deleted in the working tree but still tracked: not part of the project as it is now.
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
  }
  linkModules(join(from, "node_modules"), join(to, "node_modules"));
}

function linkModules(from: string, to: string) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (CACHES.has(entry.name)) continue;
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      mkdirSync(target);
      linkTree(source, target);
    } else if (entry.isSymbolicLink()) cpSync(source, target, { verbatimSymlinks: true });
    else symlinkSync(source, target);
  }
}
