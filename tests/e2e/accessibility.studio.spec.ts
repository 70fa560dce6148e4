/**
 * Every view of the studio (issue 56): sign-in, sign-in refused, an invitation, a page open, its
 * History, a version chosen, Publish with the site's advice, Activity, Share a preview, Review: axe with the WCAG 2.2 AA rules finds
 * nothing at 1280 px and at 320 px, and at 320 px and at a 1280 px window zoomed to 200% (640 CSS
 * px) the page is as wide as the window. Nothing is saved: the studio's story (studio.studio.spec.ts)
 * runs after these on the same drafts.
 */
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { WCAG22_AA } from "./axe";
import { PUBLISHER } from "../helpers/studio-sandbox";

const port = Number(process.env.E2E_STUDIO_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 400);
const base = join(tmpdir(), `site-studio-${port}`);
const canvas = (page: Page) => page.frameLocator('iframe[title^="Preview of the page"]');

/** `npm run studio -- …` against the running studio, as its operator runs it. */
function studioCommand(args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, STUDIO_DATA: join(base, "data"), STUDIO_REMOTE: join(base, "remote.git"), STUDIO_PORT: String(port) };
  delete env.SITE_ROOT;
  const run = spawnSync(process.execPath, ["--import", "tsx", join(base, "project", "studio", "cli.ts"), ...args], {
    cwd: join(base, "project"),
    env,
    encoding: "utf8",
    timeout: 60_000,
  });
  return `${run.stdout}${run.stderr}`;
}

async function check(page: Page, view: string, width: number) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG22_AA).exclude("iframe").analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    `${view} at ${width} px`,
  ).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${view} at ${width} px scrolls sideways`).toBe(0);
}

const SIZES = [
  { width: 1280, height: 800 },
  { width: 320, height: 640 },
  // A 1280x800 window zoomed to 200%.
  { width: 640, height: 400 },
];

async function newPage(browser: Browser, size: { width: number; height: number }) {
  const context = await browser.newContext({ viewport: size });
  return { context, page: await context.newPage() };
}

for (const size of SIZES) {
  test(`at ${size.width} px: sign-in, sign-in refused and an invitation have no axe violation and fit the window`, async ({ browser }) => {
    // The command line that makes the invitation starts on a machine busy with the studio's builds.
    test.setTimeout(90_000);
    const { context, page } = await newPage(browser, size);
    await page.goto("/__edit");
    await expect(page).toHaveURL(/\/sign-in/);
    await check(page, "sign-in", size.width);
    await page.getByLabel("E-mail address").fill(PUBLISHER.email);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    await expect(page.getByLabel("Password")).toHaveAccessibleDescription(/.+/);
    await check(page, "sign-in refused", size.width);
    const email = `invited-${size.width}@example.com`;
    const said = studioCommand(["user", "add", email, "--role", "editor", "--name", "Invited Person", "--invite"]);
    const link = said.match(/https?:\/\/\S+\/invite\/[\w-]+/)?.[0];
    expect(link, said).toBeTruthy();
    await page.goto(new URL(link!).pathname);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await check(page, "an invitation", size.width);
    studioCommand(["user", "remove", email]);
    await context.close();
  });

  test(`at ${size.width} px: a page open, its History, a version chosen, Publish with the advice and Activity have no axe violation and fit the window`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const { context, page } = await newPage(browser, size);
    await page.goto("/__edit?file=site-config%2Fpages%2Fabout-us.json");
    await page.getByLabel("E-mail address").fill(PUBLISHER.email);
    await page.getByLabel("Password").fill(PUBLISHER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("button", { name: "Saved" })).toBeVisible({ timeout: 30_000 });
    await expect(canvas(page).locator("main h1").first()).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: `shots/studio-${size.width}x${size.height}.png` });
    await check(page, "a page open", size.width);

    await page.getByRole("button", { name: "History" }).click();
    const history = page.getByRole("dialog", { name: /^History of/ });
    await expect(history.getByRole("button", { name: /The site as the tests start from it/ })).toBeVisible();
    await check(page, "History", size.width);
    await history.getByRole("button", { name: /The site as the tests start from it/ }).click();
    await expect(history).toContainText("From the version of");
    await page.screenshot({ path: `shots/studio-${size.width}x${size.height}-history.png` });
    await check(page, "a version chosen", size.width);
    await page.keyboard.press("Escape");

    // Advice before publishing: alt text that only says "Image" (typed, not saved).
    const fields = page.getByRole("group", { name: "Panel shown" }).getByRole("button", { name: "Outline and fields" });
    if (await fields.isVisible()) await fields.click();
    await page
      .locator("[data-outline-item]")
      .filter({ hasText: "Engineering that earns its keep" })
      .getByRole("button", { name: /^Engineering that earns/ })
      .click();
    await page.getByLabel("Alt text (what the picture shows)").fill("Image");
    await expect(page.locator(".ed-warning").first()).toContainText("says only that there is a picture", { timeout: 15_000 });
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    const publish = page.getByRole("dialog", { name: "Publish" });
    await expect(publish.getByRole("region", { name: "Advice before publishing" })).toContainText(
      /site-config\/pages\/about-us\.json:\d+:\d+ {2}section 2 \(text-block\) > image > alt {2}warning: alt text "Image" says only that there is a picture\./,
    );
    await page.screenshot({ path: `shots/studio-${size.width}x${size.height}-publish.png` });
    await check(page, "Publish", size.width);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Activity", exact: true }).click();
    const activity = page.getByRole("dialog", { name: "Activity" });
    await expect(activity.getByRole("row").filter({ hasText: "Signed in (password)" }).first()).toBeVisible();
    await check(page, "Activity", size.width);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Share a preview", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Share a preview" })).toBeVisible();
    await check(page, "Share a preview", size.width);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: /^Review/ }).click();
    await expect(page.getByRole("dialog", { name: "Review" })).toBeVisible();
    await page.screenshot({ path: `shots/studio-${size.width}x${size.height}-review.png` });
    await check(page, "Review", size.width);
    await page.keyboard.press("Escape");
    await page.keyboard.press("Control+z");
    await context.close();
  });
}
