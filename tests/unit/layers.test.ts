/**
 * The layer rules of .dependency-cruiser.cjs (run on src/ by `npm run layers`, part of `npm test`):
 * the real tree passes, and a small tree with one deliberate breach of each kind fails with that rule.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { cruise, type ICruiseResult } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import { afterAll, describe, expect, it } from "vitest";

const repo = join(import.meta.dirname, "..", "..");
const options = await extractDepcruiseOptions(join(repo, ".dependency-cruiser.cjs"));

async function violations(baseDir: string): Promise<string[]> {
  const result = await cruise(["src"], { ...options, baseDir, tsConfig: undefined, validate: true });
  return (result.output as ICruiseResult).summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
}

const fixture = mkdtempSync(join(tmpdir(), "layers-"));
afterAll(() => rmSync(fixture, { recursive: true, force: true }));
const file = (path: string, text: string) => {
  mkdirSync(dirname(join(fixture, path)), { recursive: true });
  writeFileSync(join(fixture, path), text);
};

describe("layers", () => {
  it("the project's src/ keeps every rule", async () => {
    const result = await cruise(["src"], { ...options, baseDir: repo, validate: true });
    expect((result.output as ICruiseResult).summary.violations).toEqual([]);
  }, 60_000);

  it("each kind of breach fails with its rule", async () => {
    file("src/lib/helper.ts", 'import { Button } from "../components/button.ts";\nexport const helper = Button;\n');
    file("src/components/button.ts", 'import { section } from "../sections/hero/Hero.tsx";\nexport const Button = section;\n');
    file("src/sections/hero/Hero.tsx", "export const section = 1;\n");
    file("src/runtime/boot.ts", 'import { built } from "../deploy/build.ts";\nexport const boot = built;\n');
    file("src/deploy/build.ts", "export const built = 1;\n");
    file("src/content/read.ts", 'import { section } from "../sections/hero/Hero.tsx";\nexport const read = section;\n');
    file("src/page/a.ts", 'import { b } from "./b.ts";\nexport const a = () => b;\n');
    file("src/page/b.ts", 'import { a } from "./a.ts";\nexport const b = () => a;\n');
    file("src/root.tsx", 'import { open } from "./editor/open.ts";\nexport const root = open;\n');
    file("src/editor/open.ts", "export const open = 1;\n");
    expect((await violations(fixture)).sort()).toEqual([
      "components-are-primitives: src/components/button.ts -> src/sections/hero/Hero.tsx",
      "content-not-components: src/content/read.ts -> src/sections/hero/Hero.tsx",
      "lib-is-the-bottom: src/lib/helper.ts -> src/components/button.ts",
      "no-cycles: src/page/a.ts -> src/page/b.ts",
      "runtime-below-ui: src/runtime/boot.ts -> src/deploy/build.ts",
      "runtime-not-build: src/runtime/boot.ts -> src/deploy/build.ts",
      "site-not-builder: src/root.tsx -> src/editor/open.ts",
    ]);
  }, 60_000);
});
