// @vitest-environment node
/**
 * `npm install` on the Node version the README documents prints no EBADENGINE warning: every
 * package the lockfile installs accepts that version (npm compares each package's "engines" with
 * the running Node, as here).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/site-copy";

interface Lock {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
}

const pkg = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(repoRoot, "package-lock.json"), "utf8")) as Lock;
const minimum = semver.minVersion(pkg.engines.node)?.version;

describe("the lockfile", () => {
  it("documents a minimum Node version, the one the README names", () => {
    expect(minimum).toBe("20.19.0");
    expect(readFileSync(join(repoRoot, "README.md"), "utf8")).toContain("Node.js 20.19 or newer");
  });

  it.each([
    ["the documented minimum", minimum as string],
    ["this machine's Node", process.versions.node],
  ])("every package accepts %s (%s)", (_name, version) => {
    const refusing = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const range = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
      return path !== "" && range && !semver.satisfies(version, range) ? [`${path.replace(/^.*node_modules\//, "")} wants node ${range}`] : [];
    });
    expect(refusing).toEqual([]);
  });
});
