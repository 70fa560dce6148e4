/**
 * No text makes a page wider than a phone's screen. A copy of the content with a 60-letter word in
 * every text field, built once by the command `npm run build` runs (which must print no
 * deprecation line) and served by the production server (tests/e2e/long-words-server.ts, started
 * by tests/e2e/servers.ts): every built page at 320, 375 and 412 px scrolls only up and down.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type BrowserContext, expect, test } from "@playwright/test";
import { longWord } from "../helpers/long-words.ts";
import { type LongWordsInfo, longWordsInfo } from "./dev-fixture.ts";

const port = Number(process.env.E2E_PORT ?? 4173) + 301;
const base = `http://127.0.0.1:${port}`;
const WIDTHS = [320, 375, 412];

// Read when a test runs: the server writes it once its build is done, after Playwright has listed the tests.
let known: LongWordsInfo | undefined;
const copy = () => {
  known ??= JSON.parse(readFileSync(longWordsInfo(port), "utf8")) as LongWordsInfo;
  return known;
};

test("npm run build prints no deprecation line", () => {
  const info = copy();
  expect(info.buildOutput).toContain("site-config/ checked");
  expect(info.buildOutput.split("\n").filter((line) => /deprecat/i.test(line))).toEqual([]);
});

test("the copy's text fields carry the long word, and its pages show it", () => {
  const info = copy();
  expect(info.injected.appended + info.injected.replaced, "most text fields take the word").toBeGreaterThan(info.injected.fields * 0.9);
  const home = readFileSync(join(info.root, "dist", "client", "index.html"), "utf8");
  expect(home).toMatch(new RegExp(`W{${longWord(60).length - 3},}`));
  expect(info.routes.length).toBeGreaterThanOrEqual(29);
});

/** The pages wider than the window, with the elements that stick out: "path: 1268 px (h1 "WWWW...")". */
async function widePages(context: BrowserContext, paths: string[], parallel = 3): Promise<string[]> {
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
      expect(await widePages(context, copy().routes)).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
