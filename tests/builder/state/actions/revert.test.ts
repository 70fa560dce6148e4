import { expect, test } from "vitest";
import { opened, page, run } from "./fixture";

test("revert: back to the file as on disk, one step; undo brings the edits back", () => {
  const start = opened();
  const moved = run(start, { type: "move", from: 2, to: 0 }, { type: "select", id: start.doc!.ids[1]! });
  const reverted = run(moved, { type: "revert" });
  expect(reverted.doc?.value).toEqual(page());
  expect(reverted.doc?.ids).toEqual(start.doc?.ids);
  expect(run(reverted, { type: "undo" }).doc?.value).toEqual(moved.doc?.value);
});
