/** What exists only in preview (npm run dev) stays out of the production build. */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";

const client = join(import.meta.dirname, "..", "..", "dist", "client");

test("the section catalog is not in the build: no page, no code", () => {
  expect(existsSync(join(client, "__sections"))).toBe(false);
  expect(existsSync(join(client, "__sections.data"))).toBe(false);
  const assets = readdirSync(join(client, "assets"));
  expect(assets.filter((f) => f.includes("catalog"))).toEqual([]);
  const js = assets.filter((f) => f.endsWith(".js")).map((f) => readFileSync(join(client, "assets", f), "utf8"));
  expect(js.some((code) => code.includes("Section catalog"))).toBe(false);
});

test("the production server answers /__sections with a 301 to /", async ({ request }) => {
  const res = await request.get("/__sections", { maxRedirects: 0 });
  expect(res.status()).toBe(301);
  expect(res.headers().location).toBe("/");
});
