/**
 * The first tap works, before the page's code has arrived: on Lighthouse's mobile profile (a 412 px
 * touch phone, 150 ms round trips, 1.6 Mbps, the CPU slowed 4 times, through the DevTools
 * protocol), a visitor taps as soon as the page shows. Each tap takes effect once, and what it
 * chose (an open menu, a selected tab, the focus) survives React taking over. Without JavaScript
 * the same controls work.
 */
import { expect, test, type Page } from "@playwright/test";
import { site } from "./content";

const PHONE = { viewport: { width: 412, height: 823 }, hasTouch: true, isMobile: true };
test.use(PHONE);

async function slowPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined, null, { timeout: 60_000 });
const menu = (page: Page) => page.getByRole("dialog", { name: "Menu" });
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");

test.describe("on a slow phone, before the page's code has arrived", () => {
  test.describe.configure({ timeout: 90_000 });

  for (const path of ["/about-us", "/services/cloud-services", "/"]) {
    for (const moment of ["domcontentloaded", "load"] as const) {
      test(`${path}: the menu button tapped at ${moment} opens the menu, which stays open when React takes over`, async ({ page }) => {
        await slowPhone(page);
        await page.goto(path, { waitUntil: moment });
        const hydratedBefore = await page.evaluate(() => document.documentElement.dataset.hydrated !== undefined);
        await page.getByRole("button", { name: "Open menu" }).tap();
        // Room to spare: the throttled CPU shares the machine with another test worker; what counts is that the tap takes effect.
        await expect(menu(page)).toBeVisible({ timeout: 5_000 });
        const focus = await focusedName(page);
        await hydrated(page);
        // React took over with the menu open: applied once (a second time would have closed it), focus unchanged.
        await page.waitForTimeout(500);
        await expect(menu(page)).toBeVisible();
        expect(await focusedName(page)).toBe(focus);
        if (moment === "domcontentloaded") expect(hydratedBefore).toBe(false);
        // And React's menu works on: one tap closes it, and a link in it navigates.
        await page.getByRole("button", { name: "Close menu" }).tap();
        await expect(menu(page)).toBeHidden();
      });
    }
  }

  for (const moment of ["domcontentloaded", "load"] as const) {
    test(`/: a service tab tapped at ${moment} shows its panel, and React keeps the choice`, async ({ page }) => {
      const services = site.collections!.services;
      const target = services.find((s) => s.id === "cloud-services")!;
      await slowPhone(page);
      await page.goto("/", { waitUntil: moment });
      const section = page.locator('[data-section="service-explorer"]');
      await section.getByRole("tab", { name: target.name }).tap();
      await expect(section.getByRole("tabpanel").getByRole("heading", { name: target.name })).toBeVisible({ timeout: 5_000 });
      await hydrated(page);
      await expect(section.getByRole("tab", { name: target.name })).toHaveAttribute("aria-selected", "true", { timeout: 30_000 });
      await expect(section.getByRole("tab", { name: services[0]!.name })).toHaveAttribute("aria-selected", "false");
      await expect(section.getByRole("tabpanel").getByRole("heading")).toHaveText(target.name);
    });
  }

  test("/: a carousel arrow tapped at domcontentloaded moves the carousel once its code is there, by one slide", async ({ page }) => {
    await slowPhone(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    const region = page.getByRole("region", { name: "we provide best service" });
    const slider = region.locator('[data-carousel="services"]');
    await region.getByRole("button", { name: "Next" }).scrollIntoViewIfNeeded();
    await region.getByRole("button", { name: "Next" }).tap();
    await hydrated(page);
    await expect(slider).toHaveAttribute("data-ready", "", { timeout: 60_000 });
    // One slide on: the second slide at the left edge, and it stays there (the tap was applied once).
    const fromLeft = (n: number) =>
      slider.evaluate(
        (el, i) => Math.abs(Math.round(el.querySelectorAll(".keen-slider__slide")[i]!.getBoundingClientRect().x - el.getBoundingClientRect().x)),
        n,
      );
    await expect.poll(() => fromLeft(1), { timeout: 10_000 }).toBeLessThanOrEqual(1);
    await page.waitForTimeout(1_000);
    expect(await fromLeft(1)).toBeLessThanOrEqual(1);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the menu opens and closes: its button, the overlay, Escape, and a link that navigates", async ({ page }) => {
    await page.goto("/about-us");
    const open = page.getByRole("button", { name: "Open menu" });
    await open.click();
    await expect(menu(page)).toBeVisible();
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(menu(page)).toBeHidden();
    await open.click();
    await expect(menu(page)).toBeVisible();
    await page.mouse.click(40, 400);
    await expect(menu(page)).toBeHidden();
    await open.click();
    await expect(menu(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu(page)).toBeHidden();
    await open.click();
    await menu(page).getByRole("link", { name: "Our Services" }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(menu(page)).toBeHidden();
  });

  test("a service tab shows its panel", async ({ page }) => {
    const services = site.collections!.services;
    await page.goto("/");
    const section = page.locator('[data-section="service-explorer"]');
    await expect(section.getByRole("tabpanel").getByRole("heading")).toHaveText(services[0]!.name);
    await section.getByRole("tab", { name: services[4]!.name }).click();
    await expect(section.getByRole("tabpanel").getByRole("heading")).toHaveText(services[4]!.name);
  });
});
