/**
 * Every built page, once all of its sections have loaded and the contact form has taken over: no
 * id is used twice (a label or a link would reach the wrong element), and no text carries U+FFFD
 * (a letter lost to a wrong encoding).
 */
import { expect, test } from "@playwright/test";
import { site } from "./content";

for (const path of site.routes) {
  test(`${path}: every id once, no lost letter`, async ({ page }) => {
    await page.goto(path, { waitUntil: "load" });
    // Sections wake (and the form's code loads) as they near the viewport: pass by each of them.
    for (const section of await page.locator("main > [data-section]").all()) await section.scrollIntoViewIfNeeded();
    const form = page.locator("[data-enquiry-form]");
    if ((await form.count()) > 0) await expect(form).toHaveAttribute("data-enquiry-form", "ready", { timeout: 20_000 });
    const ids = await page.evaluate(() => [...document.querySelectorAll("[id]")].map((el) => el.id));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.outerHTML.includes("\uFFFD"))).toBe(false);
  });
}
