import { describe, expect, test } from "vitest";
import { describeChanges, quote, quotePair } from "../../../builder/shared/describe";
import { placedAs } from "../../../builder/shared/kinds";

const heroSchema = {
  type: "object",
  properties: { headline: { title: "Heading", type: "string" }, cta: { $ref: "#/definitions/link", title: "Button" } },
  definitions: { link: { title: "Link", type: "object", properties: { label: { title: "Label", type: "string" } } } },
};
const pageSchema = {
  type: "object",
  properties: { title: { title: "Title", type: "string" }, noindex: { title: "Hide from search engines", type: "boolean" } },
};
const options = { listKey: "sections", schema: pageSchema, entrySchema: () => heroSchema };

const hero = { type: "hero", headline: "Welcome", cta: { label: "Go", href: "/" } };
const stats = { type: "stats-band" };
const quotes = { type: "testimonials-carousel", heading: "people say about us" };

describe("describeChanges", () => {
  test("a field of a section, named by the schema's titles", () => {
    expect(describeChanges({ sections: [hero] }, { sections: [{ ...hero, cta: { label: "Start", href: "/" } }] }, options)).toEqual([
      "Section 1 (Hero): Button > Label changed from “Go” to “Start”",
    ]);
  });
  test("added, removed and moved sections", () => {
    expect(describeChanges({ sections: [hero, stats, quotes] }, { sections: [hero, quotes, { type: "call-to-action" }] }, options)).toEqual([
      "Section 2 (Stats band) removed",
      "Section 3 (Call to action) added",
    ]);
    expect(describeChanges({ sections: [hero, stats, quotes] }, { sections: [hero, quotes, stats] }, options)).toEqual([
      "people say about us (Testimonials carousel) moved from 3 to 2",
    ]);
  });
  test("the page's own fields", () => {
    expect(describeChanges({ title: "Old", sections: [] }, { title: "New", noindex: true, sections: [] }, options)).toEqual([
      "Title changed from “Old” to “New”",
      "Hide from search engines set to on",
    ]);
  });
  test("many changes to one section are counted", () => {
    const schema = { type: "object", properties: {} };
    const before = { sections: [{ type: "text-block", a: "1", b: "1", c: "1", d: "1", e: "1" }] };
    const after = { sections: [{ type: "text-block", a: "2", b: "2", c: "2", d: "2", e: "2" }] };
    expect(describeChanges(before, after, { listKey: "sections", entrySchema: () => schema })).toEqual([
      "Section 1 (Text block): A changed from “1” to “2”; B changed from “1” to “2”; C changed from “1” to “2”; and 2 more changes",
    ]);
  });
  test("long texts are cut", () => {
    expect(quote("x".repeat(80))).toBe(`“${"x".repeat(59)}…”`);
  });
  test("a long text changed near its end is quoted where it changed, the same window for both", () => {
    const text = (end: string) => `AI, web, mobile, data, cloud and security services for companies in India and abroad, with DevOps and ${end}`;
    const [from, to] = quotePair(text("QA"), text("testing"));
    expect(from).toBe("“…abroad, with DevOps and QA”");
    expect(to).toBe("“…abroad, with DevOps and testing”");
    expect(describeChanges({ sections: [{ ...hero, headline: text("QA") }] }, { sections: [{ ...hero, headline: text("testing") }] }, options)).toEqual([
      "Section 1 (Hero): Heading changed from “…abroad, with DevOps and QA” to “…abroad, with DevOps and testing”",
    ]);
    // A change at the start keeps the start, cut at the end.
    expect(quotePair(`Old ${"x".repeat(80)}`, `New ${"x".repeat(80)}`)).toEqual([`“Old ${"x".repeat(55)}…”`, `“New ${"x".repeat(55)}…”`]);
  });
});

test("a section moved up past an inserted one is the one named as moved", () => {
  const s = (type: string, heading?: string) => ({ type, ...(heading && { heading }) });
  const before = { sections: [s("hero"), s("stats-band"), s("a"), s("industries-grid", "Industries"), s("testimonials-carousel", "people say"), s("z")] };
  const after = {
    sections: [s("hero"), s("stats-band"), s("a"), s("testimonials-carousel", "people say"), s("call-to-action"), s("industries-grid", "Industries"), s("z")],
  };
  expect(describeChanges(before, after, { listKey: "sections" })).toEqual([
    "people say (Testimonials carousel) moved from 5 to 4",
    "Section 5 (Call to action) added",
  ]);
});

/** The builder's resolution of placed shared sections (kinds.ts), with a section schema whose heading is titled. */
const describeOptionsFor = (shared: Parameters<typeof placedAs>[1]) => ({
  entrySchema: () => ({ type: "object", properties: { heading: { title: "Heading", type: "string" } } }),
  placed: (entry: Parameters<typeof placedAs>[0]) => placedAs(entry, shared),
});

test("a placed shared section is named by what it shows, its kind and its shared name; a field of its own by the section's schema", () => {
  const shared = [{ name: "testimonials", file: "site-config/shared/testimonials.json", section: quotes, placedIn: ["/"] }];
  const placed = { shared: "testimonials" };
  const page = { listKey: "sections", ...describeOptionsFor(shared) };
  expect(describeChanges({ sections: [hero, stats, placed] }, { sections: [hero, placed, stats] }, page)).toEqual([
    'people say about us (Testimonials carousel, shared "testimonials") moved from 3 to 2',
  ]);
  expect(describeChanges({ sections: [hero, placed] }, { sections: [hero, { ...placed, heading: "What clients say" }] }, page)).toEqual([
    'Section 2 (Testimonials carousel, shared "testimonials"): Heading changed from “people say about us” to “What clients say”',
  ]);
  expect(describeChanges({ sections: [hero] }, { sections: [hero, placed] }, page)).toEqual(['Section 2 (Testimonials carousel, shared "testimonials") added']);
});
