/**
 * The studio end to end, as a team uses it (tests/e2e/studio-server.ts: a copy of the project, its
 * bare remote, an editor and a publisher): saves become commits by their editor, a publish merges
 * what a developer pushed meanwhile, a change made on both sides is shown and not overwritten,
 * an earlier version is restored and published back, an editor cannot publish, a publisher
 * publishes one page while another stays waiting, and Activity lists who did what. One story, in order.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { WCAG22_AA } from "./axe";
import { EDITOR, PUBLISHER } from "../helpers/studio-sandbox";

const port = Number(process.env.E2E_STUDIO_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 400);
const base = join(tmpdir(), `site-studio-${port}`);
const clone = join(base, "data", "repo");
const remote = join(base, "remote.git");
const developer = join(base, "developer");
const HOME = "site-config/pages/home.json";

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=Dev Eloper", "-c", "user.email=dev@example.com", ...args], { cwd, encoding: "utf8" });
/** The file as the remote's published branch has it. */
const published = (file: string) => execFileSync("git", ["show", `main:${file}`], { cwd: remote, encoding: "utf8" });
/** A developer's commit, pushed to the remote's published branch. */
function developerCommit(file: string, edit: (text: string) => string, message: string) {
  try {
    git(developer, "pull", "-q", "--rebase", "origin", "main");
  } catch {
    execFileSync("git", ["clone", "-q", remote, developer]);
  }
  const path = join(developer, file);
  writeFileSync(path, edit(readFileSync(path, "utf8")));
  git(developer, "commit", "-qam", message);
  git(developer, "push", "-q", "origin", "HEAD:main");
}

const canvas = (page: Page) => page.frameLocator('iframe[title^="Preview of the page"]');
const row = (page: Page, label: string | RegExp) => page.locator("[data-outline-item]").filter({ hasText: label });

/** The browsers signed in by a test, closed after it: a builder left open keeps drawing its canvas (the hero's video). */
const signedIn: BrowserContext[] = [];
test.afterEach(async () => {
  for (const context of signedIn.splice(0)) await context.close();
});

async function signIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  signedIn.push(context);
  const page = await context.newPage();
  await page.goto("/__edit?file=site-config%2Fpages%2Fhome.json");
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  await page.getByLabel("E-mail address").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Saved" })).toBeVisible({ timeout: 30_000 });
  await expect(canvas(page).locator("main h1").first()).toBeVisible({ timeout: 30_000 });
  return page;
}

/** Saves, and waits for the commit: the number of drafts grows by one. */
async function save(page: Page) {
  await expect(page.getByRole("button", { name: "Save", exact: true })).toBeVisible();
  const before = drafts().length;
  await page.keyboard.press("Control+s");
  await expect(page.getByRole("button", { name: "Saved" })).toBeVisible();
  await expect.poll(() => drafts().length).toBe(before + 1);
}

async function publish(page: Page, then: RegExp) {
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Publish" });
  await dialog.getByRole("button", { name: /^Publish (now|with these choices)$/ }).click();
  await expect(dialog).toContainText(then, { timeout: 180_000 });
  return dialog;
}

/** The commits on the drafts branch not published yet: author and message. */
const drafts = () => git(clone, "log", "--no-merges", "--format=%an|%s", "origin/main..drafts").trim().split("\n").filter(Boolean);

test.describe.configure({ mode: "serial" });
test.setTimeout(300_000);

test("the editor's move and heading are two commits by the editor, each the lines changed; an editor has no Publish button, and the API refuses", async ({
  browser,
}) => {
  const page = await signIn(browser, EDITOR);
  await expect(page.getByText(`Signed in as ${EDITOR.name}`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Publish", exact: true })).toHaveCount(0);
  const before = git(clone, "show", `HEAD:${HOME}`);
  // The library draws the site's sections as thumbnails (their links need a router: the studio's builder has its own).
  await page.getByRole("button", { name: /^Add a section/ }).click();
  const library = page.getByRole("dialog", { name: "Add a section" });
  await expect(library.locator('.ed-thumb [data-section="hero"]').first()).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(library).toBeHidden();
  await expect(canvas(page).locator("main h1").first()).toBeVisible();

  await row(page, "people say about us")
    .getByRole("button", { name: /^people say about us/ })
    .click();
  await page.getByRole("toolbar").getByRole("button", { name: "Move up" }).click();
  await save(page);
  await row(page, "Explore Our Offering")
    .getByRole("button", { name: /^Explore Our Offering/ })
    .click();
  await page.getByLabel(/^Heading/).fill("Explore What We Do");
  await save(page);

  expect(drafts()).toEqual([
    `${EDITOR.name}|Page /: Section 3 (Service explorer): Heading changed from “Explore Our Offering” to “Explore What We Do”`,
    `${EDITOR.name}|Page /: people say about us (Testimonials carousel, shared "testimonials") moved from 5 to 4`,
  ]);
  const changed = (range: string) =>
    git(clone, "diff", "-U0", range, "--", HOME)
      .split("\n")
      .filter((l) => /^[+-]/.test(l) && !/^(\+\+\+|---) /.test(l));
  expect(changed("HEAD~1..HEAD")).toEqual(['-      "heading": "Explore Our Offering",', '+      "heading": "Explore What We Do",']);
  // The move: only the lines of the sections that swapped places, each as it was.
  const moved = changed("HEAD~2..HEAD~1");
  expect(moved.length).toBeGreaterThan(0);
  for (const line of moved) expect(before.split("\n")).toContain(line.slice(1));
  expect(moved.filter((l) => l.startsWith("-")).length).toBe(moved.filter((l) => l.startsWith("+")).length);
  await expect(page.getByText("2 changes not published yet: 2 by Asha Rao.")).toBeVisible();

  const refused = await page.request.post("/__edit/api/studio/publish", {
    headers: { "x-site-editor": "1", "content-type": "application/json", origin: `http://127.0.0.1:${port}` },
    data: {},
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error).toContain("Only a publisher");
});

test("the publisher publishes: the remote has the drafts and a developer's commit pushed meanwhile, and the built site shows them", async ({ browser }) => {
  developerCommit("site-config/pages/about-us.json", (t) => t.replace('"Who Are We?"', '"Who We Are"'), "About us: a developer's wording");
  const page = await signIn(browser, PUBLISHER);
  const dialog = await publish(page, /Published: 2 changes are live/);
  // The build says what it did: the whole site (the first publish), or the pages rendered again.
  await expect(dialog).toContainText(/Built (the whole site in|: \d+ of \d+ pages rendered again)/);
  const home = JSON.parse(published(HOME)) as { sections: { type: string; heading?: string }[] };
  expect(home.sections[2]?.heading).toBe("Explore What We Do");
  expect(home.sections[3]).toEqual({ shared: "testimonials" });
  expect(published("site-config/pages/about-us.json")).toContain('"Who We Are"');
  expect(git(remote, "log", "-1", "--format=%an|%s", "main").trim()).toBe(`${PUBLISHER.name}|Publish 2 changes by Asha Rao`);
  const built = readFileSync(join(base, "project", "dist", "client", "index.html"), "utf8");
  expect(built).toContain("Explore What We Do");
  expect(readFileSync(join(base, "project", "dist", "client", "about-us", "index.html"), "utf8")).toContain("Who We Are");
  await page.getByRole("button", { name: "Close" }).click();
  await expect(page.getByText("Everything is published.")).toBeVisible();
});

test("a change made on both sides is shown, not overwritten; the publisher keeps the drafts' side and publishes", async ({ browser }) => {
  const editor = await signIn(browser, EDITOR);
  await editor.getByLabel(/^Heading/).fill("Software that ships on time");
  await save(editor);
  await editor.context().close();
  developerCommit(HOME, (t) => t.replace(/"headline": "[^"]*"/, '"headline": "Engineering for growing businesses"'), "Home: a developer's headline");

  const page = await signIn(browser, PUBLISHER);
  await page.setViewportSize({ width: 1280, height: 900 });
  const dialog = await publish(page, /Changed on both sides|changed both in the drafts and on the published site/);
  await expect(dialog).toContainText("section 1 (Hero) was changed on both sides");
  // Both values, in words, and who made each.
  const mine = dialog.locator("label").filter({ hasText: "Keep the drafts' version" });
  const theirs = dialog.locator("label").filter({ hasText: "Keep the published version" });
  await expect(mine).toContainText("Software that ships on time");
  await expect(mine).toContainText(EDITOR.name);
  await expect(theirs).toContainText("Engineering for growing businesses");
  await expect(theirs).toContainText("Dev Eloper");
  await page.screenshot({ path: join("shots", "studio", "conflict-1280.png") });
  expect(published(HOME)).toContain('"headline": "Engineering for growing businesses"');
  await dialog.getByLabel("Keep the drafts' version").check();
  await dialog.getByRole("button", { name: "Publish with these choices" }).click();
  await expect(dialog).toContainText(/Published: 1 change is live/, { timeout: 180_000 });
  expect(published(HOME)).toContain('"headline": "Software that ships on time"');
  expect(git(remote, "log", "-1", "--format=%B", "main")).toContain("kept the drafts' version (Asha Rao), not the published one (Dev Eloper)");
});

test("who else has a file open shows in a second browser, live, and goes when they close it", async ({ browser }) => {
  const ravi = await signIn(browser, PUBLISHER);
  await ravi.setViewportSize({ width: 1280, height: 900 });
  const asha = await signIn(browser, EDITOR);
  const files = ravi.getByRole("navigation", { name: "Site files" });
  await expect(files.getByRole("button", { name: /^\/.*Asha Rao editing/ })).toBeVisible({ timeout: 30_000 });
  await expect(ravi.getByText("Asha Rao also has this file open")).toBeVisible();
  // Not one's own name.
  await expect(files.getByText("Ravi Kumar editing")).toHaveCount(0);
  await ravi.screenshot({ path: join("shots", "studio", "presence-1280.png") });
  // Asha opens another file: the list follows.
  await asha
    .getByRole("navigation", { name: "Site files" })
    .getByRole("button", { name: /^\/about-us/ })
    .click();
  await expect(files.getByRole("button", { name: /^\/about-us.*Asha Rao editing/ })).toBeVisible({ timeout: 30_000 });
  await expect(ravi.getByText("Asha Rao also has this file open")).toHaveCount(0);
  await asha.context().close();
  await expect(files.getByText("Asha Rao editing")).toHaveCount(0, { timeout: 30_000 });
});

test("restoring an earlier version of the page puts its heading back as a draft, and publishing makes it live again", async ({ browser }) => {
  const page = await signIn(browser, PUBLISHER);
  await page.getByRole("button", { name: "History" }).click();
  const history = page.getByRole("dialog", { name: /^History of/ });
  await expect(history.getByRole("heading", { name: "History of Page /" })).toBeVisible();
  // Every version, the one the conflict's publish set aside included.
  await expect(history.getByRole("button", { name: /Home: a developer's headline.*set aside by a publish/ })).toBeVisible();
  await history.getByRole("button", { name: /The site as the tests start from it/ }).click();
  // Compared in words, word by word: never raw JSON.
  const comparison = history.getByRole("region", { name: "That version compared with the draft now" });
  await expect(comparison).toContainText("Section 3 (Service explorer)");
  await expect(comparison.locator("del")).toContainText(["Offering"]);
  await expect(comparison.locator("ins")).toContainText(["What We Do"]);
  await expect(history.locator("pre")).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: join("shots", "studio", "history-compare-1280.png") });
  await history.getByRole("button", { name: "Restore this version" }).click();
  await expect(row(page, "Explore Our Offering")).toBeVisible();
  expect(drafts()[0]).toMatch(new RegExp(`^${PUBLISHER.name}\\|Page /: restored the version of .+ UTC by Dev Eloper$`));
  await publish(page, /Published: 1 change is live/);
  expect((JSON.parse(published(HOME)) as { sections: { heading?: string }[] }).sections[2]?.heading).toBe("Explore Our Offering");
});

test("the builder opens with its code in a handful of files, and the canvas starts no carousel out of sight", async ({ browser }) => {
  const page = await signIn(browser, EDITOR);
  // Opened again with an empty cache, counting every script either document asks for (the canvas's come from the cache).
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  signedIn.push(context);
  await context.addCookies(await page.context().cookies());
  const fresh = await context.newPage();
  const scripts = new Set<string>();
  fresh.on("request", (r) => {
    if (r.resourceType() === "script" || r.url().endsWith(".js")) scripts.add(new URL(r.url()).pathname);
  });
  await fresh.goto("/__edit?file=site-config%2Fpages%2Fhome.json");
  await expect(canvas(fresh).locator("main h1").first()).toBeVisible({ timeout: 30_000 });
  await expect(fresh.locator("[data-outline-item]")).toHaveCount(8);
  // No new script for a second (not networkidle: with the live-updates stream open it sometimes never came here).
  await expect
    .poll(async () => {
      const seen = scripts.size;
      await fresh.waitForTimeout(1000);
      return scripts.size === seen;
    })
    .toBe(true);
  // The sections' code is one file (vite.studio.config.ts): one per section type queued the builder's own scripts
  // behind them on the browser's six connections. Now index, runtime, shared, sections, forms and the canvas's entry.
  expect(scripts.size, `the scripts the builder and its canvas load: ${[...scripts].sort().join(", ")}`).toBeLessThanOrEqual(8);
  expect([...scripts].filter((s) => s.includes("keen-slider"))).toEqual([]);
  // Scrolled to a carousel, the canvas starts it.
  await canvas(fresh).locator('[data-carousel="testimonials"]').scrollIntoViewIfNeeded();
  await expect(canvas(fresh).locator('[data-carousel="testimonials"]')).toHaveAttribute("data-ready", "");
});

test("the publisher publishes only the open page: another page's changes stay waiting; Activity says who did what, when", async ({ browser }) => {
  const ABOUT = "site-config/pages/about-us.json";
  const asha = await signIn(browser, EDITOR);
  await asha
    .getByRole("navigation", { name: "Site files" })
    .getByRole("button", { name: /^\/about-us/ })
    .click();
  await row(asha, "Engineering that earns its keep")
    .getByRole("button", { name: /^Engineering that earns/ })
    .click();
  await asha.getByLabel(/^Heading/).fill("Engineering that pays its way");
  await save(asha);
  await asha.context().close();

  const ravi = await signIn(browser, PUBLISHER);
  await ravi.getByLabel(/^Heading/).fill("Software for growing teams");
  await save(ravi);
  await ravi.getByRole("button", { name: "Publish", exact: true }).click();
  const dialog = ravi.getByRole("dialog", { name: "Publish" });
  // The open page is chosen; the other waits unless ticked.
  await expect(dialog.getByRole("checkbox", { name: /^Page \/:/ })).toBeChecked();
  await expect(dialog.getByRole("checkbox", { name: /^Page \/about-us:/ })).not.toBeChecked();
  await expect(dialog).toContainText("Goes live: Page / (1 change by Ravi Kumar). 1 file stays waiting.");
  const { violations } = await new AxeBuilder({ page: ravi }).withTags(WCAG22_AA).exclude("iframe").analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
  await ravi.screenshot({ path: join("shots", "studio", "publish-some-1280.png") });
  await dialog.getByRole("button", { name: "Publish now" }).click();
  await expect(dialog).toContainText(/Published: 1 change is live/, { timeout: 180_000 });
  await expect(dialog).toContainText("1 file stays waiting");
  expect(published(HOME)).toContain("Software for growing teams");
  expect(published(ABOUT)).not.toContain("Engineering that pays its way");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(ravi.getByText("1 change not published yet: 1 by Asha Rao.")).toBeVisible();

  await ravi.getByRole("button", { name: "Activity", exact: true }).click();
  const activity = ravi.getByRole("dialog", { name: "Activity" });
  const rows = activity.getByRole("row");
  // Newest first (the header row, then this publish; the story's earlier publishes of Page / are further down).
  await expect(rows.nth(1)).toContainText("Published Page / (1 change)");
  await expect(rows.nth(1)).toContainText(PUBLISHER.name);
  await expect(rows.filter({ hasText: "Engineering that pays its way" }).filter({ hasText: EDITOR.name })).toHaveCount(1);
  await expect(rows.filter({ hasText: /Signed in \(password\) from/ }).first()).toBeVisible();
  await activity.getByLabel("Person").selectOption({ label: `${EDITOR.name} (${EDITOR.email})` });
  await expect(rows.filter({ hasText: PUBLISHER.name })).toHaveCount(0);
  await expect(rows.filter({ hasText: "Engineering that pays its way" })).toHaveCount(1);
  const again = await new AxeBuilder({ page: ravi }).withTags(WCAG22_AA).exclude("iframe").analyze();
  expect(again.violations.map((v) => v.id)).toEqual([]);
  await ravi.screenshot({ path: join("shots", "studio", "activity-1280.png") });
  await activity.getByRole("button", { name: "Close" }).click();

  // About us, scheduled for later on the site's clocks, then cancelled.
  await ravi.getByRole("button", { name: "Publish", exact: true }).click();
  const later = dialog.getByRole("region", { name: "Publish later" });
  await later.getByLabel("Date and time (Asia/Kolkata)").fill("2031-03-02T09:00");
  await later.getByRole("button", { name: "Schedule what is ticked" }).click();
  await expect(later.getByRole("listitem").filter({ hasText: "2 Mar 2031, 09:00 (Asia/Kolkata): everything waiting then (by Ravi Kumar)" })).toBeVisible();
  await expect(ravi.getByText("Next scheduled publish: 2 Mar 2031, 09:00 (Asia/Kolkata) (everything waiting then)")).toBeVisible();
  const scheduled = await new AxeBuilder({ page: ravi }).withTags(WCAG22_AA).exclude("iframe").analyze();
  expect(scheduled.violations.map((v) => v.id)).toEqual([]);
  await ravi.screenshot({ path: join("shots", "studio", "schedule-1280.png") });
  // Moved to another day with the keyboard-reachable Change time, then cancelled.
  await later.getByRole("button", { name: "Change time of the publish scheduled for 2 Mar 2031, 09:00 (Asia/Kolkata)" }).click();
  await later.getByLabel("New date and time (Asia/Kolkata)").fill("2031-03-03T10:30");
  await later.getByRole("button", { name: "Save the new time" }).click();
  await expect(later.getByRole("status")).toHaveText("Moved: the list shows its new time.");
  await expect(later.getByRole("listitem").filter({ hasText: "3 Mar 2031, 10:30 (Asia/Kolkata): everything waiting then" })).toBeVisible();
  await later.getByRole("button", { name: "Cancel the publish scheduled for 3 Mar 2031, 10:30 (Asia/Kolkata)" }).click();
  await expect(later).toContainText("Nothing is scheduled.");
  expect(published(ABOUT)).not.toContain("Engineering that pays its way");
  await dialog.getByRole("button", { name: "Close" }).click();

  // A preview link of About us, opened in a fresh browser without an account: the unpublished heading, the banner, other pages clickable.
  await ravi.getByRole("button", { name: "Share a preview" }).click();
  const share = ravi.getByRole("dialog", { name: "Share a preview" });
  await share.getByRole("button", { name: "Make a preview link" }).click();
  const link = await share.getByLabel("The link").inputValue();
  await expect(share.getByRole("listitem").filter({ hasText: /open until/ })).toBeVisible({ timeout: 180_000 });
  const axeShare = await new AxeBuilder({ page: ravi }).withTags(WCAG22_AA).exclude("iframe").analyze();
  expect(axeShare.violations.map((v) => v.id)).toEqual([]);
  await ravi.screenshot({ path: join("shots", "studio", "preview-link-1280.png") });
  const stranger = await browser.newContext({ viewport: { width: 375, height: 740 } });
  signedIn.push(stranger);
  const visitor = await stranger.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole("note")).toHaveText("Preview of changes not yet published");
  await visitor.goto(new URL("/about-us", link).href);
  await expect(visitor.getByRole("heading", { name: "Engineering that pays its way" })).toBeVisible();
  await visitor.screenshot({ path: join("shots", "studio", "preview-visitor-375.png") });
  // Nothing of the builder on the previews' server.
  expect((await visitor.goto(new URL("/__edit", link).href))?.status()).toBe(404);
  await expect(visitor.getByText("Page builder")).toHaveCount(0);
  expect((await visitor.request.get(new URL("/__edit/api/state", link).href)).status()).toBe(404);
  await share
    .getByRole("button", { name: /^Revoke/ })
    .first()
    .click();
  await visitor.goto(new URL("/about-us", link).href);
  await expect(visitor.getByRole("heading", { name: "No preview here" })).toBeVisible();
  await share.getByRole("button", { name: "Close" }).click();

  // Review, as a publisher with nothing asked: axe-clean.
  await ravi.getByRole("button", { name: /^Review/ }).click();
  const review = ravi.getByRole("dialog", { name: "Review" });
  await expect(review).toContainText("Waiting for review");
  const axeReview = await new AxeBuilder({ page: ravi }).withTags(WCAG22_AA).exclude("iframe").analyze();
  expect(axeReview.violations.map((v) => v.id)).toEqual([]);
});

test("review: Asha asks with a note; Ravi sees the page live and after side by side and sends it back; she changes it and asks again; he publishes it from the review", async ({
  browser,
}) => {
  const ABOUT = "site-config/pages/about-us.json";
  const openAbout = async (page: Page) => {
    await page
      .getByRole("navigation", { name: "Site files" })
      .getByRole("button", { name: /^\/about-us/ })
      .click();
    await expect(canvas(page).getByRole("heading", { name: "Engineering that pays its way" })).toBeVisible();
  };
  const asha = await signIn(browser, EDITOR);
  await openAbout(asha);
  await asha.getByRole("button", { name: /^Review/ }).click();
  const asked = asha.getByRole("dialog", { name: "Review" });
  await asked.getByLabel(/^Note for the publishers about/).fill("New heading for the launch");
  await asked.getByRole("button", { name: "Ask for review" }).click();
  await expect(asked.getByRole("status")).toContainText("Asked for a review of");

  const ravi = await signIn(browser, PUBLISHER);
  await openAbout(ravi);
  await ravi.getByRole("button", { name: /^Review/ }).click();
  const review = ravi.getByRole("dialog", { name: "Review" });
  const item = review.getByRole("listitem").filter({ hasText: "Asha Rao, asked" }).first();
  await expect(item).toContainText("Note: “New heading for the launch”");
  // The page live and after the change, rendered side by side.
  await item.getByRole("button", { name: /^Compare side by side/ }).click();
  const before = ravi.frameLocator('iframe[title^="Live now"]');
  const after = ravi.frameLocator('iframe[title^="After this change"]');
  await expect(before.getByRole("heading", { name: "Engineering that earns its keep" })).toBeVisible({ timeout: 30_000 });
  await expect(after.getByRole("heading", { name: "Engineering that pays its way" })).toBeVisible();
  const compared = await new AxeBuilder({ page: ravi }).withTags(WCAG22_AA).exclude("iframe").analyze();
  expect(compared.violations.map((v) => v.id)).toEqual([]);
  await ravi.screenshot({ path: join("shots", "studio", "review-side-by-side-1280.png") });
  await item.getByLabel("Comment for Asha Rao").fill("Shorter, please");
  await item.getByRole("button", { name: "Send back" }).click();
  await expect(review.getByRole("status")).toHaveText("Sent back to Asha Rao.");
  await review.getByRole("button", { name: "Close" }).click();

  // Asha sees the comment (live, without reloading), changes the heading and asks again.
  await expect(asked).toContainText("Sent back by Ravi Kumar: “Shorter, please”");
  await asked.getByRole("button", { name: "Close" }).click();
  await row(asha, "Engineering that pays its way")
    .getByRole("button", { name: /^Engineering that pays/ })
    .click();
  await asha.getByLabel(/^Heading/).fill("Engineering that pays");
  await save(asha);
  await asha.getByRole("button", { name: /^Review/ }).click();
  await asked.getByRole("button", { name: "Ask for review" }).click();
  await expect(asked.getByRole("status")).toContainText("Asked for a review of");

  await ravi.getByRole("button", { name: /^Review/ }).click();
  await expect(item).toContainText("Engineering that pays");
  await item.getByRole("button", { name: /^Publish / }).click();
  const publishing = ravi.getByRole("dialog", { name: "Publish" });
  await expect(publishing).toContainText(/Published: 1 change is live|Published:/, { timeout: 180_000 });
  expect(published(ABOUT)).toContain("Engineering that pays");
  await publishing.getByRole("button", { name: "Close" }).click();
  await ravi.getByRole("button", { name: "Activity", exact: true }).click();
  const rows = ravi.getByRole("dialog", { name: "Activity" }).getByRole("row");
  // Asked, then asked again with the same note after the change.
  await expect(rows.filter({ hasText: /Asked for a review of .*“New heading for the launch”/ }).filter({ hasText: EDITOR.name })).toHaveCount(2);
  await expect(rows.filter({ hasText: /Sent .* back to Asha Rao: “Shorter, please”/ }).filter({ hasText: PUBLISHER.name })).toHaveCount(1);
});
