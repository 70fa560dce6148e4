// @vitest-environment node
/**
 * `npm install` on each Node version the README supports prints no EBADENGINE warning: every
 * package npm installs on this machine accepts that version (npm compares each package's "engines"
 * with the running Node, as here). Optional packages for other systems (sharp's Windows builds,
 * say) are never installed here, so npm never checks their engines: neither does this test.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/site-copy";

interface LockEntry {
  engines?: { node?: string } | string[];
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
}
interface Lock {
  packages: Record<string, LockEntry>;
}
interface Machine {
  os: string;
  cpu: string;
  /** "glibc" or "musl" on Linux; null elsewhere. */
  libc: string | null;
}

/** npm's rule for `os`, `cpu` and `libc` (npm-install-checks): a list of names, any of them negated with "!". */
function listAccepts(list: string[], value: string | null): boolean {
  if (list.length === 1 && list[0] === "any") return true;
  const negated = list.filter((entry) => entry.startsWith("!"));
  if (value !== null && negated.includes(`!${value}`)) return false;
  return (value !== null && list.includes(value)) || negated.length === list.length;
}

/** Whether npm installs `entry` on `machine`: an optional package for another system is skipped. */
function fitsMachine(entry: LockEntry, machine: Machine): boolean {
  return (
    (!entry.os || listAccepts(entry.os, machine.os)) &&
    (!entry.cpu || listAccepts(entry.cpu, machine.cpu)) &&
    (!entry.libc || (machine.os === "linux" && listAccepts(entry.libc, machine.libc)))
  );
}

/**
 * What npm would warn about (EBADENGINE) installing this lockfile on `machine` under Node `version`:
 * the packages it installs there (by their `os`, `cpu` and `libc`) or that are installed already.
 */
function refusedEngines(lock: Lock, version: string, machine: Machine, installed: (path: string) => boolean): string[] {
  return Object.entries(lock.packages).flatMap(([path, entry]) => {
    if (path === "" || !(fitsMachine(entry, machine) || installed(path))) return [];
    const range = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
    return range && !semver.satisfies(version, range, { includePrerelease: true }) ? [`${path.replace(/^.*node_modules\//, "")} wants node ${range}`] : [];
  });
}

/** This machine, as npm sees it (the C library as npm-install-checks finds it: from Node's diagnostic report). */
const here: Machine = {
  os: process.platform,
  cpu: process.arch,
  libc:
    process.platform !== "linux"
      ? null
      : (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime
        ? "glibc"
        : "musl",
};
const onDisk = (path: string) => existsSync(join(repoRoot, path, "package.json"));

const pkg = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(repoRoot, "package-lock.json"), "utf8")) as Lock;
/** The oldest version of each line `engines` allows: "^20.19.0 || ^22.16.0 || >=24" gives 20.19.0, 22.16.0, 24.0.0. */
const minimums = new semver.Range(pkg.engines.node).set.map((comparators) => semver.minVersion(comparators.map((c) => c.value).join(" "))?.version ?? "");

describe("the Node versions the README names", () => {
  it("are those package.json allows: 20.19 and 22.16 or newer of their lines, and 24 (recommended) onwards", () => {
    expect(minimums).toEqual(["20.19.0", "22.16.0", "24.0.0"]);
    expect(semver.satisfies("21.7.3", pkg.engines.node)).toBe(false);
    expect(semver.satisfies("26.10.0", pkg.engines.node)).toBe(true);
    const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
    expect(readme).toContain("Node.js 24 LTS (recommended), or 22.16 or newer, or 20.19 or newer");
  });

  it.each([...minimums.map((version) => ["a documented minimum", version]), ["this machine's Node", process.versions.node]])(
    "every package npm installs here accepts %s (%s)",
    (_name, version) => {
      expect(refusedEngines(lock, version as string, here, onDisk)).toEqual([]);
    },
  );

  it.each(["20.18.3", "22.15.1", "23.11.0"])("are the oldest that work: some package npm installs here refuses %s", (version) => {
    expect(refusedEngines(lock, version, here, onDisk)).not.toEqual([]);
  });

  // CI runs the suite under each Node it proves (.ci/run sets CI_NODE_VERSION): the tests and the commands they start by name.
  it.runIf(process.env.CI_NODE_VERSION)("run under the Node CI asked for, and so do the programs they start by name", () => {
    expect(process.versions.node).toBe(process.env.CI_NODE_VERSION);
    expect(execFileSync("node", ["-p", "process.versions.node"], { encoding: "utf8" }).trim()).toBe(process.env.CI_NODE_VERSION);
  });
});

describe("what npm would warn about", () => {
  const linux: Machine = { os: "linux", cpu: "x64", libc: "glibc" };
  const fixture: Lock = {
    packages: {
      "": { engines: { node: ">=1" } },
      "node_modules/wants-node-99": { engines: { node: ">=99" } },
      "node_modules/a/node_modules/wants-node-20": { engines: { node: "^20.9.0" } },
      "node_modules/@img/sharp-win32-ia32": { optional: true, os: ["win32"], cpu: ["ia32"], engines: { node: "^20.9.0" } },
      "node_modules/@img/sharp-linuxmusl-x64": { optional: true, os: ["linux"], cpu: ["x64"], libc: ["musl"], engines: { node: "^20.9.0" } },
      "node_modules/@img/sharp-linux-x64": { optional: true, os: ["linux"], cpu: ["x64"], libc: ["glibc"], engines: { node: "^20.9.0" } },
      "node_modules/not-on-windows": { os: ["!win32"], engines: { node: "^20.9.0" } },
    },
  };

  it("is an installed package whose engines exclude the running Node, however deep", () => {
    expect(refusedEngines(fixture, "24.21.0", linux, () => false)).toEqual([
      "wants-node-99 wants node >=99",
      "wants-node-20 wants node ^20.9.0",
      "@img/sharp-linux-x64 wants node ^20.9.0",
      "not-on-windows wants node ^20.9.0",
    ]);
  });

  it("is never an optional package npm skips on this system (another os, cpu or C library), unless it is installed after all", () => {
    const windows: Machine = { os: "win32", cpu: "ia32", libc: null };
    expect(refusedEngines(fixture, "24.21.0", windows, () => false)).toEqual([
      "wants-node-99 wants node >=99",
      "wants-node-20 wants node ^20.9.0",
      "@img/sharp-win32-ia32 wants node ^20.9.0",
    ]);
    // Linux with glibc skips the musl build, unless it is there (installed with --force, say).
    expect(refusedEngines(fixture, "24.21.0", linux, (path) => path.endsWith("sharp-linuxmusl-x64"))).toEqual([
      "wants-node-99 wants node >=99",
      "wants-node-20 wants node ^20.9.0",
      "@img/sharp-linuxmusl-x64 wants node ^20.9.0",
      "@img/sharp-linux-x64 wants node ^20.9.0",
      "not-on-windows wants node ^20.9.0",
    ]);
  });
});
