/** What authors see in preview (npm run dev): the section catalog and draft pages. */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { DRAFT } from "./dev-fixture";

const sectionTypes = readdirSync(join(import.meta.dirname, "..", "..", "schemas", "sections"))
  .map((f) => f.replace(".schema.json", ""))
  .sort();

/** Console errors and warnings, and uncaught exceptions, from the moment the page opens. */
function collectConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") messages.push(`${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => messages.push(`pageerror: ${e.message}`));
  return messages;
}

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);

test("the section catalog renders every registered section type with its name and JSON, with no console error", async ({ page }) => {
  const messages = collectConsole(page);
  await page.goto("/__sections");
  await hydrated(page);
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("heading", { level: 1, name: "Section catalog" })).toBeVisible();
  expect(sectionTypes.length).toBeGreaterThan(10);
  for (const type of sectionTypes) {
    const entry = page.locator(`[data-catalog-entry="${type}"]`);
    await expect(entry.getByRole("heading", { level: 2, name: type, exact: true })).toBeVisible();
    // The section itself, rendered by its component from the schema example.
    await expect(entry.locator(`[data-section="${type}"]`)).toHaveCount(1);
    const json = JSON.parse((await entry.locator("pre code").textContent()) ?? "") as { type: string };
    expect(json.type).toBe(type);
  }
  await expect(page.locator('[data-section="error"]')).toHaveCount(0);
  await expect(page.locator("[data-catalog-entry]")).toHaveCount(sectionTypes.length);
  expect(messages).toEqual([]);
});

test("a draft page shows in preview with a Draft badge, and the menu links it", async ({ page }) => {
  const messages = collectConsole(page);
  await page.goto(`/${DRAFT.slug}`);
  await hydrated(page);
  await expect(page.getByRole("heading", { name: DRAFT.heading })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Page status" })).toContainText("Draft");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: DRAFT.menuLabel })).toHaveAttribute("href", `/${DRAFT.slug}`);
  expect(messages).toEqual([]);
});

test("a published page has no Draft badge", async ({ page }) => {
  await page.goto("/about-us");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Page status" })).toHaveCount(0);
});

test("in preview, a page's pictures are the site's copies, made on the first request", async ({ page }) => {
  await page.goto("/");
  const poster = page.locator('[data-section="hero"] img').first();
  await expect(poster).toHaveJSProperty("complete", true);
  const [src, width] = await poster.evaluate((img: HTMLImageElement) => [img.currentSrc, img.naturalWidth] as const);
  expect(src).toMatch(/\/assets\/img\/hero-poster\.[\w-]+\.\d+\.avif$/);
  expect(width).toBeGreaterThan(0);
  // A copy that no picture makes (a file changed since the page was loaded) is a plain 404.
  expect((await page.request.get("/assets/img/hero-poster.0000000000.640.avif")).status()).toBe(404);
});
