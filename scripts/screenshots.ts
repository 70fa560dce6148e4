/**
 * Full-page screenshots of chosen routes at the SPEC's widths, for looking at.
 *   npx tsx scripts/screenshots.ts [--base http://localhost:3000] [--out shots] [--widths 375,1280] [routes...]
 * Needs a running server (npm start). Chromium from CHROME_PATH or /usr/bin/chromium.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.ts";

const args = process.argv.slice(2);
function option(name: string, fallback: string): string {
  const i = args.indexOf(`--${name}`);
  if (i === -1) return fallback;
  const value = args[i + 1] ?? fallback;
  args.splice(i, 2);
  return value;
}
const base = option("base", "http://localhost:3000");
const out = option("out", "shots");
const widths = option("widths", "375,768,1280,1600").split(",").map(Number);
const full = option("full", "yes") === "yes";
const perSection = option("sections", "no") === "yes";
const routes = args.length ? args : ["/", "/about-us", "/services", "/services/web-development", "/contact-us", "/web-development"];

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const width of widths) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  for (const route of routes) {
    await page.goto(base + route, { waitUntil: "load" });
    // Hydration starts after `load`; scroll only once it has, or the scroll-in animations start
    // after the pass and the sections below stay hidden in a full-page shot.
    await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined).catch(() => {});
    await page.waitForLoadState("networkidle");
    // Let scroll animations and sliders settle: scroll through the page once (sections hydrate
    // and fade in as they come near).
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 150));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForTimeout(700);
    const name = `${route === "/" ? "home" : route.slice(1).replaceAll("/", "_")}-${width}.png`;
    if (perSection) {
      const sections = page.locator("main section[data-section], footer");
      const count = await sections.count();
      for (let i = 0; i < count; i++) {
        const section = sections.nth(i);
        const type = (await section.getAttribute("data-section")) ?? "footer";
        const file = join(out, name.replace(/\.png$/, `-${i}-${type}.png`));
        await section.scrollIntoViewIfNeeded();
        await page.waitForTimeout(600);
        await section.screenshot({ path: file });
        console.log(file);
      }
    } else {
      await page.screenshot({ path: join(out, name), fullPage: full });
      console.log(join(out, name));
    }
  }
  await page.close();
}
await browser.close();
