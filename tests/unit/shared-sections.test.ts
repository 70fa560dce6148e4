/**
 * Shared sections (issue 51): a section stored once in site-config/shared/ and placed on pages by
 * name renders exactly as the copies it replaces, and each mistake in placing one is reported with
 * its exact words, file, line and column. Small copies of the real content, as in content-errors.test.ts.
 */
import { afterEach, describe, expect, it } from "vitest";
import { loadSite, type SiteResult } from "@/content/site";
import { formatProblem } from "@/content/problems";
import { inlineShared, place, sharedFile } from "../helpers/shared-copies";
import { copySite, type SiteCopy } from "../helpers/site-copy";

let site: SiteCopy | undefined;
afterEach(() => site?.remove());

/** What each route renders: its title, description and resolved sections. */
const rendered = (result: SiteResult) =>
  [...(result.site?.pages ?? []), ...(result.site?.servicePages ?? [])].map(({ path, title, description, slots, pageProblems }) => ({
    path,
    title,
    description,
    slots,
    pageProblems,
  }));

const problems = (s: SiteCopy) => loadSite(s.root).problems.map(formatProblem);

describe("shared sections render as the copies they replace", () => {
  it("the site's contact section on four pages, testimonials on two, portfolio on three: every route's data as with the copies written in place, no problem", () => {
    site = copySite();
    const shared = loadSite(site.root);
    expect(shared.problems.map(formatProblem)).toEqual([]);
    expect(shared.shared.map((s) => [s.name, s.placedIn.length])).toEqual([
      ["contact", 4],
      ["portfolio", 3],
      ["testimonials", 2],
    ]);
    inlineShared(site);
    const copies = loadSite(site.root);
    expect(copies.problems.map(formatProblem)).toEqual([]);
    // Strictly: objects made as the parser makes them (no prototype), since the pages' data is serialized with it.
    expect(rendered(shared)).toStrictEqual(rendered(copies));
    expect(rendered(shared).length).toBe(29);
  });

  it("one edit of the shared file changes every page that shows it, and only where the page does not write its own", () => {
    site = copySite();
    site.edit("shared/testimonials.json", (t) => t.replace('"tone": "light"', '"tone": "dark"'));
    const pages = loadSite(site.root).site?.pages ?? [];
    const tone = (path: string) =>
      pages.find((p) => p.path === path)?.slots.flatMap((slot) => (slot.ok && slot.section.type === "testimonials-carousel" ? [slot.section.tone] : []));
    expect(tone("/")).toEqual(["dark"]);
    expect(tone("/about-us")).toEqual(["muted"]);
  });

  it("a shared section may place another with fields of its own (a dark variant of the contact section)", () => {
    site = copySite();
    site.write("shared/contact-dark.json", sharedFile({ shared: "contact", tone: "dark" }));
    place(site, "contact-us", "contact", { shared: "contact-dark" });
    const result = loadSite(site.root);
    expect(result.problems.map(formatProblem)).toEqual([]);
    const slot = result.site?.pages.find((p) => p.path === "/contact-us")?.slots[1];
    expect(slot?.ok && slot.section.type === "contact" && slot.section.tone).toBe("dark");
  });
});

describe("each mistake, in exact words, with file:line:column", () => {
  it("a name no shared section has: did you mean", () => {
    site = copySite();
    site.edit("pages/contact-us.json", (t) => t.replace('"shared": "contact"', '"shared": "contakt"'));
    expect(problems(site)).toEqual([
      'site-config/pages/contact-us.json:16:17  section 2 (contakt) > shared  there is no shared section "contakt". Did you mean "contact"?',
    ]);
    // The preview survives: that section is an error card saying so, the others show.
    const page = loadSite(site.root).site?.pages.find((p) => p.path === "/contact-us");
    expect(page?.slots.map((s) => s.ok)).toEqual([true, false, true]);
    expect(page?.slots[1]).toMatchObject({ ok: false, type: 'shared "contakt"', problems: [expect.stringContaining('there is no shared section "contakt"')] });
  });

  it("a name like none of them: the shared sections there are; none at all: how to add one", () => {
    site = copySite();
    site.edit("pages/contact-us.json", (t) => t.replace('"shared": "contact"', '"shared": "newsletter"'));
    expect(problems(site)).toEqual([
      'site-config/pages/contact-us.json:16:17  section 2 (newsletter) > shared  there is no shared section "newsletter". Shared sections: contact, portfolio, testimonials (the files in site-config/shared/).',
    ]);
    site.remove();
    site = copySite();
    inlineShared(site);
    place(site, "thank-you", "message", { shared: "thanks" });
    expect(problems(site)).toEqual([
      'site-config/pages/thank-you.json:7:17  section 1 (thanks) > shared  there is no shared section "thanks". Add site-config/shared/thanks.json with { "section": { "type": ... } }, or write the section here.',
    ]);
  });

  it("a field the shared section does not have, a field of the wrong type, and a changed type", () => {
    site = copySite();
    place(site, "about-us", "testimonials", { shared: "testimonials", tone: "muted", headng: "What clients say" });
    expect(problems(site)).toEqual([
      'site-config/pages/about-us.json:92:7  section 6 (testimonials) > headng  the shared section "testimonials" (a testimonials-carousel section) has no field "headng". Did you mean "heading"?',
    ]);
    site.edit("pages/about-us.json", (t) => t.replace('"headng": "What clients say"', '"heading": 42'));
    expect(problems(site)).toEqual([
      'site-config/pages/about-us.json:92:18  section 6 (testimonials) > heading  "heading" should be text in double quotes, not the number 42. Put it in double quotes: "42".',
    ]);
    site.edit("pages/about-us.json", (t) => t.replace('"heading": 42', '"type": "hero"'));
    expect(problems(site)).toEqual([
      'site-config/pages/about-us.json:92:7  section 6 (testimonials) > type  a shared section\'s type cannot be changed where it is placed ("testimonials" is a testimonials-carousel section). Remove "type" here, or write a section of its own instead of { "shared": "testimonials" }.',
    ]);
  });

  it("shared sections that place each other in a circle: where it closes, and an error card on the pages", () => {
    site = copySite();
    site.write("shared/contact.json", sharedFile({ shared: "contact-b" }));
    site.write("shared/contact-b.json", sharedFile({ shared: "contact", tone: "dark" }));
    expect(problems(site)).toEqual([
      'site-config/shared/contact.json:4:15  section > shared  shared sections place each other in a circle: contact-b → contact → contact-b. Write the section itself in one of them (with "type" and its fields) instead of { "shared": ... }.',
    ]);
    const home = loadSite(site.root).site?.pages.find((p) => p.path === "/");
    expect(home?.slots.at(-1)).toMatchObject({ ok: false, problems: [expect.stringContaining("in a circle")] });
  });

  it("a mistake inside a shared section is reported once, in its file, and each page that shows it has an error card naming it", () => {
    site = copySite();
    site.edit("shared/contact.json", (t) => t.replace('"formTitle"', '"formTitel"'));
    expect(problems(site)).toEqual(['site-config/shared/contact.json:8:5  section  unknown field "formTitel". Did you mean "formTitle"?']);
    const pages = loadSite(site.root).site?.pages ?? [];
    for (const path of ["/", "/contact-us", "/web-development", "/app-development"]) {
      const cards = pages.find((p) => p.path === path)?.slots.filter((s) => !s.ok) ?? [];
      expect(cards, path).toHaveLength(1);
      expect(cards[0]).toMatchObject({ type: "contact", problems: [expect.stringContaining("site-config/shared/contact.json:8:5")] });
    }
  });

  it("a shared section no page shows is a warning; a file that cannot be one says why", () => {
    site = copySite();
    site.write("shared/banner.json", sharedFile({ type: "stats-band", tone: "light" }));
    site.write("shared/Call To Action.json", sharedFile({ shared: "contact" }));
    site.write("shared/contact.json.txt", "{}");
    expect(problems(site)).toEqual([
      'site-config/shared/banner.json:1:1  (whole file)  warning: no page shows this shared section. Place it on a page with { "shared": "banner" } in its "sections", or delete the file.',
      'site-config/shared/Call To Action.json:1:1  (whole file)  "Call To Action.json" cannot be a shared section\'s file name: pages name it by its file name, in lower-case letters, digits and hyphens. Rename it to call-to-action.json (pages then write "shared": "call-to-action").',
      'site-config/shared/contact.json.txt:1:1  (whole file)  "contact.json.txt" is not read as a shared section: its name does not end in .json. Rename it to contact.json.',
    ]);
  });

  it("the page's own rules see the section in place: a second contact section through a shared one is an error", () => {
    site = copySite();
    site.edit("pages/contact-us.json", (t) => t.replace('"sections": [', '"sections": [\n    { "shared": "contact" },'));
    const lines = problems(site);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^site-config\/pages\/contact-us\.json:17:5 {2}section 3 \(contact\) {2}.*contact section/);
  });
});

describe("page templates: placeholders marked on a draft, refused on a published page", () => {
  /** A page made from the landing page template, as the builder's "New page" makes it. */
  const fromTemplate = (s: SiteCopy, status?: "draft") => {
    const template = JSON.parse(s.read("templates/landing-page.json")) as Record<string, unknown>;
    s.write(
      "pages/cloud-migration.json",
      `${JSON.stringify({ ...template, title: "Cloud Migration | Vistaar Technologies", ...(status ? { status } : {}) }, null, 2)}\n`,
    );
  };

  it("a draft: each placeholder left is a warning on its field", () => {
    site = copySite();
    fromTemplate(site, "draft");
    const lines = problems(site);
    expect(lines).toHaveLength(8);
    expect(lines[0]).toBe(
      "site-config/pages/cloud-migration.json:4:18  description  warning: the placeholder [[One or two sentences on what this page offers, shown under its title in search results]] is still to be filled. Write the page's own text in its place: the page cannot be published with it.",
    );
  });

  it("published: each placeholder left is an error, so the build stops; filled, none", () => {
    site = copySite();
    fromTemplate(site);
    const lines = problems(site).filter((l) => l.includes("placeholder"));
    expect(lines).toHaveLength(8);
    expect(lines[1]).toBe(
      'site-config/pages/cloud-migration.json:8:19  section 1 (hero) > headline  the placeholder [[Headline: what you offer, in a few words]] was left in a published page. Write the page\'s own text in its place, or make the page a draft again ("status": "draft") until it is written.',
    );
    site.edit("pages/cloud-migration.json", (t) => t.replace(/\[\[([^\]]+)\]\]/g, "Cloud work"));
    expect(problems(site).filter((l) => l.includes("placeholder"))).toEqual([]);
  });

  it("a mistake in a template is reported in the template's file; a misnamed one says why", () => {
    site = copySite();
    site.edit("templates/text-page.json", (t) => t.replace('"kicker"', '"kickr"'));
    site.write("templates/Careers Page.json", site.read("templates/text-page.json"));
    expect(problems(site)).toEqual([
      'site-config/templates/Careers Page.json:1:1  (whole file)  "Careers Page.json" cannot be a page template\'s file name: use lower-case letters, digits and hyphens. Rename it to careers-page.json.',
      'site-config/templates/text-page.json:18:7  section 2 (text-block)  unknown field "kickr". Did you mean "kicker"?',
    ]);
  });
});
