/** scripts/make-share-image.ts: the link-preview picture from the settings, read through the content layer. */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";

const repo = join(import.meta.dirname, "..", "..");
const dir = mkdtempSync(join(tmpdir(), "share-image-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const run = (root: string, out: string) =>
  spawnSync(join(repo, "node_modules", ".bin", "tsx"), [join(repo, "scripts", "make-share-image.ts"), out], {
    cwd: repo,
    env: { ...process.env, SITE_ROOT: root },
    encoding: "utf8",
  });

describe("the share image", () => {
  it("is a 1200x630 PNG drawn from the settings", async () => {
    const out = join(dir, "share.png");
    const result = run(repo, out);
    expect(result.status, result.stderr).toBe(0);
    expect(await sharp(out).metadata()).toMatchObject({ width: 1200, height: 630, format: "png" });
  }, 60_000);

  it("refuses settings with errors, naming the file, line and column", () => {
    const root = join(dir, "broken");
    for (const part of ["site-config", "schemas", "public"]) cpSync(join(repo, part), join(root, part), { recursive: true });
    const file = join(root, "site-config", "settings.json");
    writeFileSync(file, readFileSync(file, "utf8").replace('"companyName":', '"companyName": 42, "x":'));
    const result = run(root, join(dir, "broken.png"));
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/site-config\/settings\.json:\d+:\d+/);
  }, 60_000);
});
