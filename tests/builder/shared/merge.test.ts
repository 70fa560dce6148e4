import { describe, expect, test } from "vitest";
import { align, merge3 } from "../../../builder/shared/merge";

const hero = { type: "hero", headline: "Welcome" };
const stats = { type: "stats-band", tone: "dark" };
const quotes = { type: "testimonials-carousel", heading: "People say" };
const cta = { type: "call-to-action", heading: "Talk to us" };
type J = import("../../../src/content/json-source").JsonValue;
const page = (sections: J[], extra: { [k: string]: J } = {}): J => ({ title: "Home page title", ...extra, sections });

describe("align", () => {
  test("unchanged, moved, changed in place and new entries", () => {
    const before = [hero, stats, quotes];
    const after = [{ ...hero, headline: "Hello" }, quotes, stats, cta];
    expect(align(before, after)).toEqual([0, 2, 1, null]);
  });
  test("collection entries are known by their id when changed", () => {
    const before = [
      { id: "a", name: "A" },
      { id: "b", name: "B" },
    ];
    expect(
      align(before, [
        { id: "b", name: "Bee" },
        { id: "a", name: "A" },
      ]),
    ).toEqual([1, 0]);
  });
  test("a removed entry leaves no trace in the result", () => {
    expect(align([hero, stats, quotes], [hero, quotes])).toEqual([0, 2]);
  });
});

describe("merge3", () => {
  const base = page([hero, stats, quotes]);
  test("different sections changed on each side merge", () => {
    const mine = page([{ ...hero, headline: "Mine" }, stats, quotes]);
    const theirs = page([hero, stats, { ...quotes, heading: "Theirs" }]);
    const result = merge3(base, mine, theirs, "sections");
    expect(result).toEqual({ ok: true, value: page([{ ...hero, headline: "Mine" }, stats, { ...quotes, heading: "Theirs" }]), origins: [0, 1, 2] });
  });
  test("a move on one side and an edit on the other merge", () => {
    const mine = page([hero, quotes, stats]);
    const theirs = page([hero, { ...stats, tone: "light" }, quotes]);
    const result = merge3(base, mine, theirs, "sections", { mineOrigins: [0, 2, 1] });
    expect(result.ok && result.value).toEqual(page([hero, quotes, { ...stats, tone: "light" }]));
  });
  test("an insertion on disk and an edit in the builder merge, and the builder keeps its ids", () => {
    const mine = page([{ ...hero, headline: "Mine" }, stats, quotes]);
    const theirs = page([hero, cta, stats, quotes]);
    const result = merge3(base, mine, theirs, "sections");
    expect(result).toEqual({ ok: true, value: page([{ ...hero, headline: "Mine" }, cta, stats, quotes]), origins: [0, null, 1, 2] });
  });
  test("the same section changed on both sides is a conflict, named in words", () => {
    const mine = page([{ ...hero, headline: "Mine" }, stats, quotes]);
    const theirs = page([{ ...hero, headline: "Theirs" }, stats, quotes]);
    expect(merge3(base, mine, theirs, "sections")).toEqual({
      ok: false,
      conflicts: [
        // Both sides' values, to show the person who chooses.
        {
          key: "entry:0",
          text: "section 1 (Hero) was changed on both sides",
          base: hero,
          mine: { ...hero, headline: "Mine" },
          theirs: { ...hero, headline: "Theirs" },
        },
      ],
    });
    // A side chosen for it: that side's version.
    expect(merge3(base, mine, theirs, "sections", { choose: { "entry:0": "theirs" } })).toMatchObject({ ok: true, value: theirs });
    expect(merge3(base, mine, theirs, "sections", { choose: { "entry:0": "mine" } })).toMatchObject({ ok: true, value: mine });
  });
  test("moves on both sides are a conflict", () => {
    const mine = page([stats, hero, quotes]);
    const theirs = page([hero, quotes, stats]);
    expect(merge3(base, mine, theirs, "sections")).toMatchObject({ ok: false, conflicts: [{ key: "order" }] });
    expect(merge3(base, mine, theirs, "sections", { choose: { order: "theirs" } })).toMatchObject({ ok: true, value: theirs });
  });
  test("page fields merge key by key; the same field on both sides is a conflict", () => {
    expect(merge3(base, page([hero, stats, quotes], { title: "Mine" }), page([hero, stats, quotes], { description: "Theirs" }), "sections")).toMatchObject({
      ok: true,
      value: { title: "Mine", description: "Theirs" },
    });
    expect(
      merge3(base, page([hero, stats, quotes], { title: "Mine" }), page([hero, stats, quotes], { title: "Theirs" }), "sections", {
        fieldName: () => "Title",
      }),
    ).toEqual({
      ok: false,
      conflicts: [{ key: "field:title", text: "Title was changed on both sides", base: "Home page title", mine: "Mine", theirs: "Theirs" }],
    });
  });
  test("a file without a list (the settings) merges field by field", () => {
    const settings = { phone: { display: "1", dial: "1" }, email: "a@example.com" };
    expect(merge3(settings, { ...settings, email: "b@example.com" }, { ...settings, phone: { display: "2", dial: "2" } }, null)).toEqual({
      ok: true,
      value: { phone: { display: "2", dial: "2" }, email: "b@example.com" },
      origins: null,
    });
  });
});
