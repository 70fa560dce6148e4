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

test("the page builder is not in the build: no route, no code, no styles", () => {
  for (const path of ["__edit", "__edit.data", join("__edit", "canvas")]) expect(existsSync(join(client, path)), path).toBe(false);
  const assets = readdirSync(join(client, "assets"));
  expect(assets.filter((f) => /editor|canvas/i.test(f))).toEqual([]);
  const code = assets.filter((f) => f.endsWith(".js") || f.endsWith(".css")).map((f) => readFileSync(join(client, "assets", f), "utf8"));
  for (const mark of ["__edit/api", "site-editor", "Page builder", "ed-dialog", "@dnd-kit"])
    expect(
      code.some((c) => c.includes(mark)),
      mark,
    ).toBe(false);
  // Nor in the pages' inlined CSS (the editor's classes are scanned only by its own stylesheet).
  const home = readFileSync(join(client, "index.html"), "utf8");
  expect(home).not.toContain("ed-list-button");
});

test("the production server has no editor: /__edit redirects home and its API does not exist", async ({ request }) => {
  const page = await request.get("/__edit", { maxRedirects: 0 });
  expect(page.status()).toBe(301);
  expect(page.headers().location).toBe("/");
  const save = await request.post("/__edit/api/save", {
    headers: { "x-site-editor": "1", "content-type": "application/json" },
    data: { path: "site-config/pages/home.json", value: {}, hash: "" },
    maxRedirects: 0,
  });
  expect(save.status()).not.toBe(200);
  expect([301, 404, 405]).toContain(save.status());
});
