/**
 * A build over an earlier one (npm run build:changed, src/deploy/incremental.ts) renders only what
 * changed and writes exactly what a full build writes: after a series of changes (a page, a
 * collection entry, the settings, a picture), each built over the last, dist/ is compared file by
 * file and byte for byte with a full build of the same sources. Some are built in place, some in a
 * new folder from the last build kept in BUILD_CACHE_DIR (as a studio publish does), which must be
 * left exactly as it was. A change to code is a full build.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, expect, it } from "vitest";
import { planBuild } from "../../src/deploy/incremental";
import { buildKept } from "../../studio/build-process";
import { filesUnder } from "../../src/lib/files";
import { copySite, repoRoot } from "../helpers/site-copy";

const site = copySite({ buildable: true, ownPublic: true });
const project = mkdtempSync(join(tmpdir(), "project-"));
const cache = mkdtempSync(join(tmpdir(), "build-cache-"));
afterAll(() => {
  site.remove();
  for (const dir of [project, cache]) rmSync(dir, { recursive: true, force: true });
});

const env = () => {
  const env: NodeJS.ProcessEnv = { ...process.env, SITE_ROOT: site.root };
  // This site's own dist/ is the only earlier build (not the one the studio tests share).
  for (const key of Object.keys(env)) if (key === "NODE_ENV" || key.startsWith("VITEST")) delete env[key];
  env.BUILD_CACHE_DIR = cache;
  return env;
};

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { cwd: repoRoot, env: env(), encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const output = result.stdout + result.stderr;
  expect(result.status, output).toBe(0);
  return output;
}

/** Every file under dist/ with its bytes. */
const snapshot = (dir: string) => new Map(filesUnder(dir).map((file) => [relative(dir, file), readFileSync(file)]));
const differing = (a: Map<string, Buffer>, b: Map<string, Buffer>) =>
  [...new Set([...a.keys(), ...b.keys()])].filter((file) => !a.get(file)?.equals(b.get(file) ?? Buffer.alloc(0)) || !b.has(file)).sort();

let builds = 0;
/**
 * npm run build:changed: the first by the script, the others by the studio's build process that
 * stays (one process for all). Every other one in a new folder (no dist/), starting from the last
 * build kept in the cache, which must be exactly as before afterwards (its files are linked in, and
 * each file the build writes is a new one).
 */
const buildChanged = async () => {
  builds += 1;
  const last = join(cache, "last");
  const kept = builds % 2 === 0 && existsSync(last) ? realpathSync(last) : undefined;
  const before = kept ? snapshot(kept) : undefined;
  if (kept) rmSync(join(site.root, "dist"), { recursive: true, force: true });
  let output: string;
  if (builds === 1) output = run("node", ["--import", "tsx", join(repoRoot, "scripts", "build-changed.ts")]);
  else {
    const built = await buildKept(repoRoot, env(), () => undefined);
    expect(built.code, built.output).toBe(0);
    output = built.output;
  }
  if (kept && before) {
    expect(output).toContain("Linking the last build…");
    expect(differing(snapshot(kept), before)).toEqual([]);
  }
  return output;
};
const edit = (file: string, from: string, to: string) => {
  const path = join(site.root, file);
  const text = readFileSync(path, "utf8");
  expect(text).toContain(from);
  writeFileSync(path, text.replace(from, to));
};

it("a series of builds over the last one renders only the changed pages and ends byte for byte as a full build", async () => {
  expect(await buildChanged()).toContain("Building the whole site: there is no earlier build to start from.");
  edit("site-config/pages/about-us.json", '"title": "', '"title": "Changed ');
  expect(await buildChanged()).toMatch(/Rendered \/about-us \(1 of 1\)[\s\S]*Built: 1 of \d+ pages rendered again/);
  edit("site-config/collections/testimonials.json", "in eleven weeks", "in ten weeks");
  const entry = await buildChanged();
  expect(entry).toMatch(/Built: 2 of \d+ pages rendered again/);
  expect(readFileSync(join(site.root, "dist", "client", "index.html"), "utf8")).toContain("in ten weeks");
  edit("site-config/settings.json", "All rights reserved.", "All rights reserved, always.");
  expect(await buildChanged()).toMatch(/The settings changed: every page shows them\.[\s\S]*Built: (\d+) of \1 pages rendered again/);
  edit("public/media/portfolio/banking-app.svg", "<svg ", '<svg data-changed="1" ');
  expect(await buildChanged()).toMatch(
    /public\/media\/portfolio\/banking-app\.svg: copied[\s\S]*Built: 1 of \d+ pages rendered again, 1 file of public\/ copied/,
  );
  // The shared contact section's heading changed: the four pages that show it, and only they.
  site.edit("shared/contact.json", (t) => t.replace("Ready to Lead with Innovation?", "Ready to Build Something?"));
  expect(await buildChanged()).toMatch(/Built: 4 of \d+ pages rendered again/);
  expect(readFileSync(join(site.root, "dist", "client", "contact-us", "index.html"), "utf8")).toContain("Ready to Build Something?");

  const dist = join(site.root, "dist");
  const built = snapshot(dist);
  run(join(repoRoot, "node_modules", ".bin", "react-router"), ["build", repoRoot]);
  const full = snapshot(dist);
  expect([...built.keys()].sort()).toEqual([...full.keys()].sort());
  expect(differing(built, full)).toEqual([]);
}, 240_000);

it("a change to a section's code is a full build, naming the file", async () => {
  // The project's code as it is, in a folder of its own, with one section changed.
  for (const input of ["src", "scripts", "package.json", "package-lock.json", "vite.config.ts", "react-router.config.ts", "tsconfig.json"])
    cpSync(join(repoRoot, input), join(project, input), { recursive: true });
  expect(await planBuild(site.root, undefined, project)).toMatchObject({ kind: "changed" });
  const hero = join(project, "src", "sections", "hero", "Hero.tsx");
  writeFileSync(hero, `${readFileSync(hero, "utf8")}\n// changed\n`);
  expect(await planBuild(site.root, undefined, project)).toMatchObject({
    kind: "full",
    reason: "the code changed since the last build (src/sections/hero/Hero.tsx)",
  });
});
