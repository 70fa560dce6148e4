/**
 * The preview survives every content mistake: `react-router dev` over a Git copy of the content
 * (tests/e2e/dev-server.ts --editor), one mistake per test in a different file. The server stays
 * up, `/` and a service page answer 200 with error cards (never a framework error page), and once
 * the file is put back both pages render as before, with no restart by hand.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { loadSite } from "../../src/content/site.ts";
import { formatProblem } from "../../src/content/problems.ts";
import { devRoot } from "./dev-fixture";

const root = devRoot(Number(process.env.E2E_EDITOR_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 200));
const git = (...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8" });
const SERVICE = "/services/web-development";

/** Replaces the first `from` in a file of the copy (the test fails if it is not there). */
function edit(file: string, from: string, to: string) {
  const path = join(root, file);
  const text = readFileSync(path, "utf8");
  expect(text, `${file} holds ${from}`).toContain(from);
  writeFileSync(path, text.replace(from, to));
}

/** Which dev server instance answers (a restart makes a new one). */
async function serverInstance(page: Page): Promise<string> {
  const res = await page.request.get("/__edit/api/state");
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { server: string }).server;
}

const cards = (page: Page) => page.locator('main > [data-section="error"]');
const shownSections = (page: Page) => page.locator('main > [data-section]:not([data-section="error"])');

/** The HTML the dev server answers for `path` (200, never a framework error page). */
async function html(page: Page, path: string): Promise<string> {
  const res = await page.request.get(path);
  expect(res.status(), `${path} answers 200`).toBe(200);
  const text = await res.text();
  expect(text).not.toContain("Unexpected Application Error");
  return text;
}

/** `path` answers with an error card titled `title` that names `file`. */
async function expectCard(page: Page, path: string, title: string, file: string) {
  await expect(async () => {
    const text = await html(page, path);
    expect(text).toContain(title);
    expect(text).toContain(`${file}:`);
  }).toPass({ timeout: 20_000 });
}

/** `path` answers with its sections and no error card. */
async function expectNormal(page: Page, path: string) {
  await expect(async () => {
    const text = await html(page, path);
    expect(text).not.toContain('data-section="error"');
    expect(text).toMatch(/data-section="(?!error")/);
  }).toPass({ timeout: 30_000 });
}

test.beforeEach(async ({ page }) => {
  git("checkout", "-q", "--", ".");
  git("clean", "-fdq");
  await expectNormal(page, "/");
  await expectNormal(page, SERVICE);
  // As an author works: the home page is open in the browser before the mistake, its code loaded.
  await page.goto("/", { waitUntil: "networkidle" });
});

const NOTHING = "This page cannot be shown until these content errors are fixed";
const SHARED = "The site has content errors";
const OWN = "This page has content errors";

const mistakes: { name: string; file: string; from: string; to: string; home: string; service: string }[] = [
  // Which services exist is unknown while the file does not parse: once fixed, the server takes them again (no restart).
  {
    name: "a missing comma in services.json",
    file: "site-config/collections/services.json",
    from: '",\n      "name"',
    to: '"\n      "name"',
    home: NOTHING,
    service: NOTHING,
  },
  {
    name: "a number in settings.json where text is expected",
    file: "site-config/settings.json",
    from: '"value": "50+"',
    to: '"value": 50',
    home: NOTHING,
    service: NOTHING,
  },
  {
    name: "an id with a space in a collection",
    file: "site-config/collections/industries.json",
    from: '"id": "healthcare"',
    to: '"id": "health care"',
    home: NOTHING,
    service: NOTHING,
  },
  {
    name: "a missing image in a collection",
    file: "site-config/collections/industries.json",
    from: "/media/industries/healthcare.svg",
    to: "/media/industries/helthcare.svg",
    home: SHARED,
    service: SHARED,
  },
  {
    name: "a broken templates/service.json",
    file: "site-config/templates/service.json",
    from: '"sections": [',
    to: '"sections": [,',
    home: SHARED,
    service: OWN,
  },
  { name: "a syntax error in a page", file: "site-config/pages/home.json", from: '"title":', to: '"title"', home: OWN, service: "" },
];

for (const m of mistakes) {
  test(`${m.name}: the dev server stays up, the pages show what is wrong, and come back once it is fixed`, async ({ page }) => {
    const instance = await serverInstance(page);
    edit(m.file, m.from, m.to);
    // The open page reloads by itself and shows what is wrong.
    await expect(cards(page).filter({ hasText: m.home })).toContainText(`${m.file}:`, { timeout: 20_000 });
    // Beside a shared file's errors the home page's sections still show; beside its own syntax error, none can.
    await expect(shownSections(page)).toHaveCount(m.home === SHARED ? 8 : 0);
    await expectCard(page, "/", m.home, m.file);
    if (m.service) await expectCard(page, SERVICE, m.service, m.file);
    else await expectNormal(page, SERVICE);

    git("checkout", "-q", "--", m.file);
    // Once fixed, the open page reloads by itself and is whole again.
    await expect(cards(page)).toHaveCount(0, { timeout: 30_000 });
    await expect(shownSections(page)).toHaveCount(8);
    await expectNormal(page, "/");
    await expectNormal(page, SERVICE);
    expect(await serverInstance(page), "no restart").toBe(instance);
  });
}

// Mistakes that only the terminal used to show: the open page now shows them too, and drops them once fixed.
test("a key written twice inside a section: that section becomes an error card naming the line, the others still show", async ({ page }) => {
  const instance = await serverInstance(page);
  edit("site-config/pages/home.json", '"readMoreLabel": "Read More"', '"readMoreLabel": "Read More",\n      "readMoreLabel": "Read more"');
  const card = cards(page).filter({ hasText: "Section 3 (service-explorer) cannot be shown" });
  await expect(card).toContainText(
    /site-config\/pages\/home\.json:\d+:\d+ {2}section 3 \(service-explorer\) > readMoreLabel {2}field "readMoreLabel" appears twice/,
    {
      timeout: 20_000,
    },
  );
  await expect(shownSections(page)).toHaveCount(7);
  await expectNormal(page, SERVICE);
  git("checkout", "-q", "--", "site-config/pages/home.json");
  await expect(cards(page)).toHaveCount(0, { timeout: 30_000 });
  await expect(shownSections(page)).toHaveCount(8);
  expect(await serverInstance(page), "no restart").toBe(instance);
});

// Issue 53's mistakes: the open page shows, on its card, exactly the lines npm run validate prints for them.
const sameWords: { name: string; file: string; from: string; to: string; title: string; sections: number; says: string }[] = [
  {
    name: "an HTML tag typed into the hero's headline",
    file: "site-config/pages/home.json",
    from: "Reality with",
    to: "Reality<br>with",
    title: "Section 1 (hero) cannot be shown",
    sections: 7,
    says: '"<br>" is an HTML tag: texts are shown as written, so visitors would see "<br>". Replace "<br>" with a space',
  },
  {
    name: "a YouTube link as the hero's video",
    file: "site-config/pages/home.json",
    from: '"/media/hero.webm"',
    to: '"https://www.youtube.com/watch?v=dQw4w9WgXcQ"',
    title: "Section 1 (hero) cannot be shown",
    sections: 7,
    says: "is a YouTube link, not a video file. Only files under public/ can be used here",
  },
  {
    name: "Enter pressed inside a text",
    file: "site-config/pages/home.json",
    from: "Reality with",
    to: "Reality\n    with",
    title: OWN,
    sections: 0,
    says: "the text is split over two lines. Join lines 8 and 9 into one",
  },
  {
    name: "a non-breaking space pasted after a colon",
    file: "site-config/settings.json",
    from: '"email": "',
    to: '"email":\u00a0"',
    title: NOTHING,
    sections: 0,
    says: "a non-breaking space (U+00A0) where a value was expected",
  },
];

for (const m of sameWords) {
  test(`${m.name}: the open page's card shows the words npm run validate prints, and goes once it is fixed`, async ({ page }) => {
    const instance = await serverInstance(page);
    edit(m.file, m.from, m.to);
    const printed = loadSite(root).problems.map(formatProblem);
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain(m.says);
    const card = cards(page).filter({ hasText: m.title });
    await expect(card.getByRole("listitem")).toHaveText(printed, { timeout: 20_000 });
    await expect(shownSections(page)).toHaveCount(m.sections);
    git("checkout", "-q", "--", m.file);
    await expect(cards(page)).toHaveCount(0, { timeout: 30_000 });
    await expect(shownSections(page)).toHaveCount(8);
    expect(await serverInstance(page), "no restart").toBe(instance);
  });
}

const misplaced: { name: string; file: string; message: RegExp }[] = [
  { name: "a page file named with capitals and a space", file: "site-config/pages/About Us.json", message: /"About Us\.json" cannot be a page's file name/ },
  { name: "a page file in a folder", file: "site-config/pages/services/web-development.json", message: /page files cannot be in a folder/ },
  { name: "a page file at the server's own address", file: "site-config/pages/send-email.json", message: /the address \/send-email is taken/ },
];

for (const m of misplaced) {
  test(`${m.name}: every open page lists it above its sections, until the file is removed`, async ({ page }) => {
    const instance = await serverInstance(page);
    mkdirSync(join(root, m.file, ".."), { recursive: true });
    writeFileSync(join(root, m.file), readFileSync(join(root, "site-config", "pages", "thank-you.json")));
    const card = cards(page).filter({ hasText: SHARED });
    await expect(card).toContainText(`${m.file}:1:1`, { timeout: 20_000 });
    await expect(card).toContainText(m.message);
    // Nothing else is wrong: the page shows all its sections under the list.
    await expect(shownSections(page)).toHaveCount(8);
    await expectCard(page, SERVICE, SHARED, m.file);
    rmSync(join(root, m.file));
    await expect(cards(page)).toHaveCount(0, { timeout: 30_000 });
    expect(await serverInstance(page), "no restart").toBe(instance);
  });
}

// The site's shared contact section (issue 51), placed on the home page by name: a mistake in its file is an error
// card there, naming the shared file, with the page's other sections shown; fixed, the page is whole again.
test("a mistake in a shared section: the page that places it shows an error card naming the shared file, and recovers", async ({ page }) => {
  const instance = await serverInstance(page);
  await expectNormal(page, "/");

  edit("site-config/shared/contact.json", '"formTitle"', '"formTitel"');
  const card = cards(page).filter({ hasText: "Section 8 (contact) cannot be shown" });
  await expect(card).toContainText('site-config/shared/contact.json:8:5  section  unknown field "formTitel"', { timeout: 20_000 });
  await expect(shownSections(page)).toHaveCount(7);
  edit("site-config/shared/contact.json", '"formTitel"', '"formTitle"');
  await expect(cards(page)).toHaveCount(0, { timeout: 30_000 });
  await expect(shownSections(page)).toHaveCount(8);
  expect(await serverInstance(page), "no restart").toBe(instance);
});
