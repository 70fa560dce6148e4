// @vitest-environment node
/**
 * `npm run lint` refuses what it exists to refuse: a misformatted file and an effect that reads a
 * value it does not list. Run with the project's own biome.json (vcs off: the copy is not a Git
 * checkout) on small files in a temporary folder. (npm test runs the lint on the real tree first.)
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/site-copy";

const biome = join(repoRoot, "node_modules", ".bin", "biome");
const work = mkdtempSync(join(tmpdir(), "lint-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const config = JSON.parse(readFileSync(join(repoRoot, "biome.json"), "utf8")) as Record<string, unknown>;
writeFileSync(join(work, "biome.json"), JSON.stringify({ ...config, $schema: undefined, vcs: { enabled: false } }));

/** Writes `files` into the temporary project and runs `biome check` over them. */
function check(files: Record<string, string>): { status: number | null; rules: string[] } {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(work, path, ".."), { recursive: true });
    writeFileSync(join(work, path), text);
  }
  const result = spawnSync(biome, ["check", "--reporter=json", ...Object.keys(files)], { cwd: work, encoding: "utf8" });
  const report = JSON.parse(result.stdout) as { diagnostics: { category: string }[] };
  return { status: result.status, rules: report.diagnostics.map((d) => d.category) };
}

const CLOCK = (deps: string) => `import { useEffect, useState } from "react";

export function Clock({ step }: { step: number }) {
  const [n, setN] = useState(0);
  useEffect(() => {
    const t = setInterval(() => setN((v) => v + step), 1000);
    return () => clearInterval(t);
  }, [${deps}]);
  return <p>{n}</p>;
}
`;

describe("npm run lint", () => {
  it("passes a clean component, and fails when an effect leaves out a value it reads", () => {
    expect(check({ "src/components/Clock.tsx": CLOCK("step") })).toEqual({ status: 0, rules: [] });
    const missing = check({ "src/components/Clock.tsx": CLOCK("") });
    expect(missing.status).toBe(1);
    expect(missing.rules).toContain("lint/correctness/useExhaustiveDependencies");
  });

  it("fails on a misformatted file", () => {
    const misformatted = check({ "src/lib/numbers.ts": "export const numbers = {one:1,\n   two:2}\n" });
    expect(misformatted.status).toBe(1);
    expect(misformatted.rules).toContain("format");
  });
});
