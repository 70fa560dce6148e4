/**
 * The page builder's pictures in docs/editing.md, taken from the builder itself: `npm run edit` in a
 * copy of the project (tests/helpers/project-copy.ts), Chromium at the docs' sizes, each picture after
 * the steps an editor takes to get there.
 *
 *   npx tsx scripts/docs-screenshots.ts        # writes docs/images/builder-*.png
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.ts";
import { copyProject } from "../tests/helpers/project-copy.ts";
import { waitForUrl } from "./bench/serve.ts";

const root = join(import.meta.dirname, "..");
const out = join(root, "docs", "images");
const port = Number(process.env.DOCS_PORT ?? 4700);
const base = `http://127.0.0.1:${port}`;
const copy = mkdtempSync(join(tmpdir(), "docs-shots-"));
copyProject(root, copy);
const env: NodeJS.ProcessEnv = { ...process.env };
delete env.SITE_ROOT;
const server = spawn(process.execPath, [join(copy, "scripts", "react-router.mjs"), "dev", "--port", String(port), "--strictPort", "--host", "127.0.0.1"], {
  cwd: copy,
  env,
  stdio: "ignore",
  detached: true,
});

const HOME = join(copy, "site-config", "pages", "home.json");
const canvasReady = (page: Page) => page.frameLocator('iframe[title^="Preview of the page"]').locator("main h1").first().waitFor({ timeout: 60_000 });

async function shot(page: Page, name: string, what: string) {
  await page.waitForTimeout(1200);
  await page.screenshot({ path: join(out, name) });
  console.log(`docs/images/${name}: ${what}`);
}

/** Editing on the page itself: the toolbar, a text edited in place (and one emptied), a section dragged from the library, a paste. */
async function onThePage(page: Page) {
  const canvas = page.frameLocator('iframe[title^="Preview of the page"]');
  // The stats band selected in the outline: the page scrolls to it, its toolbar and the dashed outlines of its texts show.
  await page.locator("[data-outline-item]").filter({ hasText: "Service explorer" }).click();
  await shot(page, "builder-toolbar.png", "the selected section's toolbar on the page, its texts outlined");

  const heading = canvas.locator('[data-section="service-explorer"] h2').first();
  const box = await heading.boundingBox();
  if (!box) throw new Error("The heading is not shown.");
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.keyboard.type(" Today");
  await shot(page, "builder-inline.png", "a heading edited in place");
  await page.keyboard.press("Control+a");
  await page.keyboard.press("Delete");
  await canvas.getByRole("alert").waitFor();
  await shot(page, "builder-inline-error.png", "a heading emptied in place: the site's message beside it");
  await page.keyboard.press("Escape");

  // A card of the library dragged onto the top of the industries grid (the pointer held there).
  await page.getByRole("button", { name: /^Add a section/ }).click();
  const card = page
    .getByRole("dialog", { name: "Add a section" })
    .locator("li")
    .filter({ has: page.locator('[data-library-entry="call-to-action"]') });
  await card.hover();
  await page.mouse.down();
  const target = await canvas.locator('[data-section="industries-grid"]').boundingBox();
  if (!target) throw new Error("The industries grid is not shown.");
  await page.mouse.move(target.x + 200, target.y + 30, { steps: 8 });
  await page.mouse.move(target.x + 220, target.y + 20, { steps: 4 });
  await shot(page, "builder-drag.png", "a section dragged from the library: the line shows where it will go");
  await page.mouse.up();
  await page.keyboard.press("Control+z");

  // The picture library, from the hero's photo field.
  await page.locator("[data-outline-item]").first().click();
  await page.getByRole("button", { name: "Browse the pictures…" }).first().click();
  await page.getByRole("dialog", { name: "Pictures" }).getByLabel("Search by file name").fill("services");
  await shot(page, "builder-pictures.png", "the picture library: thumbnails with sizes, searched by file name");
  await page.keyboard.press("Escape");
}

try {
  await waitForUrl(`${base}/__edit/api/state`, 120_000);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(`${base}/__edit?file=site-config%2Fpages%2Fhome.json`);
    await canvasReady(page);
    await shot(page, "builder-1600.png", "the home page open, the hero selected");

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole("button", { name: /^Phone 375/ }).click();
    await shot(page, "builder-1280.png", "at 1280 pixels with the phone preview");

    await page.getByRole("button", { name: /^Desktop 1280/ }).click();
    await page.getByLabel(/^Heading/).fill("");
    await page.getByLabel(/^Words on the link/).fill("");
    await page.locator("#fields").evaluate((el) => el.scrollTo(0, 0));
    await shot(page, "builder-error.png", "two fields emptied: each message under its field, the summary above, the problems under the page");

    await page.getByLabel(/^Heading/).fill("Software that ships on time");
    await page.getByLabel(/^Words on the link/).fill("Get Started");
    await onThePage(page);
    writeFileSync(HOME, readFileSync(HOME, "utf8").replace('"Explore Our Offering"', '"Explore What We Offer"'));
    await page.getByRole("alert").filter({ hasText: "changed on disk" }).waitFor();
    await shot(page, "builder-conflict.png", "the file changed on disk while edits were not saved: both sides in words, and the choice");
  } finally {
    await browser.close();
  }
} finally {
  if (server.pid) process.kill(-server.pid, "SIGTERM");
  await new Promise((r) => setTimeout(r, 500));
  rmSync(copy, { recursive: true, force: true });
}
