/**
 * Editing on the canvas itself: the name of a section under the pointer, the selected section's
 * toolbar (by mouse and by keyboard), and copy and paste of sections between pages and from a text
 * editor, each checked in the files left on disk.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { canvas, changedLines, HOME, openEditor, read, resetContent, root, row, run, save, status } from "./builder-fixture";

test.beforeEach(resetContent);

const ABOUT = "site-config/pages/about-us.json";
const sectionTypes = (page: Page) =>
  canvas(page)
    .locator("main > [data-section]")
    .evaluateAll((els) => els.map((el) => el.getAttribute("data-section")));
const sectionButton = (page: Page, n: number) => canvas(page).getByRole("button", { name: new RegExp(`^Section ${n} of \\d+: `) });
const fileButton = (page: Page, route: string) => page.getByRole("navigation", { name: "Site files" }).getByRole("button", { name: route, exact: true });
const toolbar = (page: Page) => canvas(page).getByRole("toolbar", { name: /section actions$/ });
const violations = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze()).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );

test("a section under the pointer shows its name; the selected one has a toolbar that moves, duplicates and deletes it, and Ctrl+Z undoes", async ({
  page,
}) => {
  await openEditor(page);
  const start = await sectionTypes(page);
  expect(start.slice(0, 3)).toEqual(["hero", "stats-band", "service-explorer"]);

  // Hovered again if the page moved under the pointer meanwhile (its pictures arriving).
  await expect(async () => {
    await sectionButton(page, 2).hover();
    await expect(sectionButton(page, 2).getByText("Stats band", { exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(sectionButton(page, 3).getByText("Service explorer", { exact: true })).toBeHidden();
  // The builder opens with the first section selected: its toolbar is the only one.
  await expect(toolbar(page)).toHaveAccessibleName("Hero: section actions");

  await sectionButton(page, 2).click();
  await expect(toolbar(page)).toHaveAccessibleName("Stats band: section actions");
  await expect(page.getByRole("heading", { level: 2, name: /Stats band/ })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await toolbar(page).getByRole("button", { name: "Move down" }).click();
  await expect.poll(() => sectionTypes(page)).toEqual([start[0], start[2], start[1], ...start.slice(3)]);
  await expect(status(page)).toContainText("moved to position 3");
  await toolbar(page).getByRole("button", { name: "Move up" }).click();
  await expect.poll(() => sectionTypes(page)).toEqual(start);

  await toolbar(page).getByRole("button", { name: "Duplicate" }).click();
  await expect.poll(() => sectionTypes(page)).toEqual([start[0], start[1], start[1], ...start.slice(2)]);
  await toolbar(page).getByRole("button", { name: "Delete" }).click();
  await expect.poll(() => sectionTypes(page)).toEqual(start);
  await expect(status(page)).toContainText("deleted. Ctrl+Z brings it back");
  await page.keyboard.press("Control+z");
  await expect.poll(() => sectionTypes(page)).toEqual([start[0], start[1], start[1], ...start.slice(2)]);

  await save(page);
  const changed = changedLines(HOME);
  expect(changed.every((line) => line.startsWith("+"))).toBe(true);
  expect(changed.join("\n")).toContain('"type": "stats-band"');
});

test("the toolbar from the keyboard: Tab from the section reaches it, the arrow keys go along it, the focus stays after a move", async ({ page }) => {
  await openEditor(page);
  const start = await sectionTypes(page);
  await sectionButton(page, 3).click();
  await sectionButton(page, 3).focus();
  await page.keyboard.press("Tab");
  const tools = toolbar(page);
  await expect(tools.getByRole("button", { name: "Move up" })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(tools.getByRole("button", { name: "Move down" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect.poll(() => sectionTypes(page)).toEqual([...start.slice(0, 2), start[3], start[2], ...start.slice(4)]);
  await expect(tools.getByRole("button", { name: "Move down" })).toBeFocused();
  await page.keyboard.press("End");
  await expect(tools.getByRole("button", { name: "Edit fields" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: /Service explorer/ })).toBeFocused();
});

test("copy a section on / and paste it into /about-us: the file gains exactly that section; the same from a text editor's JSON; refusals say why", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openEditor(page);
  // Copied from the canvas with the keyboard (the canvas has the focus).
  await sectionButton(page, 5).click();
  await sectionButton(page, 5).focus();
  await page.keyboard.press("Control+c");
  // The home page places the shared testimonials (issue 51): the copy is that placement.
  await expect(status(page)).toContainText('Testimonials carousel (shared "testimonials") copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(JSON.parse(copied)).toEqual({ shared: "testimonials" });

  await fileButton(page, "/about-us").click();
  await expect(canvas(page).locator("main > [data-section]").first()).toHaveAttribute("data-section", "page-banner");
  await sectionButton(page, 1).click();
  await sectionButton(page, 1).focus();
  await page.keyboard.press("Control+v");
  await expect(status(page)).toContainText('Testimonials carousel (shared "testimonials") pasted at position 2 of 8');
  await expect(canvas(page).locator("main > [data-section]").nth(1)).toHaveAttribute("data-section", "testimonials-carousel");
  await save(page);
  const home = JSON.parse(read(HOME)) as { sections: unknown[] };
  const added = changedLines(ABOUT);
  expect(added.every((line) => line.startsWith("+"))).toBe(true);
  expect(
    JSON.parse(
      added
        .map((line) => line.slice(1))
        .join("\n")
        .replace(/,$/, ""),
    ),
  ).toEqual(home.sections[4]);

  // JSON from a text editor, pasted from the builder's window: a hero with no headline breaks the site's rules.
  await page.evaluate(() => navigator.clipboard.writeText('{ "type": "call-to-action", "heading": "" },'));
  await page.getByRole("heading", { level: 2 }).first().focus();
  await page.keyboard.press("Control+v");
  await expect(status(page)).toContainText("Not pasted: on this page, (Call to action)");
  // A second contact form on the contact page: the schema's rule, in words.
  await fileButton(page, "/contact-us").click();
  // Its own sections in the canvas (the page before would also have a first section): the file is open.
  await expect(canvas(page).locator('main > [data-section="contact"]')).toBeVisible();
  await page.evaluate(() => navigator.clipboard.writeText(JSON.stringify({ type: "contact" })));
  await page.getByRole("heading", { level: 2 }).first().focus();
  await page.keyboard.press("Control+v");
  await expect(status(page)).toContainText("A Contact section can be placed only once on a page, and this page already has one");
  expect(changedLines("site-config/pages/contact-us.json")).toEqual([]);

  // The builder's own clipboard: its Paste button.
  await fileButton(page, "/").click();
  await expect(page.getByRole("button", { name: /^Paste Testimonials carousel/ })).toBeVisible();
});

const inlineBox = (page: Page) => canvas(page).getByRole("textbox", { name: /edited in place$/ });

/**
 * Clicks the middle of a text of the canvas, where a person would (the canvas is shown shrunk: the box is measured as
 * shown), and waits for the box to type in, as a person does: it appears a moment after the click, and a key pressed
 * before it has the focus goes to the page.
 */
async function clickText(page: Page, text: ReturnType<ReturnType<typeof canvas>["locator"]>) {
  const shown = (await text.textContent()) ?? "";
  const box = await text.boundingBox();
  if (!box) throw new Error("The text is not shown.");
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await shows(page, shown);
}

/** The box to type in has the focus and shows `text`: what a person waits to see before the next key. */
async function shows(page: Page, text: string) {
  await expect(inlineBox(page)).toBeFocused();
  await expect(inlineBox(page)).toHaveValue(text);
}

for (const width of [1280, 375] as const) {
  test(`a heading edited in place at ${width} px: the canvas shows it as typed, Enter keeps it, Save changes exactly that line`, async ({ page }) => {
    await openEditor(page);
    if (width === 375) await page.getByRole("button", { name: "Phone 375" }).click();
    const heading = canvas(page).locator('[data-section="service-explorer"] h2').first();
    const before = (await heading.textContent()) ?? "";
    // Selected in the outline: the canvas scrolls to it.
    await row(page, "Service explorer").click();
    await expect(toolbar(page)).toHaveAccessibleName("Service explorer: section actions");
    await expect(heading).toBeInViewport();
    await clickText(page, heading); // edits the text
    await expect(inlineBox(page)).toHaveAccessibleName(`Heading, section 3 (Service explorer), edited in place`);
    await page.keyboard.type(" Today");
    await shows(page, `${before} Today`);
    await expect(heading).toHaveText(`${before} Today`);
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press("Enter");
    await expect(inlineBox(page)).toHaveCount(0);
    await expect(heading).toBeVisible();
    // The form took the value.
    await expect(page.getByLabel(/^Heading/)).toHaveValue(`${before} Today`);
    await save(page);
    expect(changedLines(HOME)).toEqual([`-      "heading": ${JSON.stringify(before)},`, `+      "heading": ${JSON.stringify(`${before} Today`)},`]);
  });
}

test("in place: Escape puts the text back, Ctrl+Z undoes a kept edit, Tab goes to the next text", async ({ page }) => {
  await openEditor(page);
  const h1 = canvas(page).locator("main h1");
  const before = (await h1.textContent()) ?? "";
  const under = (JSON.parse(read(HOME)) as { sections: { subline: string }[] }).sections[0]?.subline;
  await clickText(page, h1);
  await page.keyboard.type(" now");
  await shows(page, `${before} now`);
  await expect(h1).toHaveText(`${before} now`);
  await page.keyboard.press("Escape");
  await expect(inlineBox(page)).toHaveCount(0);
  await expect(h1).toHaveText(before);

  await clickText(page, h1);
  await page.keyboard.type("!");
  await shows(page, `${before}!`);
  await page.keyboard.press("Tab");
  await expect(inlineBox(page)).toHaveAccessibleName("Line under the heading, section 1 (Hero), edited in place");
  await shows(page, under ?? "");
  await page.keyboard.press("Escape");
  await expect(h1).toHaveText(`${before}!`);
  await page.keyboard.press("Control+z");
  await expect(h1).toHaveText(before);
  expect(changedLines(HOME)).toEqual([]);
});

test("a text emptied in place shows the site's message beside it, and Save is refused until it is fixed", async ({ page }) => {
  await openEditor(page);
  const h1 = canvas(page).locator("main h1");
  await clickText(page, h1);
  await page.keyboard.press("Control+a");
  await page.keyboard.press("Delete");
  await shows(page, "");
  const message = canvas(page).getByRole("alert").filter({ hasText: "Empty. Write the text" });
  await expect(message).toBeVisible();
  await expect(inlineBox(page)).toHaveAttribute("aria-invalid", "true");
  expect(await violations(page)).toEqual([]);
  await page.keyboard.press("Enter");
  await page.keyboard.press("Control+s");
  await expect(status(page)).toContainText("Not saved: site-config/pages/home.json has 1 error");
  expect(changedLines(HOME)).toEqual([]);
});

test("a Testimonials carousel dragged from the library onto the canvas goes where it is dropped (the file gains only its lines); a section dragged within the canvas moves", async ({
  page,
}) => {
  await openEditor(page);
  const start = await sectionTypes(page);
  await page.getByRole("button", { name: /^Add a section/ }).click();
  const library = page.getByRole("dialog", { name: "Add a section" });
  await expect(library).toBeVisible();
  const card = library.locator("li").filter({ has: page.locator('[data-library-entry="testimonials-carousel"]') });
  // Onto the top of the second section: between the first and the second.
  const second = sectionButton(page, 2);
  // A drop the canvas did not take (its buttons measured again while a loaded machine lays the page out) leaves the
  // library open: the drag is made again then, never after a drop that took (the library closes on it).
  await expect(async () => {
    if (await library.isVisible()) await card.dragTo(second, { targetPosition: { x: 60, y: 8 } });
    await expect(library).toBeHidden({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await expect.poll(() => sectionTypes(page)).toEqual([start[0], "testimonials-carousel", ...start.slice(1)]);
  await expect(status(page)).toContainText("Testimonials carousel section added at position 2");
  await expect(page.locator("[data-outline-item]").nth(1)).toContainText("Testimonials carousel");
  await save(page);
  expect(changedLines(HOME).every((line) => line.startsWith("+"))).toBe(true);

  // Within the canvas: the section after the new one dragged above it (onto the top of the second). Both in view first, as
  // an editor sees them: a scroll between pressing and moving (dragTo bringing the target into view) starts the drag on
  // whatever section is under the pointer then.
  await sectionButton(page, 2).evaluate((element) => element.scrollIntoView({ block: "start" }));
  await sectionButton(page, 3).dragTo(sectionButton(page, 2), { targetPosition: { x: 60, y: 8 } });
  await expect.poll(() => sectionTypes(page)).toEqual([start[0], start[1], "testimonials-carousel", ...start.slice(2)]);
  await expect(status(page)).toContainText("moved to position 2");
});

test("the canvas shows the page still (the hero's video not playing, nothing fading in), while the page itself plays its video", async ({ page }) => {
  await openEditor(page);
  const video = canvas(page).locator('[data-section="hero"] video');
  await expect(video).toHaveCount(1);
  // The page starts its video after its load event: a moment after the canvas's, it has not.
  await canvas(page)
    .locator("body")
    .evaluate(() => (document.readyState === "complete" ? null : new Promise((resolve) => addEventListener("load", resolve, { once: true }))));
  await page.waitForTimeout(1500);
  expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await expect(video).not.toHaveAttribute("data-playing");
  await expect(canvas(page).locator("[data-aos]")).toHaveCount(0);
  // The page itself, outside the builder, moves as usual.
  await page.goto("/");
  await expect(page.locator('[data-section="hero"] video')).toHaveAttribute("data-playing", "", { timeout: 20_000 });
});

test("a photo (JPEG) in a text block sits beside the text at 1280 px, as the block's design intends, in the canvas and on the page", async ({ page }) => {
  // A real photo, put in the text block's picture by hand (as an editor's upload would).
  const photo = await sharp({ create: { width: 1600, height: 1067, channels: 3, background: "#7a5c3e" } })
    .jpeg()
    .toBuffer();
  writeFileSync(join(root, "public", "media", "team-at-work.jpg"), photo);
  const about = JSON.parse(read(ABOUT)) as { sections: { image?: { src: string } }[] };
  const block = about.sections[1];
  if (!block?.image) throw new Error("The about page's first text block has no picture.");
  block.image.src = "/media/team-at-work.jpg";
  writeFileSync(join(root, ABOUT), `${JSON.stringify(about, null, 2)}\n`);

  const beside = async (scope: Page | ReturnType<typeof canvas>) => {
    const section = scope.locator('[data-section="text-block"]').first();
    const heading = await section.locator("h2").boundingBox();
    const picture = await section.locator("img").boundingBox();
    // Not shown yet (the page drawing the new picture, or reloading to catch up with the file written above): asked again.
    if (!heading || !picture) return false;
    // The picture starts right of the text column and beside it (its top above the heading's bottom).
    return picture.x > heading.x + heading.width - 1 && picture.y < heading.y + heading.height;
  };
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/about-us");
  await expect(page.locator('[data-section="text-block"] picture source[type="image/avif"]').first()).toBeAttached();
  await expect.poll(() => beside(page), { timeout: 20_000 }).toBe(true);
  // The photo shown whole, asked again as one step: the dev server may still draw the page anew (the
  // files were written just before), which replaces the element between two looks at it.
  const photoShown = page.locator('[data-section="text-block"] img').first();
  await expect(async () => {
    await photoShown.scrollIntoViewIfNeeded({ timeout: 2_000 });
    expect(await photoShown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0, null, { timeout: 2_000 })).toBe(true);
    expect((await photoShown.boundingBox({ timeout: 2_000 }))?.height ?? 0).toBeGreaterThan(300);
  }).toPass({ timeout: 30_000 });
  await page.screenshot({ path: test.info().outputPath("text-block-photo-1280.png") });

  await page.setViewportSize({ width: 1600, height: 1000 });
  // The page is left first: opening the builder makes the dev server notice the new picture file,
  // and tell the open pages to reload, and this one's reload would take the place of the builder.
  await page.goto("about:blank");
  await openEditor(page, ABOUT);
  await expect.poll(() => beside(canvas(page)), { timeout: 20_000 }).toBe(true);
});

test("a photo dropped on the hero in the canvas becomes its picture; alone (no video) with a focal point, it is on the page and in the built site", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openEditor(page);
  // A real JPEG, dropped from the computer onto the hero (a file drop, as the desktop makes it).
  const jpeg = await sharp({ create: { width: 2000, height: 1200, channels: 3, background: "#2f5d50" } })
    .jpeg({ quality: 80 })
    .toBuffer();
  const frame = page.frames().find((f) => f.url().includes("/__edit/canvas"));
  if (!frame) throw new Error("No canvas.");
  await frame.evaluate((base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], "Team at work.jpg", { type: "image/jpeg" }));
    const hero = document.querySelector("main > [data-section]")?.getBoundingClientRect();
    if (!hero) throw new Error("No hero.");
    const at = { clientX: hero.left + 100, clientY: hero.top + 100, bubbles: true, cancelable: true, dataTransfer: data };
    document.body.dispatchEvent(new DragEvent("dragover", at));
    document.body.dispatchEvent(new DragEvent("drop", at));
  }, jpeg.toString("base64"));
  await expect(status(page)).toContainText("Team at work.jpg is now the picture of section 1 (Hero), as /media/team-at-work.jpg");

  // No video: the photo alone. Its focal point from the form's two numbers.
  await page.getByLabel(/^Video file \(WebM\)/).fill("");
  await page.getByLabel(/^Video file \(MP4\)/).fill("");
  await page.getByLabel("From the left (%)").fill("20");
  await page.getByLabel("From the top (%)").fill("30");
  const heroImage = canvas(page).locator('[data-section="hero"] img');
  await expect(heroImage).toHaveCSS("object-position", "20% 30%");
  await expect(canvas(page).locator('[data-section="hero"] video')).toHaveCount(0);
  await save(page);
  expect(changedLines(HOME).join("\n")).toContain('"src": "/media/team-at-work.jpg"');
  const validate = run(["tsx", "scripts/validate.ts"]);
  expect(validate.ok, validate.output).toBe(true);

  const build = run(["react-router", "build"]);
  expect(build.ok, build.output.slice(-2000)).toBe(true);
  const html = readFileSync(join(root, "dist", "client", "index.html"), "utf8");
  const hero = html.slice(html.indexOf('data-section="hero"'), html.indexOf("</section>", html.indexOf('data-section="hero"')));
  expect(hero).toMatch(/<source type="image\/avif" srcSet="[^"]*team-at-work[^"]*\.avif/);
  expect(hero).toMatch(/<img [^>]*srcSet="[^"]*team-at-work[^"]*\.webp/);
  expect(hero).toContain("object-position:20% 30%");
  expect(hero).not.toContain("<video");
});

test("the picture library: thumbnails with sizes, a picture dropped on it is uploaded, search by file name, a choice fills the field", async ({ page }) => {
  await openEditor(page);
  await page.getByRole("button", { name: "Browse the pictures…" }).first().click();
  const library = page.getByRole("dialog", { name: "Pictures" });
  await expect(library).toBeVisible();
  await expect(library.getByRole("status")).toHaveText(/^\d+ pictures$/);
  await expect(library.getByRole("button", { name: /^hero-poster\.webp/ })).toContainText(/\d+ × \d+ px · \d+ KB/);

  // A photo dropped from the computer onto the grid.
  const jpeg = await sharp({ create: { width: 1800, height: 1200, channels: 3, background: "#8a6d3b" } })
    .jpeg()
    .toBuffer();
  await library.locator("ul").evaluate((grid, base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], "Team photo.jpg", { type: "image/jpeg" }));
    grid.dispatchEvent(new DragEvent("dragover", { bubbles: true, cancelable: true, dataTransfer: data }));
    grid.dispatchEvent(new DragEvent("drop", { bubbles: true, cancelable: true, dataTransfer: data }));
  }, jpeg.toString("base64"));
  await expect(library.getByRole("status")).toHaveText("Team photo.jpg uploaded as /media/team-photo.jpg.");

  await library.getByLabel("Search by file name").fill("team photo");
  await expect(library.getByRole("status")).toHaveText(/^1 of \d+ pictures match "team photo"$/);
  const card = library.getByRole("button", { name: /^team-photo\.jpg/ });
  await expect(card).toContainText("1800 × 1200 px");
  expect(await violations(page)).toEqual([]);
  await card.click();
  await expect(library).toBeHidden();
  await expect(canvas(page).locator('[data-section="hero"] img')).toHaveAttribute("srcset", /team-photo/);
  await save(page);
  expect(changedLines(HOME).join("\n")).toContain('"src": "/media/team-photo.jpg"');
});
