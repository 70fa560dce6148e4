/**
 * The layer rules of .dependency-cruiser.cjs (run on every product folder by `npm run layers`, part
 * of `npm test`): the real tree passes, and a small tree with one deliberate breach of each kind
 * fails with that rule.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { cruise, type ICruiseResult } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import { afterAll, describe, expect, it } from "vitest";

const repo = join(import.meta.dirname, "..", "..");
const options = await extractDepcruiseOptions(join(repo, ".dependency-cruiser.cjs"));

/** The folders `npm run layers` checks (package.json). */
const FOLDERS = ["src", "server", "builder", "studio", "scripts", "tools"];

async function violations(baseDir: string): Promise<string[]> {
  const present = FOLDERS.filter((folder) => existsSync(join(baseDir, folder)));
  const result = await cruise(present, { ...options, baseDir, tsConfig: undefined, validate: true });
  return (result.output as ICruiseResult).summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
}

const fixture = mkdtempSync(join(tmpdir(), "layers-"));
afterAll(() => rmSync(fixture, { recursive: true, force: true }));
const file = (path: string, text: string) => {
  mkdirSync(dirname(join(fixture, path)), { recursive: true });
  writeFileSync(join(fixture, path), text);
};

describe("layers", () => {
  it("the project's code keeps every rule", async () => {
    const result = await cruise(FOLDERS, { ...options, baseDir: repo, validate: true });
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
    file("src/root.tsx", 'import { open } from "../builder/app/open.ts";\nexport const root = open;\n');
    file("builder/app/open.ts", 'import { readFileSync } from "node:fs";\nimport { api } from "../server/api.ts";\nexport const open = [readFileSync, api];\n');
    file("builder/server/api.ts", 'import { serve } from "../../studio/serve.ts";\nexport const api = serve;\n');
    file("builder/shared/words.ts", 'import { api } from "../server/api.ts";\nexport const words = api;\n');
    file("studio/serve.ts", 'import { fixture } from "../tests/helpers/fixture.ts";\nexport const serve = fixture;\n');
    file("tests/helpers/fixture.ts", "export const fixture = 1;\n");
    expect((await violations(fixture)).sort()).toEqual([
      "builder-app-is-browser-code: builder/app/open.ts -> fs",
      "builder-app-no-server-code: builder/app/open.ts -> builder/server/api.ts",
      "builder-not-studio: builder/server/api.ts -> studio/serve.ts",
      "builder-shared-is-the-bottom: builder/shared/words.ts -> builder/server/api.ts",
      "components-are-primitives: src/components/button.ts -> src/sections/hero/Hero.tsx",
      "content-not-components: src/content/read.ts -> src/sections/hero/Hero.tsx",
      "lib-is-the-bottom: src/lib/helper.ts -> src/components/button.ts",
      "no-cycles: src/page/a.ts -> src/page/b.ts",
      "product-not-commands-or-tests: studio/serve.ts -> tests/helpers/fixture.ts",
      "runtime-below-ui: src/runtime/boot.ts -> src/deploy/build.ts",
      "runtime-not-build: src/runtime/boot.ts -> src/deploy/build.ts",
      "site-not-builder: src/root.tsx -> builder/app/open.ts",
    ]);
  }, 60_000);
});
