import { expect, test } from "vitest";
import { opened, run, sections } from "./fixture";

test("insert: at the place given, selected, one step", () => {
  const state = run(opened(), { type: "insert", index: 1, entry: { type: "call-to-action" }, id: "new" });
  expect(sections(state)).toEqual(["hero", "call-to-action", "stats-band", "testimonials-carousel"]);
  expect(state.doc?.ids[1]).toBe("new");
  expect(state.selected).toBe("new");
  expect(state.past).toHaveLength(1);
});
