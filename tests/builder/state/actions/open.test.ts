import { expect, test } from "vitest";
import { opened, page } from "./fixture";

test("open: the value as on disk, one id per section, the first selected, no history", () => {
  const state = opened();
  expect(state.doc?.value).toEqual(page());
  expect(state.doc?.saved).toBe(state.doc?.value);
  expect(state.doc?.ids).toHaveLength(3);
  expect(new Set(state.doc?.ids).size).toBe(3);
  expect(state.doc?.savedIds).toEqual(state.doc?.ids);
  expect(state.selected).toBe(state.doc?.ids[0]);
  expect([state.past, state.future, state.conflict]).toEqual([[], [], null]);
});

test("open: selectIndex picks the entry (clamped), or none", () => {
  const clamped = opened(page(), 9);
  expect(clamped.selected).toBe(clamped.doc?.ids[2]);
  expect(opened(page(), null).selected).toBeNull();
});
