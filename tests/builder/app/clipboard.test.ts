/** Sections on the clipboard: the text a copy writes, what a paste reads from it, and the refusals before the site's checks. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { clipboardText, sectionsIn, twiceOnPage } from "../../../builder/app/outline/clipboard";

const root = join(import.meta.dirname, "..", "..", "..");
const home = readFileSync(join(root, "site-config", "pages", "home.json"), "utf8");
const contactSchema = JSON.parse(readFileSync(join(root, "schemas", "sections", "contact.schema.json"), "utf8")) as { oncePerPage: string };
const schemas = { contact: contactSchema, hero: {} };
const types = new Set(["hero", "contact", "stats-band"]);

test("a copied section is the JSON a page file holds, two spaces deep, and reads back as itself", () => {
  const hero = { type: "hero", headline: "Software that ships" };
  const text = clipboardText([hero]);
  expect(text).toBe('{\n  "type": "hero",\n  "headline": "Software that ships"\n}');
  expect(sectionsIn(text, types)).toEqual({ sections: [hero] });
  expect(sectionsIn(clipboardText([hero, hero]), types)).toEqual({ sections: [hero, hero] });
});

/** The site's shared sections, name to kind (the home page places three). */
const shared = new Map(
  ["contact", "portfolio", "testimonials"].map((name) => [
    name,
    (JSON.parse(readFileSync(join(root, "site-config", "shared", `${name}.json`), "utf8")) as { section: { type: string } }).section.type,
  ]),
);

test("a section as selected in a text editor (with the comma before the next one) and a whole page file paste, placed shared sections too", () => {
  expect(sectionsIn('  { "type": "hero", "headline": "A" },\n', types)).toEqual({ sections: [{ type: "hero", headline: "A" }] });
  const page = JSON.parse(home) as { sections: { type?: string; shared?: string }[] };
  expect(page.sections.filter((s) => s.shared).length).toBe(3);
  const found = sectionsIn(home, new Set(page.sections.flatMap((s) => (s.type ? [s.type] : []))), shared);
  expect(found).toEqual({ sections: page.sections });
  expect(sectionsIn('{ "shared": "contact", "heading": "Talk to us" }', types, shared)).toEqual({ sections: [{ shared: "contact", heading: "Talk to us" }] });
  expect(sectionsIn('{ "shared": "newsletter" }', types, shared)).toEqual({
    problem: 'There is no shared section "newsletter" on this site (site-config/shared/): nothing was pasted.',
  });
});

test("text that is no section, or a kind of section the site lacks, is refused in plain words", () => {
  for (const text of ["Hello", "{}", "[]", '{"headline": "no type"}', "[1, 2]"]) {
    expect(sectionsIn(text, types)).toEqual({ problem: expect.stringMatching(/^The clipboard holds no section: copy one in the builder/) });
  }
  expect(sectionsIn('{"type": "carousel-3d"}', types)).toEqual({ problem: '"carousel-3d" is not a kind of section this site has: nothing was pasted.' });
});

test("a section the schema allows once per page is refused where the page has one, with the schema's reason", () => {
  const page = [{ type: "hero" }, { type: "contact" }];
  expect(twiceOnPage(page, [{ type: "contact" }], schemas)).toBe(
    `A Contact section can be placed only once on a page, and this page already has one (section 2): nothing was pasted. ${contactSchema.oncePerPage}`,
  );
  expect(twiceOnPage([{ type: "hero" }], [{ type: "contact" }, { type: "contact" }], schemas)).toMatch(/and the paste has two: nothing was pasted/);
  expect(twiceOnPage([{ type: "hero" }], [{ type: "contact" }], schemas)).toBeNull();
  expect(twiceOnPage(page, [{ type: "hero" }], schemas)).toBeNull();
  // A placed shared contact section is a contact section, on the page or in the paste.
  expect(twiceOnPage(page, [{ shared: "contact" }], schemas, shared)).toMatch(/this page already has one \(section 2\)/);
  expect(twiceOnPage([{ shared: "contact" }], [{ type: "contact" }], schemas, shared)).toMatch(/this page already has one \(section 1\)/);
});
