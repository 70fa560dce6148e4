import { expect, test } from "vitest";
import { opened, run, sections } from "./fixture";

test("move: the entry and its id move; the selection follows it", () => {
  const start = opened();
  const id = start.doc!.ids[2]!;
  const state = run(start, { type: "move", from: 2, to: 1 });
  expect(sections(state)).toEqual(["hero", "testimonials-carousel", "stats-band"]);
  expect(state.doc?.ids[1]).toBe(id);
  expect(state.selected).toBe(id);
  expect(state.past).toHaveLength(1);
});

test("move: out of range or onto itself changes nothing", () => {
  const start = opened();
  expect(run(start, { type: "move", from: 0, to: 3 })).toBe(start);
  expect(run(start, { type: "move", from: 1, to: 1 })).toBe(start);
});
