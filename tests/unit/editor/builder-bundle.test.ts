/**
 * The builder's build as the dev server makes and serves it (src/editor/server/builder-bundle.ts):
 * a real `vite build` of vite.studio.config.ts into a temporary folder.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { BUNDLE_BASE, builderBundle, bundleFile } from "../../../src/editor/server/builder-bundle";
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

  for (const odd of ["../package.json", "assets/../../x", ".vite/manifest.json", "%E0%A4%A", "", "assets/", "assets//x.js", "no-such-file.js"])
    expect(bundleFile(dir, `${BUNDLE_BASE}${odd}`), odd).toBeNull();
}, 60_000);
