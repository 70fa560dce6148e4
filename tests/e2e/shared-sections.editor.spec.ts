/**
 * Shared sections and page templates in the builder (issue 51). A placed shared section shows in the
 * canvas, says what it is and where else it shows, and detaches into a copy of the page's own; "New
 * page" offers the templates of site-config/templates/, and the page opens with each placeholder
 * marked on its field until it is written over. Their server side (checks, the file made, warnings
 * and errors) is in npm test (tests/unit/shared-sections.test.ts, tests/builder/server/editor-api.test.ts);
 * these browser runs are in the full tier.
 */
import { writeFileSync } from "node:fs";
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
  await save(page);

  // Published with placeholders left: each is an error, and Save is refused (as the build would refuse the page).
  await page.getByRole("button", { name: "Page settings (title, description, status)" }).click();
  await page.locator("#fields").getByLabel("Status", { exact: true }).selectOption({ label: "Published" });
  const fields = page.locator("#fields");
  // The seven placeholders left (the headline was written over), now errors.
  await expect(fields).toContainText("7 things to fix here:", { timeout: 20_000 });
  await expect(fields.getByRole("listitem").first()).toContainText("Still the template's placeholder [[");
  await page.keyboard.press("Control+s");
  await expect(status(page)).toContainText("Not saved: site-config/pages/cloud-migration.json has");
  expect(JSON.parse(read("site-config/pages/cloud-migration.json")).status).toBe("draft");
});

/** The home page's placement of the site's shared contact section, with a background of its own (as docs/editing.md says a page may have). */
async function homeContact(page: Page) {
  const text = read(HOME);
  const at = (JSON.parse(text) as { sections: { shared?: string }[] }).sections.findIndex((s) => s.shared === "contact");
  writeFileSync(join(root, HOME), text.replace('{ "shared": "contact" }', '{ "shared": "contact", "tone": "muted" }'));
  const contact = (JSON.parse(read("site-config/shared/contact.json")) as { section: { heading: string } }).section;
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/__edit/api/file?path=${HOME}`)).json()) as { value: { sections: { tone?: string }[] } }).value.sections[at]?.tone,
    )
    .toBe("muted");
  // The builder's server has read the site as the test starts it (an earlier test's saves are undone on disk).
  await expect
    .poll(
      async () =>
        ((await (await page.request.get("/__edit/api/state")).json()) as { shared: { name: string; placedIn: string[] }[] }).shared
          .find((s) => s.name === "contact")
          ?.placedIn.join(", "),
      { timeout: 20_000 },
    )
    .toBe(CONTACT_PAGES);
  return { at, contact };
}

/** What axe finds against WCAG 2.2 AA in the fields panel. */
const fieldsViolations = async (page: Page) => (await new AxeBuilder({ page }).withTags(WCAG22_AA).include("#fields").analyze()).violations.map((v) => v.id);

const CONTACT_PAGES = "/, /app-development, /contact-us, /web-development";

test("a placed shared section: shown in the canvas, says where else it shows, and detaches into the page's own copy", async ({ page }) => {
  const { at, contact } = await homeContact(page);
  await openEditor(page);
  await expect(canvas(page).locator('main [data-section="contact"]').getByRole("heading", { name: contact.heading })).toBeVisible({ timeout: 20_000 });
  // The outline names it by the shared section's heading, and says it is shared and where.
  const start = "Ready to Lead with Innovation";
  expect(contact.heading.startsWith(start)).toBe(true);
  await expect(row(page, start)).toContainText("Shared: on 4 pagesContact");
  await row(page, start)
    .getByRole("button", { name: new RegExp(`^${start}`) })
    .click();
  const fields = page.locator("#fields");
  await expect(fields).toContainText(`Shared: on 4 pages: ${CONTACT_PAGES}`);
  await expect(fields).toContainText('Stored once in site-config/shared/contact.json. A field changed here is this page\'s own (now: "tone")');
  await expect(fields).toContainText("This page's own background, not the shared one.");
  expect(await fieldsViolations(page)).toEqual([]);

  await fields.getByRole("button", { name: "Detach: make this page's copy its own" }).click();
  await expect(page.getByLabel(/^Heading/)).toHaveValue(contact.heading);
  await save(page);
  const saved = JSON.parse(read(HOME)) as { sections: Record<string, unknown>[] };
  expect(saved.sections[at]).toEqual({ ...(JSON.parse(read("site-config/shared/contact.json")) as { section: object }).section, tone: "muted" });
});

test("a shared section's own file: one edit shows in the canvas of a page that places it, and the save changes that file only", async ({ page }) => {
  const { at, contact } = await homeContact(page);
  const homeBefore = read(HOME);
  await openEditor(page, "site-config/shared/contact.json");
  await expect(page.locator("#fields")).toContainText(`Changes show on 4 pages: ${CONTACT_PAGES}.`);
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
const SHARED_CTA = "site-config/shared/call-to-action.json";
const START = "Ready to Lead with Innovation";
const contactHeading = (page: Page, name: string) => canvas(page).locator('main [data-section="contact"]').getByRole("heading", { name });
const ctaHeading = (page: Page, name: string) => canvas(page).locator('main [data-section="call-to-action"]').getByRole("heading", { name });

test("make a section shared, place it on a second page from the library, edit it once for both, override a field and use the shared text again", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const about = JSON.parse(read(ABOUT)) as { sections: { type: string; heading?: string }[] };
  const at = about.sections.findIndex((s) => s.type === "call-to-action");
  const cta = about.sections[at] as { heading: string };
  // The builder's server has seen the shared sections of an earlier test go (its watcher waits for files to be quiet): the site's own three.
  await expect
    .poll(async () => ((await (await page.request.get("/__edit/api/state")).json()) as { shared: unknown[] }).shared.length, { timeout: 20_000 })
    .toBe(3);
  await openEditor(page, ABOUT);
  await row(page, cta.heading)
    .getByRole("button", { name: new RegExp(`^${cta.heading}`) })
    .click();
  const fields = page.locator("#fields");
  await fields.getByRole("button", { name: "Make shared…" }).click();
  await expect(fields.getByLabel("Name")).toHaveValue("call-to-action");
  await fields.getByRole("button", { name: "Make shared", exact: true }).click();
  await expect(status(page)).toContainText(
    'Made the shared section "call-to-action" (site-config/shared/call-to-action.json). Save site-config/pages/about-us.json',
  );
  expect((JSON.parse(read(SHARED_CTA)) as { section: unknown }).section).toEqual(cta);
  await save(page);
  expect((JSON.parse(read(ABOUT)) as { sections: unknown[] }).sections[at]).toEqual({ shared: "call-to-action" });
  await expect(ctaHeading(page, cta.heading)).toBeVisible();
  await expect(row(page, cta.heading)).toContainText("Shared: on 1 page", { timeout: 20_000 });

  // A second page places it from the library's "Shared sections", found by a search.
  await openEditor(page);
  const homeBefore = JSON.parse(read(HOME)) as { sections: unknown[] };
  await page
    .getByRole("button", { name: /^Add a section/ })
    .first()
    .click();
  const library = page.getByRole("dialog", { name: "Add a section" });
  await library.getByLabel("Search the sections").fill("call");
  await expect(library.getByRole("heading", { name: "Shared sections" })).toBeVisible();
  const card = library.locator('[data-library-entry="shared:call-to-action"]');
  await expect(card).toContainText("A call to action section, on 1 page: /about-us.");
  await page.screenshot({ path: test.info().outputPath("library-shared.png") });
  await card.click();
  await expect(ctaHeading(page, cta.heading)).toBeVisible({ timeout: 20_000 });
  await save(page);
  const homeSaved = JSON.parse(read(HOME)) as { sections: unknown[] };
  expect(homeSaved.sections.length).toBe(homeBefore.sections.length + 1);
  expect(homeSaved.sections).toContainEqual({ shared: "call-to-action" });
  await expect(row(page, cta.heading)).toContainText("Shared: on 2 pages", { timeout: 20_000 });

  // One edit of the shared section: both pages show it; the save changes its file only.
  await row(page, cta.heading)
    .getByRole("button", { name: new RegExp(`^${cta.heading}`) })
    .click();
  await expect(fields).toContainText("Shared: on 2 pages: /, /about-us");
  await page.screenshot({ path: test.info().outputPath("placed-fields.png") });
  const pagesBefore = [read(HOME), read(ABOUT)];
  await fields.getByRole("button", { name: "Edit the shared section" }).click();
  await expect(fields).toContainText("Changes show on 2 pages: /, /about-us.");
  await page.getByLabel(/^Heading/).fill("Start With a Two-Week Sprint");
  await expect(ctaHeading(page, "Start With a Two-Week Sprint")).toBeVisible({ timeout: 20_000 });
  await save(page);
  // The shared file is the one file the save wrote: the pages are as they were.
  expect([read(HOME), read(ABOUT)]).toEqual(pagesBefore);
  expect(git("status", "--porcelain", "--untracked-files=all").split("\n").filter(Boolean).sort()).toEqual([
    " M site-config/pages/about-us.json",
    " M site-config/pages/home.json",
    `?? ${SHARED_CTA}`,
  ]);
  expect((JSON.parse(read(SHARED_CTA)) as { section: { heading: string } }).section.heading).toBe("Start With a Two-Week Sprint");
  for (const file of [HOME, ABOUT]) {
    await openEditor(page, file);
    await expect(ctaHeading(page, "Start With a Two-Week Sprint")).toBeVisible({ timeout: 20_000 });
  }

  // A heading of its own on /about-us: marked on its field; "Use the shared text" puts the shared one back.
  const aboutSaved = JSON.parse(read(ABOUT)) as { sections: unknown[] };
  await row(page, "Start With a Two-Week Sprint")
    .getByRole("button", { name: /^Start With a Two-Week Sprint/ })
    .click();
  await page.getByLabel(/^Heading/).fill("Plan Your Project With Us");
  await expect(ctaHeading(page, "Plan Your Project With Us")).toBeVisible({ timeout: 20_000 });
  const mark = fields.getByText("This page's own heading, not the shared one.");
  await expect(mark).toBeVisible();
  expect(await fieldsViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("override.png") });
  await save(page);
  expect((JSON.parse(read(ABOUT)) as { sections: unknown[] }).sections[at]).toEqual({ shared: "call-to-action", heading: "Plan Your Project With Us" });
  expect((JSON.parse(read(SHARED_CTA)) as { section: { heading: string } }).section.heading).toBe("Start With a Two-Week Sprint");
  await fields.getByRole("button", { name: "Use the shared text" }).click();
  await expect(mark).toHaveCount(0);
  await expect(page.getByLabel(/^Heading/)).toHaveValue("Start With a Two-Week Sprint");
  await expect(ctaHeading(page, "Start With a Two-Week Sprint")).toBeVisible({ timeout: 20_000 });
  await save(page);
  expect(JSON.parse(read(ABOUT))).toEqual(aboutSaved);
});

test("a text of a placed shared section edited in place in the canvas becomes the page's own; the shared file is untouched", async ({ page }) => {
  const { at, contact } = await homeContact(page);
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

test("a shared section that places another with fields of its own (a dark variant): its form is the section's, its own fields marked", async ({ page }) => {
  const variant = "site-config/shared/contact-dark.json";
  writeFileSync(
    join(root, variant),
    `${JSON.stringify({ $schema: "../../schemas/shared-section.schema.json", section: { shared: "contact", tone: "dark" } }, null, 2)}\n`,
  );
  const contactUs = "site-config/pages/contact-us.json";
  writeFileSync(join(root, contactUs), read(contactUs).replace('{ "shared": "contact" }', '{ "shared": "contact-dark" }'));
  await expect
    .poll(
      async () =>
        ((await (await page.request.get("/__edit/api/state")).json()) as { shared: { name: string; placedIn: string[] }[] }).shared.find(
          (s) => s.name === "contact-dark",
        )?.placedIn,
      {
        timeout: 20_000,
      },
    )
    .toEqual(["/contact-us"]);
  const contact = (JSON.parse(read("site-config/shared/contact.json")) as { section: { heading: string } }).section;
  await openEditor(page, variant);
  const fields = page.locator("#fields");
  await expect(
    page.getByRole("heading", { level: 2, name: 'Shared section: contact-dark (the shared section "contact" with fields of its own)' }),
  ).toBeVisible();
  await expect(fields).toContainText("Changes show on 1 page: /contact-us.");
  await expect(page.getByLabel(/^Heading/)).toHaveValue(contact.heading);
  await expect(fields).toContainText("This shared section's own background, not the shared one.");
  await page.getByLabel(/^Heading/).fill("Talk to the Team That Will Build It");
  await expect(contactHeading(page, "Talk to the Team That Will Build It")).toBeVisible({ timeout: 20_000 });
  // The background back to the shared one's (light): the heading stays this variant's own.
  await fields.locator(".ed-own-field").filter({ hasText: "own background" }).getByRole("button", { name: "Use the shared text" }).click();
  await expect(fields).not.toContainText("own background");
  await save(page);
  expect((JSON.parse(read(variant)) as { section: unknown }).section).toEqual({ shared: "contact", heading: "Talk to the Team That Will Build It" });
  expect((JSON.parse(read("site-config/shared/contact.json")) as { section: { heading: string } }).section.heading).toBe(contact.heading);
});
