/**
 * A new page from a page template in the builder (issue 51): the dialog offers the templates of
 * site-config/templates/, and the page opens with each placeholder marked on its field until it is
 * written over. The server side (the file made, the warnings, the errors once published) is in
 * npm test's tests/builder/server/editor-api.test.ts; this browser run is in the full tier.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { WCAG22_AA } from "./axe";
import { canvas, openEditor, resetContent, row } from "./builder-fixture";

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
