/**
 * Shared sections and page templates in the builder (issue 51). A placed shared section shows in the
 * canvas, says what it is and where else it shows, and detaches into a copy of the page's own; "New
 * page" offers the templates of site-config/templates/, and the page opens with each placeholder
 * marked on its field until it is written over. Their server side (checks, the file made, warnings
 * and errors) is in npm test (tests/unit/shared-sections.test.ts, tests/builder/server/editor-api.test.ts);
 * these browser runs are in the full tier.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { WCAG22_AA } from "./axe";
import { canvas, git, HOME, openEditor, read, resetContent, root, row, save, status } from "./builder-fixture";

test.beforeEach(resetContent);

test("a new page from a template: the placeholders are marked on their fields until written over (issue 51)", async ({ page }) => {
  await openEditor(page);
  await page.getByRole("button", { name: "New page" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(/address/i).fill("cloud-migration");
  await dialog.getByLabel("Start from").selectOption({ label: "Template: Landing page" });
  await expect(dialog).toContainText("Its texts in [[double brackets]] are placeholders");
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG22_AA).exclude("iframe").analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
  await dialog.getByRole("button", { name: /^Create/ }).click();
  await expect(page.getByText("site-config/pages/cloud-migration.json").first()).toBeVisible({ timeout: 30_000 });
  await row(page, "[[Headline: what you offer, in a few words]]")
    .getByRole("button", { name: /^\[\[Headline: what you offer, in a few words\]\] Hero/ })
    .click();
  const headline = page.getByLabel(/^Heading/);
  await expect(headline).toHaveValue("[[Headline: what you offer, in a few words]]");
  const mark = page.locator("#fields").getByText("Still the template's placeholder [[Headline: what you offer, in a few words]]: write the page's own text.");
  await expect(mark).toBeVisible({ timeout: 20_000 });
  await headline.fill("Move to the Cloud Without Surprises");
  await expect(mark).toHaveCount(0, { timeout: 20_000 });
  await expect(canvas(page).getByRole("heading", { level: 1 })).toHaveText("Move to the Cloud Without Surprises");
});

/** The home page's contact section, stored once and placed by name with a field of its own, as docs/editing.md says; the server has read both. */
async function shareHomeContact(page: Page) {
  const home = JSON.parse(read(HOME)) as { sections: Record<string, unknown>[] };
  const at = home.sections.findIndex((s) => s.type === "contact");
  mkdirSync(join(root, "site-config", "shared"));
  writeFileSync(
    join(root, "site-config", "shared", "contact.json"),
    `${JSON.stringify({ $schema: "../../schemas/shared-section.schema.json", section: home.sections[at] }, null, 2)}\n`,
  );
  const contact = home.sections[at] as { heading: string };
  home.sections[at] = { shared: "contact", tone: "muted" };
  writeFileSync(join(root, HOME), `${JSON.stringify(home, null, 2)}\n`);
  // The builder's server has read both files (its watcher waits for them to be quiet).
  await expect
    .poll(async () => ((await (await page.request.get("/__edit/api/state")).json()) as { shared: { placedIn: string[] }[] }).shared[0]?.placedIn, {
      timeout: 20_000,
    })
    .toEqual(["/"]);

  return { at, contact };
}

test("a placed shared section: shown in the canvas, says where else it shows, and detaches into the page's own copy", async ({ page }) => {
  const { at, contact } = await shareHomeContact(page);
  await openEditor(page);
  await expect(canvas(page).locator('main [data-section="contact"]').getByRole("heading", { name: contact.heading })).toBeVisible({ timeout: 20_000 });
  // The outline names it by the shared section's heading, and says it is shared and where.
  const start = "Ready to Lead with Innovation";
  expect(contact.heading.startsWith(start)).toBe(true);
  await expect(row(page, start)).toContainText("Shared: on 1 pageContact");
  await row(page, start)
    .getByRole("button", { name: new RegExp(`^${start}`) })
    .click();
  const fields = page.locator("#fields");
  await expect(fields).toContainText("Shared: on 1 page: /");
  await expect(fields).toContainText('Stored once in site-config/shared/contact.json. A field changed here is this page\'s own (now: "tone")');
  await expect(fields).toContainText("This page's own background, not the shared one.");
  expect(
    await new AxeBuilder({ page })
      .withTags(WCAG22_AA)
      .include("#fields")
      .analyze()
      .then((r) => r.violations.map((v) => v.id)),
  ).toEqual([]);

  await fields.getByRole("button", { name: "Detach: make this page's copy its own" }).click();
  await expect(page.getByLabel(/^Heading/)).toHaveValue(contact.heading);
  await save(page);
  const saved = JSON.parse(read(HOME)) as { sections: Record<string, unknown>[] };
  expect(saved.sections[at]).toEqual({ ...(JSON.parse(read("site-config/shared/contact.json")) as { section: object }).section, tone: "muted" });
});

test("a shared section's own file: one edit shows in the canvas of a page that places it, and the save changes that file only", async ({ page }) => {
  const { at, contact } = await shareHomeContact(page);
  const homeBefore = read(HOME);
  await openEditor(page, "site-config/shared/contact.json");
  await expect(page.locator("#fields")).toContainText("Changes show on 1 page: /.");
  await page.getByLabel(/^Heading/).fill("Tell Us What You Want to Build");
  await expect(canvas(page).locator('main [data-section="contact"]').getByRole("heading", { name: "Tell Us What You Want to Build" })).toBeVisible({
    timeout: 20_000,
  });
  await save(page);
  expect((JSON.parse(read("site-config/shared/contact.json")) as { section: { heading: string } }).section.heading).toBe("Tell Us What You Want to Build");
  expect(read(HOME)).toBe(homeBefore);
  expect(contact.heading).not.toBe("Tell Us What You Want to Build");
  expect((JSON.parse(homeBefore) as { sections: unknown[] }).sections[at]).toEqual({ shared: "contact", tone: "muted" });
});

const ABOUT = "site-config/pages/about-us.json";
const START = "Ready to Lead with Innovation";
const contactHeading = (page: Page, name: string) => canvas(page).locator('main [data-section="contact"]').getByRole("heading", { name });

test("make a section shared, place it on a second page from the library, edit it once for both, override a field and use the shared text again", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const home = JSON.parse(read(HOME)) as { sections: { type: string; heading?: string }[] };
  const at = home.sections.findIndex((s) => s.type === "contact");
  const contact = home.sections[at] as { heading: string };
  // The builder's server has seen the shared sections of an earlier test go (its watcher waits for files to be quiet).
  await expect
    .poll(async () => ((await (await page.request.get("/__edit/api/state")).json()) as { shared: unknown[] }).shared.length, { timeout: 20_000 })
    .toBe(0);
  await openEditor(page);
  await row(page, START)
    .getByRole("button", { name: new RegExp(`^${START}`) })
    .click();
  const fields = page.locator("#fields");
  await fields.getByRole("button", { name: "Make shared…" }).click();
  await expect(fields.getByLabel("Name")).toHaveValue("contact");
  await fields.getByRole("button", { name: "Make shared", exact: true }).click();
  await expect(status(page)).toContainText('Made the shared section "contact" (site-config/shared/contact.json). Save site-config/pages/home.json');
  expect((JSON.parse(read("site-config/shared/contact.json")) as { section: unknown }).section).toEqual(contact);
  await save(page);
  expect((JSON.parse(read(HOME)) as { sections: unknown[] }).sections[at]).toEqual({ shared: "contact" });
  await expect(contactHeading(page, contact.heading)).toBeVisible();
  await expect(row(page, START)).toContainText("Shared: on 1 page", { timeout: 20_000 });

  // A second page places it from the library's "Shared sections", found by a search.
  await openEditor(page, ABOUT);
  const aboutBefore = JSON.parse(read(ABOUT)) as { sections: unknown[] };
  await page
    .getByRole("button", { name: /^Add a section/ })
    .first()
    .click();
  const library = page.getByRole("dialog", { name: "Add a section" });
  await library.getByLabel("Search the sections").fill("contact");
  await expect(library.getByRole("heading", { name: "Shared sections" })).toBeVisible();
  const card = library.locator('[data-library-entry="shared:contact"]');
  await expect(card).toContainText("A contact section, on 1 page: /.");
  await page.screenshot({ path: test.info().outputPath("library-shared.png") });
  await card.click();
  await expect(contactHeading(page, contact.heading)).toBeVisible({ timeout: 20_000 });
  await save(page);
  const aboutSaved = JSON.parse(read(ABOUT)) as { sections: unknown[] };
  expect(aboutSaved.sections.length).toBe(aboutBefore.sections.length + 1);
  expect(aboutSaved.sections).toContainEqual({ shared: "contact" });
  await expect(row(page, START)).toContainText("Shared: on 2 pages", { timeout: 20_000 });

  // One edit of the shared section: both pages show it; the save changes its file only.
  await row(page, START)
    .getByRole("button", { name: new RegExp(`^${START}`) })
    .click();
  await expect(fields).toContainText("Shared: on 2 pages: /, /about-us");
  await page.screenshot({ path: test.info().outputPath("placed-fields.png") });
  const pagesBefore = [read(HOME), read(ABOUT)];
  await fields.getByRole("button", { name: "Edit the shared section" }).click();
  await expect(fields).toContainText("Changes show on 2 pages: /, /about-us.");
  await page.getByLabel(/^Heading/).fill("Tell Us What You Want to Build");
  await expect(contactHeading(page, "Tell Us What You Want to Build")).toBeVisible({ timeout: 20_000 });
  await save(page);
  // The shared file is the one file the save wrote: the pages are as they were.
  expect([read(HOME), read(ABOUT)]).toEqual(pagesBefore);
  expect(git("status", "--porcelain", "--untracked-files=all").split("\n").filter(Boolean).sort()).toEqual([
    " M site-config/pages/about-us.json",
    " M site-config/pages/home.json",
    "?? site-config/shared/contact.json",
  ]);
  expect((JSON.parse(read("site-config/shared/contact.json")) as { section: { heading: string } }).section.heading).toBe("Tell Us What You Want to Build");
  expect(JSON.parse(read(ABOUT))).toEqual(aboutSaved);
  for (const file of [HOME, ABOUT]) {
    await openEditor(page, file);
    await expect(contactHeading(page, "Tell Us What You Want to Build")).toBeVisible({ timeout: 20_000 });
  }

  // A heading of its own on /about-us: marked on its field; "Use the shared text" puts the shared one back.
  await row(page, "Tell Us What You Want to Build")
    .getByRole("button", { name: /^Tell Us What You Want to Build/ })
    .click();
  await page.getByLabel(/^Heading/).fill("Plan Your Project With Us");
  await expect(contactHeading(page, "Plan Your Project With Us")).toBeVisible({ timeout: 20_000 });
  const mark = fields.getByText("This page's own heading, not the shared one.");
  await expect(mark).toBeVisible();
  expect(
    await new AxeBuilder({ page })
      .withTags(WCAG22_AA)
      .include("#fields")
      .analyze()
      .then((r) => r.violations.map((v) => v.id)),
  ).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("override.png") });
  await save(page);
  expect((JSON.parse(read(ABOUT)) as { sections: unknown[] }).sections).toContainEqual({ shared: "contact", heading: "Plan Your Project With Us" });
  expect((JSON.parse(read("site-config/shared/contact.json")) as { section: { heading: string } }).section.heading).toBe("Tell Us What You Want to Build");
  await fields.getByRole("button", { name: "Use the shared text" }).click();
  await expect(mark).toHaveCount(0);
  await expect(page.getByLabel(/^Heading/)).toHaveValue("Tell Us What You Want to Build");
  await expect(contactHeading(page, "Tell Us What You Want to Build")).toBeVisible({ timeout: 20_000 });
  await save(page);
  expect(JSON.parse(read(ABOUT))).toEqual(aboutSaved);
});

test("a text of a placed shared section edited in place in the canvas becomes the page's own; the shared file is untouched", async ({ page }) => {
  const { at, contact } = await shareHomeContact(page);
  const sharedBefore = read("site-config/shared/contact.json");
  await openEditor(page);
  await row(page, START)
    .getByRole("button", { name: new RegExp(`^${START}`) })
    .click();
  const heading = contactHeading(page, contact.heading);
  await expect(heading).toBeInViewport();
  const box = await heading.boundingBox();
  if (!box) throw new Error("The heading is not shown.");
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const inline = canvas(page).getByRole("textbox", { name: /edited in place$/ });
  await expect(inline).toBeFocused();
  await expect(inline).toHaveValue(contact.heading);
  await page.keyboard.press("End");
  await page.keyboard.type(" Today");
  await page.keyboard.press("Enter");
  await expect(inline).toHaveCount(0);
  await expect(contactHeading(page, `${contact.heading} Today`)).toBeVisible();
  await expect(page.locator("#fields")).toContainText("This page's own heading, not the shared one.");
  await save(page);
  expect((JSON.parse(read(HOME)) as { sections: unknown[] }).sections[at]).toEqual({ shared: "contact", tone: "muted", heading: `${contact.heading} Today` });
  expect(read("site-config/shared/contact.json")).toBe(sharedBefore);
});
