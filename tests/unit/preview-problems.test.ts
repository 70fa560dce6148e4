// @vitest-environment node
/**
 * Every problem `npm run validate` reports reaches the open preview (npm run dev): each line is in
 * an error card, above the page it is in, or above every page when it is in a file every page
 * depends on (or in a page file that is no page). Checked here on the data the route loaders hand
 * to the page, for mistakes of every kind; tests/e2e/content-mistakes.editor.spec.ts checks some
 * of them in a browser.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { shareCheckedSite } from "@/content/dev-cache";
import { formatProblem } from "@/content/problems";
import { checkSite } from "@/content/site";
import { type PageData, pageDataAt, servicePageData } from "@/content/site.server";
import { copySite, replaceOnce, type SiteCopy } from "../helpers/site-copy";

let site: SiteCopy | undefined;
const before = process.env.SITE_ROOT;
afterEach(() => {
  site?.remove();
  site = undefined;
  if (before === undefined) delete process.env.SITE_ROOT;
  else process.env.SITE_ROOT = before;
});

/** Every line a page's preview shows: its cards, the lists above it, its warnings. */
const shown = (page: PageData) => [
  ...(page.siteProblems ?? []),
  ...page.pageProblems,
  ...(page.warnings ?? []),
  ...page.slots.flatMap((slot) => (slot.ok ? [] : slot.problems)),
];

/** What validate reports after `edit`, and what the preview of every route shows, as the dev server reads it. */
async function reportAndPreview(edit: (s: SiteCopy) => void) {
  site = copySite();
  edit(site);
  process.env.SITE_ROOT = site.root;
  const result = await checkSite(site.root);
  // The dev server's loaders read what the content plugin last checked.
  shareCheckedSite(site.root, result, 1);
  const routes = [...result.routes, ...result.draftRoutes];
  const pages = await Promise.all(
    routes.map((path) => (path.startsWith("/services/") ? servicePageData(path.slice("/services/".length)) : pageDataAt(path)).then((p) => [path, p] as const)),
  );
  return { reported: result.problems.map(formatProblem), previews: new Map(pages) };
}

const mistakes: [string, (s: SiteCopy) => void][] = [
  [
    "a duplicated key inside a section",
    (s) => s.edit("pages/home.json", replaceOnce('"readMoreLabel": "Read More"', '"readMoreLabel": "Read More",\n      "heading": "Twice"')),
  ],
  [
    "a duplicated key inside a section of the service template",
    (s) => s.edit("templates/service.json", (t) => t.replace(/("type": "service-detail",)/, '$1\n      "type": "service-detail",')),
  ],
  ["a duplicated key at a page's top level", (s) => s.edit("pages/about-us.json", replaceOnce('"sections": [', '"title": "About Us again",\n  "sections": ['))],
  ["a duplicated key in settings", (s) => s.edit("settings.json", replaceOnce('"email": ', '"email": "a@b.in",\n  "email": '))],
  ["a page file named with capitals and a space", (s) => s.write("pages/About Us.json", s.read("pages/about-us.json"))],
  [
    "a page file in a folder",
    (s) => {
      mkdirSync(join(s.root, "site-config", "pages", "services"));
      s.write("pages/services/web-development.json", s.read("pages/thank-you.json"));
    },
  ],
  ["a page file at a reserved address", (s) => s.write("pages/send-email.json", s.read("pages/thank-you.json"))],
  ["a deleted page file that others link to", (s) => rmSync(join(s.root, "site-config", "pages", "contact-us.json"))],
  [
    "a file saved as Latin-1",
    (s) =>
      writeFileSync(
        join(s.root, "site-config", "pages", "about-us.json"),
        Buffer.from(s.read("pages/about-us.json").replace("Who Are We?", "Qui êtes-vous ?"), "latin1"),
      ),
  ],
  ["an empty collection file", (s) => s.write("collections/testimonials.json", "")],
  ["an e-mail with mailto:", (s) => s.edit("settings.json", replaceOnce('"email": "', '"email": "mailto:'))],
  [
    "a second contact section",
    (s) =>
      s.edit(
        "pages/contact-us.json",
        replaceOnce('"sections": [', '"sections": [\n    { "type": "contact", "kicker": "k", "heading": "Second form", "pitch": "p", "formTitle": "f" },'),
      ),
  ],
  ["a word longer than a phone's line (a warning)", (s) => s.edit("pages/about-us.json", replaceOnce("Who Are We?", `Who ${"A".repeat(60)}?`))],
  [
    "an entry no page shows (a warning in a collection)",
    // The shared testimonials (on the home and about pages) show one entry.
    (s) =>
      s.edit(
        "shared/testimonials.json",
        replaceOnce('"heading": "people say about us"', '"heading": "people say about us", "testimonials": ["ananya-kulkarni"]'),
      ),
  ],
];

describe("every problem validate reports is in the preview", () => {
  it.each(mistakes)("%s", async (_name, edit) => {
    const { reported, previews } = await reportAndPreview(edit);
    expect(reported.length, "the mistake is reported").toBeGreaterThan(0);
    const everywhere = new Set([...previews.values()].flatMap(shown));
    expect(reported.filter((line) => !everywhere.has(line))).toEqual([]);
  });

  it("a service page shows the errors of the service template, in the card of the section they are in", async () => {
    const { reported, previews } = await reportAndPreview((s) =>
      s.edit("templates/service.json", (t) => t.replace(/("type": "service-detail",)/, '$1\n      "type": "service-detail",')),
    );
    expect(reported).toHaveLength(1);
    const service = previews.get("/services/web-development");
    expect(service?.slots.flatMap((slot) => (slot.ok ? [] : slot.problems))).toEqual(reported);
  });

  it("a problem in a page file that is no page is above every page; a page's own only above it", async () => {
    const { reported, previews } = await reportAndPreview((s) => {
      s.write("pages/About Us.json", s.read("pages/about-us.json"));
      s.edit("pages/thank-you.json", replaceOnce('"heading": "Thank You"', '"heading": ""'));
    });
    const [misnamed, own] = [reported.find((l) => l.includes("About Us.json")), reported.find((l) => l.includes("thank-you.json"))];
    for (const [path, page] of previews) {
      expect(page.siteProblems, path).toContain(misnamed);
      expect(shown(page).includes(own as string), path).toBe(path === "/thank-you");
    }
  });
});
