/**
 * The builder as a person who zooms, uses a phone, the keyboard or a screen reader meets it
 * (issue 56): axe with the WCAG 2.2 AA rules on its views and dialogs at 1280 px and at 320 px; at
 * 320 px and at a 1280 px window zoomed to 200% (a 640 CSS px viewport, as the browser's zoom makes
 * it) nothing scrolls sideways and every editing task is done by keyboard; the focus is never out
 * of view; every focus stop shows it; a new picture asks for its own alt text.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { WCAG22_AA } from "./axe";
import sharp from "sharp";
import { canvas, HOME, kindOf, openEditor, read, resetContent, row, saveButton } from "./builder-fixture";

test.beforeEach(resetContent);

const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 320, height: 640 };
/** A 1280x800 window zoomed to 200%: what the page sees is 640x400 CSS px. */
const ZOOMED = { width: 640, height: 400 };

/** axe's violations on the builder, one line each; with `canvas`, the page in the canvas too (else left to its own tests: quality.spec.ts). */
async function violations(page: Page, canvas = false): Promise<string[]> {
  const axe = new AxeBuilder({ page }).withTags(WCAG22_AA);
  const { violations } = await (canvas ? axe : axe.exclude("iframe")).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Ids used more than once in the builder. */
const repeatedIds = (page: Page) =>
  page.evaluate(() => {
    const seen = new Map<string, number>();
    for (const el of document.querySelectorAll("[id]")) seen.set(el.id, (seen.get(el.id) ?? 0) + 1);
    return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
  });

/** How far the builder's own page scrolls sideways (0: its width is the window's). */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** In a narrow window, shows one of the three panels (a wide one shows them all). */
async function showPane(page: Page, name: "Site files" | "Preview" | "Outline and fields") {
  const button = page.getByRole("group", { name: "Panel shown" }).getByRole("button", { name, exact: true });
  if (await button.isVisible()) await button.click();
}

/** Whether `element` is in the window and on top there (not under a header or another panel). */
const inView = (element: Locator) =>
  element.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const x = Math.min(Math.max(box.left + Math.min(box.width / 2, 12), 0), window.innerWidth - 1);
    const y = box.top + box.height / 2;
    if (box.width === 0 || y < 0 || y > window.innerHeight) return false;
    const top = document.elementFromPoint(x, y);
    return top !== null && (el === top || el.contains(top) || top.contains(el));
  });

/** Presses Tab until `target` has focus (at most `limit` times). */
async function tabTo(page: Page, target: Locator, limit = 300) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("Tab never reached the element");
}

for (const size of [WIDE, PHONE]) {
  test(`axe finds no WCAG 2.2 AA violation on 15 views of the builder at ${size.width} px, and every id is used once`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(size);
    const seen: string[] = [];
    const check = async (view: string, canvas = false) => {
      seen.push(view);
      expect(await violations(page, canvas), view).toEqual([]);
      expect(await repeatedIds(page), view).toEqual([]);
      expect(await sideways(page), view).toBe(0);
    };
    await openEditor(page, "site-config/pages/about-us.json");
    await check("start");
    // A section with a picture selected: its fields.
    await showPane(page, "Outline and fields");
    await row(page, "Engineering that earns its keep")
      .getByRole("button", { name: /^Engineering that earns/ })
      .click();
    await expect(page.getByLabel("Alt text (what the picture shows)")).toBeVisible();
    await check("a section selected");
    // Advice under a field: alt text that only says "Image".
    const alt = page.getByLabel("Alt text (what the picture shows)");
    await alt.fill("Image");
    await expect(page.locator(".ed-warning").first()).toContainText("says only that there is a picture");
    await expect(alt).not.toHaveAttribute("aria-invalid", "true");
    await check("a warning under the alt text");
    // An error: a required text emptied; the message is tied to its field.
    const heading = page.getByLabel(/^Heading/).first();
    await heading.fill("");
    await expect(heading).toHaveAttribute("aria-invalid", "true", { timeout: 15_000 });
    const described = (await heading.getAttribute("aria-describedby")) ?? "";
    expect(await page.evaluate((ids) => ids.split(" ").some((id) => document.getElementById(id)?.classList.contains("error-detail")), described)).toBe(true);
    await check("a form with errors");
    await page.keyboard.press("Control+z");
    await page.keyboard.press("Control+z");
    // The pictures' library.
    await page.getByRole("button", { name: "Browse the pictures…" }).click();
    await expect(page.getByRole("dialog", { name: /picture/i })).toBeVisible();
    await check("the pictures' library");
    await page.keyboard.press("Escape");
    // The sections' library.
    await page.getByRole("button", { name: /^Add a section after section/ }).click();
    await expect(page.getByRole("dialog", { name: "Add a section" })).toBeVisible();
    await check("the sections' library");
    await page.keyboard.press("Escape");
    // Duplicating the page: its dialog.
    await page.getByRole("button", { name: "Duplicate page" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await check("the page dialog");
    await page.keyboard.press("Escape");
    // The changes (after an edit, so that there is a diff to show).
    await heading.fill("Engineering that earns its keep, in brief");
    await page.getByRole("button", { name: "Changes" }).click();
    await expect(page.getByRole("dialog", { name: /Changes since/ })).toBeVisible();
    await check("the changes");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Control+z");
    // The shortcuts.
    await page.getByRole("button", { name: "Keyboard shortcuts" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await check("the shortcuts");
    await page.keyboard.press("Escape");
    // A new page.
    await showPane(page, "Site files");
    await page.getByRole("button", { name: "New page" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await check("the new page dialog");
    await page.keyboard.press("Escape");
    // The site's settings, a collection.
    await showPane(page, "Site files");
    await page.getByRole("navigation", { name: "Site files" }).getByRole("button", { name: "Settings", exact: true }).click();
    await expect(page.getByText("site-config/settings.json").first()).toBeVisible();
    await showPane(page, "Outline and fields");
    await check("settings");
    await showPane(page, "Site files");
    await page.getByRole("navigation", { name: "Site files" }).getByRole("button", { name: "services", exact: true }).click();
    await expect(page.getByText("site-config/collections/services.json").first()).toBeVisible();
    await showPane(page, "Outline and fields");
    await check("a collection");
    // A placed shared section (issue 51): its badge, its pages, its form; then "Make shared" on a section of the page's own.
    await openEditor(page, "site-config/pages/about-us.json");
    await showPane(page, "Outline and fields");
    await row(page, "people say about us")
      .getByRole("button", { name: /^people say about us/ })
      .click();
    await expect(page.locator("#fields")).toContainText("Shared: on 2 pages");
    await check("a placed shared section");
    await row(page, "Engineering that earns its keep")
      .getByRole("button", { name: /^Engineering that earns/ })
      .click();
    await page.getByRole("button", { name: "Make shared…" }).click();
    await expect(page.locator("#fields").getByLabel("Name")).toBeVisible();
    await check("make shared");
    // In-place editing in the canvas.
    await openEditor(page);
    await showPane(page, "Preview");
    await canvas(page).getByRole("button", { name: "Edit text here" }).first().click();
    await expect(canvas(page).getByRole("textbox", { name: /edited in place$/ })).toBeFocused();
    // The box to type in is in the canvas: axe looks in there too.
    await check("in-place editing", true);
    expect(seen).toHaveLength(15);
  });
}

for (const [name, size] of [
  ["320 px", PHONE],
  ["200% zoom of 1280 px", ZOOMED],
] as const) {
  test(`at ${name}, by keyboard alone: open a page, select a section, edit a text, move it, add one from the library (in view), save; nothing scrolls sideways`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await openEditor(page, "site-config/pages/about-us.json");
    await page.screenshot({ path: `shots/builder-${size.width}x${size.height}-start.png` });
    await page.locator("body").focus();
    // Open a page: its panel is shown from the panel switch, then the file by name.
    await tabTo(page, page.getByRole("button", { name: "Site files", exact: true }));
    await page.keyboard.press("Enter");
    await tabTo(page, page.getByRole("navigation", { name: "Site files" }).getByRole("button", { name: "/", exact: true }));
    await page.keyboard.press("Enter");
    await expect(page.getByText(HOME).first()).toBeVisible();
    await expect(saveButton(page)).toHaveText("Saved");
    expect(await sideways(page)).toBe(0);
    // Select a section: the testimonials, from the outline.
    await tabTo(page, page.getByRole("button", { name: "Outline and fields", exact: true }));
    await page.keyboard.press("Enter");
    const testimonials = row(page, "people say about us").getByRole("button", { name: /^people say about us/ });
    await tabTo(page, testimonials);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 2, name: /people say about us \(5 of 8/ })).toBeVisible();
    expect(await sideways(page)).toBe(0);
    // The selection is kept across the panels: the page shows it, and the fields are still its own.
    await showPane(page, "Preview");
    await expect(canvas(page).locator('[data-section="testimonials-carousel"]')).toBeVisible();
    await tabTo(page, page.getByRole("button", { name: "Outline and fields", exact: true }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 2, name: /people say about us \(5 of 8/ })).toBeVisible();
    await tabTo(page, row(page, "people say about us").getByRole("button", { name: /^people say about us/ }));
    // Move it up.
    await page.keyboard.press("Alt+ArrowUp");
    await expect(page.locator("[data-outline-item]").nth(3)).toContainText("people say about us");
    expect(await inView(page.locator(":focus"))).toBe(true);
    // Edit its heading.
    const heading = page.getByLabel(/^Heading/).first();
    await tabTo(page, heading);
    await page.keyboard.press("End");
    await page.keyboard.type(" today");
    await expect(heading).toHaveValue(/ today$/);
    expect(await inView(heading)).toBe(true);
    await page.screenshot({ path: `shots/builder-${size.width}x${size.height}-editing.png` });
    // Add a section from the library: the focus lands on the new section, in view.
    await tabTo(page, page.getByRole("button", { name: /^Add a section after section 4/ }), 400);
    await page.keyboard.press("Enter");
    const library = page.getByRole("dialog", { name: "Add a section" });
    await expect(library).toBeVisible();
    expect(await sideways(page)).toBe(0);
    await page.screenshot({ path: `shots/builder-${size.width}x${size.height}-library.png` });
    await tabTo(page, library.getByRole("button", { name: /^Call to action/ }));
    await page.keyboard.press("Enter");
    await expect(library).toBeHidden();
    await expect(page.locator("[data-outline-item]").nth(4)).toContainText("Call to action");
    const focused = page.locator(":focus");
    await expect(focused).toHaveText(/Call to action/);
    await expect.poll(() => inView(focused)).toBe(true);
    await page.screenshot({ path: `shots/builder-${size.width}x${size.height}-inserted.png` });
    // Save.
    await page.keyboard.press("Control+s");
    await expect(saveButton(page)).toHaveText("Saved");
    const saved = JSON.parse(read(HOME)) as { sections: { type: string; heading?: string }[] };
    expect(saved.sections.map(kindOf).slice(3, 5)).toEqual(["testimonials-carousel", "call-to-action"]);
    expect(saved.sections[3]!.heading).toMatch(/ today$/);
    expect(await sideways(page)).toBe(0);
  });
}

test("at 1280 px, every focus stop of the builder shows a visible change, the picture upload's included", async ({ page }) => {
  test.setTimeout(600_000);
  await page.setViewportSize(WIDE);
  await openEditor(page, "site-config/pages/about-us.json");
  await row(page, "Engineering that earns its keep")
    .getByRole("button", { name: /^Engineering that earns/ })
    .click();
  await expect(page.getByLabel("Alt text (what the picture shows)")).toBeVisible();
  await page.locator("body").focus();
  const unchanged: string[] = [];
  let upload = false;
  let stops = 0;
  let walked = false;
  const names = new Set<string>();
  // What a focus stop looks like: the pixels around the element (or, for a visually hidden input, its label).
  const look = async () => {
    const box = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body || el.tagName === "IFRAME") return null;
      const shown = el instanceof HTMLInputElement && el.labels?.[0] && el.getBoundingClientRect().width <= 1 ? el.labels[0] : el;
      const r = shown.getBoundingClientRect();
      const name = `${el.tagName.toLowerCase()} ${el.getAttribute("aria-label") ?? el.id ?? ""} ${(shown.textContent ?? "").trim().slice(0, 40)}`;
      return { x: r.left - 5, y: r.top - 5, width: r.width + 10, height: r.height + 10, name, file: el instanceof HTMLInputElement && el.type === "file" };
    });
    if (!box) return box;
    const clip = {
      x: Math.max(0, box.x),
      y: Math.max(0, box.y),
      width: Math.min(box.width, WIDE.width - Math.max(0, box.x)),
      height: Math.min(box.height, WIDE.height - Math.max(0, box.y)),
    };
    if (clip.width < 2 || clip.height < 2) return null;
    return { ...box, clip };
  };
  for (let i = 0; i < 600; i++) {
    await page.keyboard.press("Tab");
    const stop = await look();
    if (!stop) continue;
    // Once round: a stop met again ends the walk (by its name: the outline draws its rows again as the checks come in).
    if (names.has(stop.name)) {
      walked = true;
      break;
    }
    names.add(stop.name);
    stops++;
    if (stop.file) upload = true;
    const focusedShot = await page.screenshot({ clip: stop.clip, animations: "disabled", caret: "hide" });
    // The same place with the focus elsewhere (taken away by script: no other element's focus ring in the picture).
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const plainShot = await page.screenshot({ clip: stop.clip, animations: "disabled", caret: "hide" });
    if (focusedShot.equals(plainShot)) unchanged.push(stop.name);
    // The next Tab goes on from the element blurred (the browser keeps its place in the order).
  }
  expect(walked, "Tab came round to the first stop again").toBe(true);
  expect(upload, "the upload control was reached").toBe(true);
  // The skip links, the toolbar, the files, the outline and the fields of a section with a picture.
  expect(stops).toBeGreaterThan(60);
  test.info().annotations.push({ type: "focus stops checked", description: String(stops) });
  console.log(`focus stops checked: ${stops}`);
  expect(unchanged).toEqual([]);
});

test("uploading a new picture empties its alt text and puts the cursor there, with a prompt; the old text is not saved with it", async ({ page }) => {
  await openEditor(page, "site-config/pages/about-us.json");
  await row(page, "Engineering that earns its keep")
    .getByRole("button", { name: /^Engineering that earns/ })
    .click();
  const alt = page.getByLabel("Alt text (what the picture shows)");
  await expect(alt).toHaveValue("Product team reviewing a roadmap on a large screen");
  const png = await sharp({ create: { width: 800, height: 500, channels: 3, background: "#3366aa" } })
    .png()
    .toBuffer();
  await page.getByLabel("Upload a picture…").setInputFiles({ name: "workshop.png", mimeType: "image/png", buffer: png });
  await expect(page.getByLabel("Picture", { exact: true })).toHaveValue(/workshop/);
  await expect(alt).toHaveValue("");
  await expect(alt).toBeFocused();
  await expect(page.getByText("A new picture: say what it shows here")).toBeVisible();
  await expect(alt).toHaveAccessibleDescription(/A new picture: say what it shows here/);
  await page.keyboard.type("Our team at a whiteboard workshop");
  await expect(page.getByText("A new picture: say what it shows here")).toBeHidden();
  await page.keyboard.press("Control+s");
  await expect(saveButton(page)).toHaveText("Saved");
  expect(read("site-config/pages/about-us.json")).toContain('"alt": "Our team at a whiteboard workshop"');
  expect(read("site-config/pages/about-us.json")).not.toContain("Product team reviewing a roadmap");
});
