/** post-build's check of the disk: every page and page data file the pre-render wrote was finished by the page pipeline. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { unfinishedOutputs } from "../../src/deploy/post-build.ts";

const dir = mkdtempSync(join(tmpdir(), "outputs-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
for (const file of ["index.html", "about-us/index.html", "fallback.html", "_.data", "about-us.data", "assets/app.js", "assets/x.html"]) {
  mkdirSync(dirname(join(dir, file)), { recursive: true });
  writeFileSync(join(dir, file), "x");
}
const all = ["index.html", "about-us/index.html", "_.data", "about-us.data"];

describe("unfinishedOutputs", () => {
  it("is empty when every page and data file was finished and the one other page was a kept render", () => {
    expect(unfinishedOutputs(dir, { files: new Set(all), repeats: 1 })).toEqual([]);
  });

  it("names a data file the pipeline did not compress, whatever its name", () => {
    expect(unfinishedOutputs(dir, { files: new Set(all.filter((f) => f !== "_.data")), repeats: 1 })).toEqual(["_.data"]);
  });

  it("names the pages not finished when there are more of them than pages kept as rendered", () => {
    expect(unfinishedOutputs(dir, { files: new Set(all), repeats: 0 })).toEqual(["fallback.html"]);
    expect(unfinishedOutputs(dir, { files: new Set(all.filter((f) => f !== "about-us/index.html")), repeats: 1 })).toEqual([
      "about-us/index.html",
      "fallback.html",
    ]);
  });
});
