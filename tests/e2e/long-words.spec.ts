/**
 * No text makes a page wider than a phone's screen. A copy of the content with a 60-letter word in
 * every text field (tests/helpers/long-words.ts) is built once, by the command `npm run build`
 * runs (which must print no deprecation line), and served by the production server; every built
 * page at 320, 375 and 412 px scrolls only up and down.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, expect, test } from "@playwright/test";
import { routePaths } from "../../src/content/routes.ts";
import { injectLongWords, longWord } from "../helpers/long-words.ts";
import { copySite, repoRoot, type SiteCopy } from "../helpers/site-copy.ts";

const port = Number(process.env.E2E_PORT ?? 4173) + 301;
const base = `http://127.0.0.1:${port}`;
const WIDTHS = [320, 375, 412];

test.describe.configure({ mode: "serial" });

let site: SiteCopy;
let server: ChildProcess | undefined;
let outbox: string;
let routes: string[];
let buildOutput: string;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  site = copySite({ buildable: true });
  const injected = injectLongWords(site, 60);
  expect(injected.appended + injected.replaced, "most text fields take the word").toBeGreaterThan(injected.fields * 0.9);
  // `npm run build` without its prebuild step (npm run gen, which writes into this project, not the copy).
  const env: NodeJS.ProcessEnv = { ...process.env, SITE_ROOT: site.root };
  delete env.NODE_ENV;
  const build = spawnSync("npm", ["run", "build", "--ignore-scripts"], { cwd: repoRoot, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  buildOutput = `${build.stdout}\n${build.stderr}`;
  if (build.status !== 0) throw new Error(`The build of the copy failed:\n${buildOutput.slice(-4000)}`);
  routes = routePaths(site.root, { drafts: false });
  outbox = mkdtempSync(join(tmpdir(), "site-long-words-outbox-"));
  server = spawn(join(repoRoot, "node_modules", ".bin", "tsx"), ["server/main.ts"], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", SITE_DIR: join(site.root, "dist", "client"), OUTBOX_DIR: outbox },
    stdio: "ignore",
  });
  await expect.poll(async () => (await fetch(`${base}/`).catch(() => undefined))?.status, { timeout: 30_000 }).toBe(200);
});

test.afterAll(() => {
  server?.kill("SIGTERM");
  site?.remove();
  if (outbox) rmSync(outbox, { recursive: true, force: true });
});

test("npm run build prints no deprecation line", () => {
  expect(buildOutput).toContain("site-config/ checked");
  expect(buildOutput.split("\n").filter((line) => /deprecat/i.test(line))).toEqual([]);
});

test("the copy's pages carry the long words", () => {
  const home = readFileSync(join(site.root, "dist", "client", "index.html"), "utf8");
  expect(home).toMatch(new RegExp(`W{${longWord(60).length - 3},}`));
  expect(routes.length).toBeGreaterThanOrEqual(29);
});

/** The pages wider than the window, with the elements that stick out furthest: "path: 1268 px (h1 "WWWW...")". */
async function widePages(context: BrowserContext, paths: string[], parallel = 4): Promise<string[]> {
  const wide: string[] = [];
  const queue = [...paths];
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      const page = await context.newPage();
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
        await page.goto(`${base}${path}`, { waitUntil: "load" });
        // Sections below the fold are laid out only when near (content-visibility: auto): lay out all of them.
        await page.addStyleTag({ content: "main > [data-section] { content-visibility: visible !important; }" });
        const found = await page.evaluate(() => {
          const width = document.documentElement.clientWidth;
          const scroll = document.documentElement.scrollWidth;
          if (scroll <= width) return undefined;
          const culprits = [...document.querySelectorAll("body *")]
            .filter((el) => el.getBoundingClientRect().right > width + 1)
            .slice(0, 3)
            .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 30)}"`);
          return `${scroll} px (${culprits.join(", ")})`;
        });
        if (found) wide.push(`${path}: ${found}`);
      }
      await page.close();
    }),
  );
  return wide.sort();
}

for (const width of WIDTHS) {
  test(`at ${width} px no page is wider than the screen`, async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    try {
      // The page itself must not hide what sticks out: then its width would prove nothing.
      const page = await context.newPage();
      await page.goto(`${base}/`);
      expect(await page.evaluate(() => [getComputedStyle(document.documentElement).overflowX, getComputedStyle(document.body).overflowX])).toEqual([
        "visible",
        "visible",
      ]);
      await page.close();
      expect(await widePages(context, routes)).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
