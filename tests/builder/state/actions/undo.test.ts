import { expect, test } from "vitest";
import { opened, run, sections } from "./fixture";

test("undo and redo: value, order and selection step back and forth; a new edit clears redo", () => {
  const start = opened();
  const moved = run(start, { type: "move", from: 2, to: 0 });
  const undone = run(moved, { type: "undo" });
  expect(sections(undone)).toEqual(["hero", "stats-band", "testimonials-carousel"]);
  expect(undone.doc?.ids).toEqual(start.doc?.ids);
  expect(undone.selected).toBe(start.selected);
  const redone = run(undone, { type: "redo" });
  expect(sections(redone)).toEqual(["testimonials-carousel", "hero", "stats-band"]);
  expect(run(undone, { type: "move", from: 0, to: 1 }).future).toEqual([]);
  expect(run(start, { type: "undo" })).toBe(start);
  expect(run(start, { type: "redo" })).toBe(start);
});
