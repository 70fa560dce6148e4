import { expect, test } from "vitest";
import { opened, run, sections } from "./fixture";

test("insert: at the place given, selected, one step", () => {
  const state = run(opened(), { type: "insert", index: 1, entry: { type: "call-to-action" }, id: "new" });
  expect(sections(state)).toEqual(["hero", "call-to-action", "stats-band", "testimonials-carousel"]);
  expect(state.doc?.ids[1]).toBe("new");
  expect(state.selected).toBe("new");
  expect(state.past).toHaveLength(1);
});

test("insert with more entries (a paste of several sections): in order, the first selected, one undo step", () => {
  const state = run(opened(), {
    type: "insert",
    index: 3,
    entry: { type: "call-to-action" },
    id: "a",
    more: [{ entry: { type: "faq" }, id: "b" }],
  });
  expect(sections(state)).toEqual(["hero", "stats-band", "testimonials-carousel", "call-to-action", "faq"]);
  expect(state.doc?.ids.slice(3)).toEqual(["a", "b"]);
  expect(state.selected).toBe("a");
  expect(state.past).toHaveLength(1);
  expect(sections(run(state, { type: "undo" }))).toEqual(["hero", "stats-band", "testimonials-carousel"]);
});
