import { expect, test } from "vitest";
import { opened, run, sections } from "./fixture";

test("remove: the entry goes, the next one is selected; undo brings it back, selected", () => {
  const start = opened(undefined, 1);
  const id = start.doc!.ids[1]!;
  const state = run(start, { type: "remove", id });
  expect(sections(state)).toEqual(["hero", "testimonials-carousel"]);
  expect(state.selected).toBe(start.doc!.ids[2]);
  const back = run(state, { type: "undo" });
  expect(sections(back)).toEqual(["hero", "stats-band", "testimonials-carousel"]);
  expect(back.selected).toBe(id);
});
