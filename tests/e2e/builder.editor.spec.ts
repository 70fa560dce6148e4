/**
 * The page builder (/__edit) in Chromium against `react-router dev` over a copy of the content
 * (tests/e2e/dev-server.ts --editor), each test checking the files it leaves on disk. The copy is a
 * Git repository of its own: every test starts from its commit.
 */
import AxeBuilder from "@axe-core/playwright";
import { readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import {
  canvas,
  changedLines,
  git,
  HOME,
  kindOf,
  openEditor,
  read,
  resetContent,
  root,
  row,
  run,
  save,
  saveButton,
  sectionsAt,
  serverInstance,
  status,
} from "./builder-fixture";

const repo = join(import.meta.dirname, "..", "..");

test.beforeEach(resetContent);

/** Only the lines of the two sections that swapped places change, each line as it was. */
function expectOnlyMoved(file: string, before: string) {
  const changed = changedLines(file);
  expect(changed.length).toBeGreaterThan(0);
  const lines = before.split("\n");
  for (const line of changed) expect(lines, line).toContain(line.slice(1));
  expect(changed.filter((l) => l.startsWith("-")).length).toBe(changed.filter((l) => l.startsWith("+")).length);
}

/** Opens the builder on the home page and the library to add a section after the hero. */
async function openLibraryAfterHero(page: Page): Promise<Locator> {
  await openEditor(page);
  await row(page, "Transforming Your Vision")
    .getByRole("button", { name: /^Transforming Your Vision/ })
    .click();
  await page.getByRole("button", { name: /^Add a section after section 1/ }).click();
  return page.getByRole("dialog", { name: "Add a section" });
}

const ORDER_BEFORE = ["hero", "stats-band", "service-explorer", "industries-grid", "testimonials-carousel", "services-carousel", "portfolio", "contact"];
const ORDER_AFTER = ["hero", "stats-band", "service-explorer", "testimonials-carousel", "industries-grid", "services-carousel", "portfolio", "contact"];

test("moves the testimonials above the industries by drag and drop: the diff holds only those lines, and / shows the new order", async ({ page }) => {
  const before = read(HOME);
  await openEditor(page);
  const handle = row(page, "people say about us").getByRole("button", { name: /^Drag / });
  const target = row(page, "Industries We Serve");
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) await page.mouse.move(from.x + from.width / 2, from.y + (to.y + 4 - from.y) * (step / 10));
  await page.mouse.up();
  await expect(page.locator("[data-outline-item]").nth(3)).toContainText("people say about us");
  await save(page);
  expectOnlyMoved(HOME, before);
  await expect.poll(() => sectionsAt(page, "/")).toEqual(ORDER_AFTER);
});

test("moves are shown in the canvas at once and never undone by the builder catching up, even two quick ones on a slow machine", async ({ page }) => {
  await openEditor(page);
  // Every order the canvas shows, in turn.
  await canvas(page)
    .locator("main")
    .evaluate((main) => {
      const orders: string[] = [];
      const note = () => {
        const order = [...main.querySelectorAll(":scope > [data-section]")].map((e) => (e as HTMLElement).dataset.section).join(",");
        if (order !== orders.at(-1)) orders.push(order);
      };
      note();
      new MutationObserver(note).observe(main, { childList: true });
      (window as unknown as { orders: string[] }).orders = orders;
    });
  const orders = () =>
    canvas(page)
      .locator("main")
      .evaluate(() => (window as unknown as { orders: string[] }).orders);
  // A drag of a section that is not selected (the selection follows it: the builder draws the selection first, the move after).
  const handle = row(page, "people say about us").getByRole("button", { name: /^Drag / });
  const from = (await handle.boundingBox())!;
  const to = (await row(page, "Industries We Serve").boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) await page.mouse.move(from.x + from.width / 2, from.y + (to.y + 4 - from.y) * (step / 10));
  await page.mouse.up();
  await expect(page.locator("[data-outline-item]").nth(3)).toContainText("people say about us");
  await expect.poll(orders).toEqual([ORDER_BEFORE.join(","), ORDER_AFTER.join(",")]);

  // Two moves in a row on a machine six times slower: each moves the section one place from where it is by then.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  await row(page, "people say about us")
    .getByRole("button", { name: /^people say about us/ })
    .focus();
  await page.keyboard.press("Alt+ArrowDown");
  await page.keyboard.press("Alt+ArrowDown");
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  const twice = ["hero", "stats-band", "service-explorer", "industries-grid", "services-carousel", "testimonials-carousel", "portfolio", "contact"];
  await expect(status(page)).toContainText("moved to position 6 of 8");
  await expect(page.locator("[data-outline-item]").nth(5)).toContainText("people say about us");
  await expect.poll(async () => (await orders()).at(-1)).toBe(twice.join(","));
  expect((await orders()).slice(2)).toEqual([
    ["hero", "stats-band", "service-explorer", "industries-grid", "testimonials-carousel", "services-carousel", "portfolio", "contact"].join(","),
    twice.join(","),
  ]);
  await save(page);
  expect(JSON.parse(read(HOME)).sections.map(kindOf)).toEqual(twice);
});

test("keyboard shortcuts: ? lists them; Delete removes a section with Undo beside the message; Ctrl+D duplicates; the canvas relays them", async ({ page }) => {
  await openEditor(page);
  const rows = page.locator("[data-outline-item]");
  await expect(rows).toHaveCount(8);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("?");
  const list = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(list).toBeVisible();
  // A header row, then one per shortcut.
  await expect(list.getByRole("row")).toHaveCount(10);
  await expect(list).toContainText("Duplicate the selected section");
  await page.keyboard.press("Escape");
  await expect(list).toBeHidden();

  // On an outline row: Delete, then the status bar's Undo; Ctrl+D.
  const testimonials = row(page, "people say about us").getByRole("button", { name: /^people say about us/ });
  await testimonials.click();
  await testimonials.focus();
  await page.keyboard.press("Delete");
  await expect(rows).toHaveCount(7);
  await expect(status(page)).toContainText("people say about us deleted");
  await page.getByRole("button", { name: "Undo the deletion" }).click();
  await expect(rows).toHaveCount(8);
  await expect(rows.nth(4)).toContainText("people say about us");
  await testimonials.focus();
  await page.keyboard.press("Control+d");
  await expect(rows).toHaveCount(9);
  await expect(rows.nth(5)).toContainText("people say about us");
  await expect(canvas(page).locator("main > [data-section]")).toHaveCount(9);
  await page.keyboard.press("Control+z");
  await expect(rows).toHaveCount(8);

  // In a text field, Backspace is the field's own.
  await page.locator("#field_heading, #field_headline").first().focus();
  await page.keyboard.press("Backspace");
  await expect(rows).toHaveCount(8);

  // In the canvas (entered by its skip link, on the selected section): Delete and Ctrl+Z are relayed to the builder.
  await page.getByRole("link", { name: "Go to the preview" }).focus();
  await page.keyboard.press("Enter");
  await expect(canvas(page).getByRole("button", { name: /^Section 5 of 8/ })).toBeFocused();
  await page.keyboard.press("Delete");
  await expect(rows).toHaveCount(7);
  await expect(canvas(page).locator("main > [data-section]")).toHaveCount(7);
  await page.keyboard.press("Control+z");
  await expect(rows).toHaveCount(8);
  await expect(canvas(page).locator("main > [data-section]")).toHaveCount(8);
});

test("the library groups the sections by kind and finds them by name or description", async ({ page }) => {
  // Written so that a new section type changes nothing here: counts from the schemas, found entries as "at least".
  const total = readFileSync(join(repo, "schemas", "section.schema.json"), "utf8").match(/"\$ref"/g)!.length;
  const library = await openLibraryAfterHero(page);
  const headings = await library.getByRole("heading", { level: 3 }).allTextContents();
  // The site's shared sections first (issue 51), then the kinds of section.
  expect(headings.slice(0, 6)).toEqual(["Shared sections", "Openings", "Text and steps", "Services", "Proof and clients", "Contact"]);
  // Every thumbnail drawn (those far down the list are the ones the site's scroll-in animation marks);
  // each is a section rendered in turn, which takes a while on a busy machine.
  const shared = readdirSync(join(repo, "site-config", "shared")).length;
  await expect(library.locator(".ed-thumb > div > *")).toHaveCount(total + shared, { timeout: 30_000 });
  const shown = () => library.locator("[data-library-entry]").evaluateAll((els) => els.map((el) => el.getAttribute("data-library-entry") ?? ""));
  const search = library.getByLabel("Search the sections");
  await search.fill("carousel");
  await expect.poll(shown).toEqual(expect.arrayContaining(["services-carousel", "logo-carousel", "testimonials-carousel"]));
  const carousels = (await shown()).length;
  const sharedCarousels = (await shown()).filter((entry) => entry.startsWith("shared:")).length;
  expect(sharedCarousels).toBe(1);
  expect(carousels - sharedCarousels).toBeLessThan(total);
  await expect(library.getByRole("status")).toHaveText(
    `${carousels - sharedCarousels} of ${total} kinds of section and ${sharedCarousels} of ${shared} shared sections match "carousel"`,
  );
  // Each thumbnail shows its section: the site's scroll-in animation never hides one (it would wait for a scroll forever).
  const thumbs = library.locator(".ed-thumb > div > section");
  await expect(thumbs).toHaveCount(carousels);
  await expect
    .poll(() => thumbs.evaluateAll((sections) => sections.map((s) => getComputedStyle(s.querySelector(":scope > div") ?? s).opacity)))
    .toEqual(Array(carousels).fill("1"));
  await search.fill("Contact FORM");
  await expect.poll(shown).toEqual(expect.arrayContaining(["contact"]));
  await search.fill("zzz");
  await expect.poll(shown).toEqual([]);
  await expect(library.getByRole("status")).toHaveText('No section matches "zzz".');
  // The first card found is a Tab away from the search; Enter adds it after the hero.
  await search.fill("stats");
  const first = (await shown())[0]!;
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(library).toBeHidden();
  await expect(page.locator("[data-outline-item]").nth(1)).toContainText(first.charAt(0).toUpperCase() + first.slice(1).replace(/-/g, " "));
});

test("choosing a section in the outline shows it in the canvas; choosing the first shows the top again", async ({ page }) => {
  await openEditor(page);
  // Whether the section's top is in the upper half of the canvas's window.
  const inView = (type: string) =>
    canvas(page)
      .locator(`main > [data-section="${type}"]`)
      .evaluate((el) => {
        const top = el.getBoundingClientRect().top;
        return top >= -2 && top < innerHeight / 2;
      });
  expect(await inView("testimonials-carousel")).toBe(false);
  await row(page, "people say about us")
    .getByRole("button", { name: /^people say about us/ })
    .click();
  await expect.poll(() => inView("testimonials-carousel")).toBe(true);
  await row(page, "Transforming Your Vision")
    .getByRole("button", { name: /^Transforming Your Vision/ })
    .click();
  await expect.poll(() => inView("hero")).toBe(true);
});

test("moves the testimonials above the industries by keyboard, and says so: the diff holds only those lines, and / shows the new order", async ({ page }) => {
  const before = read(HOME);
  await openEditor(page);
  const handle = row(page, "people say about us").getByRole("button", { name: /^Drag / });
  // dnd-kit's live region says each step, in our words.
  const live = page.locator('[role="status"][aria-live="assertive"]');
  await handle.focus();
  await page.keyboard.press("Space");
  await expect(live).toContainText("people say about us is over position 5 of 8");
  // dnd-kit's KeyboardSensor starts listening for arrow keys in a setTimeout after the drag starts:
  // on a loaded machine an arrow pressed at once can come before that. Pressed again only while the row has not moved.
  await expect(async () => {
    if ((await live.textContent())?.includes("over position 5 of 8")) await page.keyboard.press("ArrowUp");
    await expect(live).toContainText("is over position 4 of 8", { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await page.keyboard.press("Space");
  await expect(live).toContainText("moved to 4 of 8");
  await expect(page.locator("[data-outline-item]").nth(3)).toContainText("people say about us");
  await save(page);
  expectOnlyMoved(HOME, before);
  await expect.poll(() => sectionsAt(page, "/")).toEqual(ORDER_AFTER);

  // Alt+Down on the row puts it back, and the editor's own status says where it went.
  await openEditor(page);
  await row(page, "people say about us")
    .getByRole("button", { name: /^people say about us/ })
    .focus();
  await page.keyboard.press("Alt+ArrowDown");
  await expect(status(page)).toContainText("moved to position 5 of 8");
  await save(page);
  expect(read(HOME)).toBe(before);
});

test("inserts a stats band from the library after the hero and changes one figure: the files validate, the canvas and / show it", async ({ page }) => {
  const library = await openLibraryAfterHero(page);
  await expect(library.locator('[data-library-entry]:not([data-library-entry^="shared:"])')).toHaveCount(
    readFileSync(join(repo, "schemas", "section.schema.json"), "utf8").match(/"\$ref"/g)!.length,
  );
  await library.getByRole("button", { name: /^Stats band/ }).click();
  await expect(page.locator("[data-outline-item]").nth(1)).toContainText("Stats band");
  await expect(canvas(page).locator("main > [data-section]").nth(1)).toHaveAttribute("data-section", "stats-band");
  await save(page);
  expect(JSON.parse(read(HOME)).sections[1]).toMatchObject({ type: "stats-band" });
  expect(changedLines(HOME).every((l) => l.startsWith("+"))).toBe(true);

  // The figures are the site's (settings.json): change one there.
  await page.getByRole("button", { name: "Settings", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Settings", level: 2, exact: true })).toBeVisible();
  const figure = page.locator('input[value="98%"]');
  await figure.fill("99%");
  // A settings change redraws the whole page in the canvas (every page reads the figures).
  await expect(canvas(page).getByText("99%").first()).toBeVisible({ timeout: 20_000 });
  await save(page);
  expect(JSON.parse(read("site-config/settings.json")).stats[1].value).toBe("99%");
  expect(changedLines("site-config/settings.json")).toEqual([
    '-    { "value": "98%", "label": "Customer Satisfaction" },',
    '+    { "value": "99%", "label": "Customer Satisfaction" },',
  ]);
  expect(run(["tsx", "scripts/validate.ts"]).ok).toBe(true);
  await expect.poll(async () => (await sectionsAt(page, "/")).slice(0, 3)).toEqual(["hero", "stats-band", "stats-band"]);
  await page.goto("/");
  await expect(page.locator('main > [data-section="stats-band"]').first()).toContainText("99%");
});

test("edits the hero headline: the canvas follows the typing; once saved, validate passes and the built page shows it", async ({ page }) => {
  test.setTimeout(180_000);
  await openEditor(page);
  const heading = page.getByLabel(/^Heading/);
  await heading.fill("Software that ships");
  // Once the canvas has the page's code (until then its messages wait their turn: on a busy machine the first keystrokes did).
  await expect(canvas(page).locator("main h1")).toHaveText("Software that ships");
  await expect(canvas(page).locator('main [aria-busy="true"]')).toHaveCount(0);
  // The canvas changes inside the key's own event (before the builder's form is drawn again and before any message): read after every handler of the input event.
  await page.evaluate(() => {
    const w = window as unknown as { inEvent: string[] };
    w.inEvent = [];
    const frame = document.querySelector<HTMLIFrameElement>('iframe[title^="Preview of the page"]');
    addEventListener("input", () => w.inEvent.push(frame?.contentDocument?.querySelector("main h1")?.textContent ?? ""));
  });
  for (const word of [" on", " time"]) {
    await heading.pressSequentially(word);
    await expect(canvas(page).locator("main h1")).toHaveText(`Software that ships${word === " on" ? " on" : " on time"}`);
  }
  const typed = " on time".split("").map((_, i) => `Software that ships${" on time".slice(0, i + 1)}`);
  expect(await page.evaluate(() => (window as unknown as { inEvent: string[] }).inEvent)).toEqual(typed);
  await save(page);
  const changed = changedLines(HOME);
  expect(changed).toHaveLength(2);
  expect(changed[1]).toContain('"headline": "Software that ships on time"');
  const validate = run(["tsx", "scripts/validate.ts"]);
  expect(validate.ok, validate.output).toBe(true);
  const build = run(["react-router", "build"]);
  expect(build.ok, build.output.slice(-2000)).toBe(true);
  expect(readFileSync(join(root, "dist", "client", "index.html"), "utf8")).toContain("Software that ships on time");
});

test("a save is one request: its answer is the builder's new state, and the file watcher's report of that write asks nothing more", async ({ page }) => {
  await openEditor(page);
  // The site's check of the edit (a moment after the typing stops) is the edit's request, not the save's: the
  // check with the typed text (on a busy machine the check of the file as opened can come after the typing).
  const checked = page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/__edit/api/check" && (response.request().postData() ?? "").includes("Software that ships"),
  );
  await page.getByLabel(/^Heading/).fill("Software that ships");
  await expect(canvas(page).locator("main h1")).toHaveText("Software that ships");
  await checked;
  const asked: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/__edit/api/") && url.pathname !== "/__edit/api/events") asked.push(`${request.method()} ${url.pathname}`);
  });
  await save(page);
  expect(changedLines(HOME)).toHaveLength(2);
  // The watcher reports the write a moment later, on the event stream: time for it to arrive and be acted on.
  await page.waitForTimeout(2_000);
  expect(asked).toEqual(["POST /__edit/api/save"]);
});

test("adds a service: its page exists at once, and it is in the explorer and, once listed there, the services carousel", async ({ page }) => {
  await openEditor(page, "site-config/collections/services.json");
  await page.getByRole("button", { name: "Add an entry" }).click();
  await page.locator("#field_id").fill("quantum-computing");
  await page.locator("#field_name").fill("Quantum Computing");
  await expect(canvas(page).locator("main h1")).toContainText("Quantum Computing");
  const started = await serverInstance(page);
  await save(page);
  const services = JSON.parse(read("site-config/collections/services.json")).items as { id: string }[];
  expect(services.at(-1)!.id).toBe("quantum-computing");
  // A new address: the dev server answers it at once, without a restart (which would reload the builder).
  await expect
    .poll(async () => (await page.request.get("/services/quantum-computing.data?_routes=routes%2Fservice").catch(() => null))?.status(), { timeout: 15_000 })
    .toBe(200);
  expect(await serverInstance(page)).toBe(started);

  // The home page's carousel names its services: add the new one with the entry picker.
  await page.getByRole("button", { name: "/", exact: true }).click();
  await expect(saveButton(page)).toHaveText("Saved");
  await row(page, "we provide best service")
    .getByRole("button", { name: /^we provide best service/ })
    .click();
  const list = page.locator("fieldset#field_services");
  await list.getByRole("button", { name: "Add" }).last().click();
  await list.locator("select").last().selectOption("quantum-computing");
  await save(page);

  await page.goto("/services/quantum-computing");
  await expect(page.locator("main h1").first()).toContainText("Quantum Computing");
  await page.goto("/");
  await expect(page.locator('main > [data-section="service-explorer"]')).toContainText("Quantum Computing");
  await expect(page.locator('main > [data-section="services-carousel"]')).toContainText("Quantum Computing");
  expect(await serverInstance(page)).toBe(started);
});

test("an emptied required field: its message under the field and on the section in the outline, and Save refused", async ({ page }) => {
  const before = read(HOME);
  await openEditor(page);
  await page.getByLabel(/^Heading/).fill("");
  const field = page.locator(".form-group").filter({ has: page.getByLabel(/^Heading/) });
  await expect(field.locator(".error-detail")).toContainText(/required|must/i);
  await expect(row(page, "Hero")).toContainText("1 error");
  await page.keyboard.press("Control+s");
  await expect(status(page)).toContainText("Not saved");
  await saveButton(page).click();
  await expect(status(page)).toContainText("Not saved");
  expect(read(HOME)).toBe(before);
});

test("a file changed on disk while open: the builder shows what changed there beside the edits, refuses to save over it, and merges both", async ({ page }) => {
  await openEditor(page);
  await page.getByLabel(/^Heading/).fill("Edited in the builder");
  const byHand = read(HOME).replace('"Explore Our Offering"', '"Explore What We Offer"');
  writeFileSync(join(root, HOME), byHand);
  const alert = page.getByRole("alert").filter({ hasText: "changed on disk" });
  await expect(alert).toContainText("Section 3 (Service explorer): Heading changed from “Explore Our Offering” to “Explore What We Offer”");
  await expect(alert).toContainText("Section 1 (Hero): Heading changed from");
  await saveButton(page).click();
  await expect(status(page)).toContainText("Not saved");
  expect(read(HOME)).toBe(byHand);
  await alert.getByRole("button", { name: "Keep both (merge)" }).click();
  await expect(alert).toBeHidden();
  await expect(row(page, "Explore What We Offer")).toBeVisible();
  await expect(page.getByLabel(/^Heading/)).toHaveValue("Edited in the builder");
  await save(page);
  const saved = JSON.parse(read(HOME)) as { sections: { headline?: string; heading?: string }[] };
  expect([saved.sections[0]!.headline, saved.sections[2]!.heading]).toEqual(["Edited in the builder", "Explore What We Offer"]);
});

test("the write endpoints refuse paths outside site-config/ and public/media/, symlinks out, non-JSON and non-images", async ({ page, request }) => {
  await openEditor(page);
  const headers = { "x-site-editor": "1", "content-type": "application/json" };
  const { hash } = (await (await request.get(`/__edit/api/file?path=${HOME}`)).json()) as { hash: string };
  for (const path of ["../package.json", "site-config/../package.json", "package.json", "/etc/passwd", "site-config/pages/home.txt"]) {
    const res = await request.post("/__edit/api/save", { headers, data: { path, value: {}, hash } });
    expect(res.status(), path).toBeGreaterThanOrEqual(400);
    expect(res.status(), path).toBeLessThan(500);
  }
  // A link inside site-config/ to a file outside it (not in pages/: a new page would restart the server).
  writeFileSync(join(root, "package-outside.json"), "{}\n");
  symlinkSync(join(root, "package-outside.json"), join(root, "site-config", "outside.json"));
  const viaLink = await request.post("/__edit/api/save", { headers, data: { path: "site-config/outside.json", value: { a: 1 }, hash } });
  expect(viaLink.status()).toBe(403);
  expect(read("package-outside.json")).toBe("{}\n");
  // Without the editor's header (another site posting a form, say): refused.
  expect((await request.post("/__edit/api/save", { headers: { "content-type": "application/json" }, data: { path: HOME, value: {}, hash } })).status()).toBe(
    403,
  );
  // A "picture" that is not one, by its content whatever its name.
  const fake = await request.post("/__edit/api/upload", {
    headers: { "x-site-editor": "1", "x-file-name": "photo.png", "content-type": "application/octet-stream" },
    data: Buffer.from("#!/bin/sh\necho hi\n"),
  });
  expect(fake.status()).toBe(415);
  expect(git("status", "--porcelain", "--", "public")).toBe("");
  // A real one is stored under public/media/.
  const png = readFileSync(join(repo, "public", "favicon.svg"));
  const real = await request.post("/__edit/api/upload", {
    headers: { "x-site-editor": "1", "x-file-name": "Our Logo.svg", "content-type": "application/octet-stream" },
    data: png,
  });
  expect(real.status()).toBe(200);
  expect(((await real.json()) as { src: string }).src).toBe("/media/our-logo.svg");
});

test("pictures in the canvas are the site's copies, made on request, even for a photo uploaded a moment ago", async ({ page, request }) => {
  await openEditor(page);
  // The hero's poster, as the site shows it: the AVIF copy the width calls for, decoded.
  const poster = canvas(page).locator('[data-section="hero"] img').first();
  await expect(poster).toHaveJSProperty("complete", true);
  expect(
    await poster.evaluate((img: HTMLImageElement) => [/\/assets\/img\/hero-poster\.[\w-]+\.\d+\.avif$/.test(img.currentSrc), img.naturalWidth > 0]),
  ).toEqual([true, true]);
  // A photo from a camera, uploaded, then put in the hero: the check that feeds the canvas knows its size, and its copies are made.
  const jpeg = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: "#3b6e8f" } })
    .jpeg()
    .toBuffer();
  const upload = await request.post("/__edit/api/upload", {
    headers: { "x-site-editor": "1", "x-file-name": "Team photo.jpg", "content-type": "application/octet-stream" },
    data: jpeg,
  });
  expect(upload.status()).toBe(200);
  const { src } = (await upload.json()) as { src: string };
  const home = JSON.parse(read(HOME)) as { sections: { type: string; video?: { poster: { src: string } } }[] };
  const hero = home.sections.find((s) => s.type === "hero")!;
  hero.video!.poster.src = src;
  const check = await request.post("/__edit/api/check", {
    headers: { "x-site-editor": "1", "content-type": "application/json" },
    data: { path: HOME, value: home, preview: "/" },
  });
  const { page: preview } = (await check.json()) as { page: { images: Record<string, { width: number; height: number; raster: boolean; hash: string }> } };
  expect(preview.images[src]).toMatchObject({ width: 2400, height: 1600, raster: true });
  const copy = await request.get(`/assets/img/team-photo.${preview.images[src]!.hash}.640.avif`);
  expect(copy.status()).toBe(200);
  expect(copy.headers()["content-type"]).toBe("image/avif");
  expect(await sharp(await copy.body()).metadata()).toMatchObject({ width: 640, height: 427 });
});

test("axe finds no WCAG 2.1 AA violation in the editor, with the library and the changes open too", async ({ page }) => {
  await openEditor(page);
  const axe = () => new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).exclude("iframe").analyze();
  expect((await axe()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  await page.getByRole("button", { name: /^Add a section/ }).click();
  await expect(page.getByRole("dialog", { name: "Add a section" })).toBeVisible();
  expect((await axe()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Changes" }).click();
  await expect(page.getByRole("dialog", { name: /Changes since/ })).toContainText("No content file has changed");
  expect((await axe()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
});

/** Presses Tab until `target` has focus (at most `limit` times). */
async function tabTo(page: Page, target: Locator, limit = 250) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("Tab never reached the element");
}

test("by keyboard alone: select, move, insert from the library, edit, undo, save, see and discard the changes", async ({ page }) => {
  await openEditor(page);
  await page.locator("body").focus();
  const testimonials = row(page, "people say about us").getByRole("button", { name: /^people say about us/ });
  await tabTo(page, testimonials);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: /people say about us \(5 of 8/ })).toBeVisible();
  await page.keyboard.press("Alt+ArrowUp");
  await expect(page.locator("[data-outline-item]").nth(3)).toContainText("people say about us");
  await tabTo(page, page.getByRole("button", { name: /^Add a section after section 4/ }));
  await page.keyboard.press("Enter");
  await tabTo(page, page.getByRole("button", { name: /^Call to action/ }));
  await page.keyboard.press("Enter");
  await expect(page.locator("[data-outline-item]").nth(4)).toContainText("Call to action");
  await tabTo(page, page.getByLabel(/^Heading/));
  await page.keyboard.type(" now");
  await page.keyboard.press("Control+z");
  await expect(page.getByLabel(/^Heading/)).not.toHaveValue(/ now$/);
  await page.keyboard.press("Control+Shift+z");
  await expect(page.getByLabel(/^Heading/)).toHaveValue(/ now$/);
  await page.keyboard.press("Control+s");
  await expect(saveButton(page)).toHaveText("Saved");
  const saved = JSON.parse(read(HOME)) as { sections: { type: string; heading?: string }[] };
  expect(saved.sections.map(kindOf).slice(3, 5)).toEqual(["testimonials-carousel", "call-to-action"]);
  expect(saved.sections[4]!.heading).toMatch(/ now$/);

  await tabTo(page, page.getByRole("button", { name: "Changes" }));
  await page.keyboard.press("Enter");
  const changes = page.getByRole("dialog", { name: /Changes since/ });
  await expect(changes).toContainText(HOME);
  await expect(changes).toContainText("Section 5 (Call to action) added");
  await expect(changes).toContainText("moved from 5 to 4");
  page.once("dialog", (d) => void d.accept());
  await tabTo(page, changes.getByRole("button", { name: "Discard saved changes" }));
  await page.keyboard.press("Enter");
  await expect(changes).toContainText("No content file has changed");
  expect(git("status", "--porcelain")).toBe("");
});
