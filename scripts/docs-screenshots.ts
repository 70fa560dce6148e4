/**
 * The page builder's pictures in docs/editing.md, taken from the builder itself: `npm run edit` in a
 * copy of the project (scripts/project-copy.ts), Chromium at the docs' sizes, each picture after
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
import { copyProject } from "./project-copy.ts";
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
