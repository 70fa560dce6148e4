/**
 * STUDIO_DEPLOY=local: each published build becomes the site this folder serves. The build is
 * linked into the studio's releases, and dist/ (a link to the live release) is switched to it in one
 * step (a new link renamed over the old one), so the server (npm start, npm run serve) never sees a
 * half-copied site. The last five releases are kept. A dist/ built here before the studio took over
 * is kept among the releases.
 */
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { linkTree } from "../src/lib/files.ts";
import { crashPoint } from "./crash.ts";

/** Written in each release: npm start does not build over a site the studio deployed. */
export const RELEASE_MARK = ".studio-release";
const KEEP = 5;

export function localDeploy(project: string, releases: string) {
  return async (dist: string, commit: string) => {
    mkdirSync(releases, { recursive: true });
    const release = join(releases, `${new Date().toISOString().replace(/[:.]/g, "-")}-${commit.slice(0, 12)}`);
    // Linked, not copied: a build's files are never written again once it is done (figures: docs/performance.md).
    linkTree(dist, release);
    writeFileSync(join(release, RELEASE_MARK), `${commit}\n`);
    crashPoint("deploy:copied");
    const live = join(project, "dist");
    if (existsSync(live) && !lstatSync(live).isSymbolicLink()) renameSync(live, join(releases, `built-here-${Date.now()}`));
    const next = `${live}.next`;
    rmSync(next, { force: true });
    symlinkSync(release, next);
    renameSync(next, live);
    const current = readlinkSync(live);
    const old = readdirSync(releases)
      .map((name) => join(releases, name))
      .filter((path) => path !== current)
      .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
    for (const path of old.slice(KEEP - 1)) rmSync(path, { recursive: true, force: true });
  };
}

/** After a crash: removes a release copied only in part (it has no mark yet); says what it removed. */
export function tidyReleases(releases: string): string[] {
  if (!existsSync(releases)) return [];
  const said: string[] = [];
  for (const name of readdirSync(releases)) {
    if (name.startsWith("built-here-") || existsSync(join(releases, name, RELEASE_MARK))) continue;
    rmSync(join(releases, name), { recursive: true, force: true });
    said.push(`Removed a build copied only in part by a publish that was stopped (${name}).`);
  }
  return said;
}

/** The commit dist/ serves, if the studio deployed it. */
export function deployedCommit(project: string): string | null {
  const mark = join(project, "dist", RELEASE_MARK);
  return existsSync(mark) ? readFileSync(mark, "utf8").trim() : null;
}
