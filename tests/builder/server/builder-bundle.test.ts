/**
 * The builder's build as the dev server makes and serves it (builder/server/builder-bundle.ts):
 * a real `vite build` of vite.studio.config.ts into a temporary folder.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { BUNDLE_BASE, builderBundle, bundleFile, bundleIsCurrent } from "../../../builder/server/builder-bundle";
import { repoRoot } from "../../helpers/site-copy";

const dir = mkdtempSync(join(tmpdir(), "builder-bundle-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("builds the builder and its canvas, builds again keeping the files before, and serves only files of the build", async () => {
  const errors: string[] = [];
  writeFileSync(join(dir, "left-from-before.txt"), "old");
  const bundle = builderBundle(repoRoot, dir, (line) => errors.push(line));
  await bundle.ready();
  expect(bundle.version()).toBe(1);
  // The first build empties the folder.
  expect(readdirSync(dir)).not.toContain("left-from-before.txt");
  expect(readdirSync(dir)).toEqual(expect.arrayContaining(["index.html", "canvas.html", "assets"]));
  const index = bundleFile(dir, `${BUNDLE_BASE}index.html`);
  expect(index?.body.toString()).toContain(`${BUNDLE_BASE}assets/`);
  const script = readdirSync(join(dir, "assets")).find((f) => f.endsWith(".js")) as string;
  expect(bundleFile(dir, `${BUNDLE_BASE}assets/${script}?v=1`)?.name).toBe(`assets/${script}`);

  // A later build keeps what a builder opened earlier may still load.
  writeFileSync(join(dir, "assets", "from-an-earlier-build.js"), "");
  await bundle.rebuild();
  expect(bundle.version()).toBe(2);
  expect(readdirSync(join(dir, "assets"))).toContain("from-an-earlier-build.js");
  expect(errors).toEqual([]);

  // The next start finds the build current: nothing is built, the files are served as they are.
  const again = builderBundle(repoRoot, dir, (line) => errors.push(line));
  await again.ready();
  expect(again.version()).toBe(1);
  expect(readdirSync(join(dir, "assets"))).toContain("from-an-earlier-build.js");

  for (const odd of ["../package.json", "assets/../../x", ".vite/manifest.json", "%E0%A4%A", "", "assets/", "assets//x.js", "no-such-file.js"])
    expect(bundleFile(dir, `${BUNDLE_BASE}${odd}`), odd).toBeNull();
}, 60_000);

test("a build is current until a source changes after it started, a file deleted included", () => {
  const project = mkdtempSync(join(tmpdir(), "builder-bundle-project-"));
  try {
    const out = join(project, "out");
    mkdirSync(join(project, "src", "sections"), { recursive: true });
    mkdirSync(out);
    writeFileSync(join(project, "src", "sections", "a.tsx"), "");
    writeFileSync(join(project, "src", "sections", "b.tsx"), "");
    const past = new Date(Date.now() - 60_000);
    for (const path of ["src/sections/a.tsx", "src/sections/b.tsx", "src/sections", "src"]) utimesSync(join(project, path), past, past);
    expect(bundleIsCurrent(project, out)).toBe(false);
    writeFileSync(join(out, "index.html"), "");
    writeFileSync(join(out, ".started"), String(Date.now() - 30_000));
    expect(bundleIsCurrent(project, out)).toBe(true);
    rmSync(join(project, "src", "sections", "b.tsx"));
    expect(bundleIsCurrent(project, out)).toBe(false);
    writeFileSync(join(out, ".started"), String(Date.now() + 5));
    expect(bundleIsCurrent(project, out)).toBe(true);
    writeFileSync(join(project, "src", "sections", "a.tsx"), "export {};");
    utimesSync(join(project, "src", "sections", "a.tsx"), new Date(Date.now() + 1000), new Date(Date.now() + 1000));
    expect(bundleIsCurrent(project, out)).toBe(false);
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});
