import { expect, test } from "vitest";
import { hero, opened, page, quotes, run, sections, stats } from "./fixture";

const handEdited = page([hero, stats, { ...quotes, heading: "What clients say" }]);

test("disk: without unsaved edits the new version is taken, one undo step, selection kept", () => {
  const start = opened(undefined, 2);
  const state = run(start, { type: "disk", disk: { hash: "h2", value: handEdited } });
  expect(state.doc?.value).toEqual(handEdited);
  expect(state.doc?.hash).toBe("h2");
  expect(state.conflict).toBeNull();
  expect(state.selected).toBe(start.selected);
  expect(run(state, { type: "undo" }).doc?.value).toEqual(page());
});

test("disk: the builder's own save (same hash) changes nothing", () => {
  const start = opened();
  expect(run(start, { type: "disk", disk: { hash: "h1", value: page() } })).toBe(start);
});

test("disk: with unsaved edits it is a conflict; keep-mine makes the disk's version the base", () => {
  const start = opened();
  const edited = run(start, { type: "edit", target: { entry: start.doc!.ids[0]! }, value: { ...hero, headline: "Mine" }, key: "h" });
  const conflict = run(edited, { type: "disk", disk: { hash: "h2", value: handEdited } });
  expect(conflict.conflict).toEqual({ disk: { hash: "h2", value: handEdited } });
  expect(conflict.doc?.value).toEqual(edited.doc?.value);
  const kept = run(conflict, { type: "keep-mine" });
  expect(kept.doc?.hash).toBe("h2");
  expect(kept.doc?.saved).toEqual(handEdited);
  expect(kept.doc?.value).toEqual(edited.doc?.value);
  expect(kept.conflict).toBeNull();
});

test("take-disk drops the edits (undo brings them back); merge keeps both when they touched different sections", () => {
  const start = opened();
  const edited = run(start, { type: "edit", target: { entry: start.doc!.ids[0]! }, value: { ...hero, headline: "Mine" }, key: "h" });
  const conflict = run(edited, { type: "disk", disk: { hash: "h2", value: handEdited } });
  const taken = run(conflict, { type: "take-disk" });
  expect(taken.doc?.value).toEqual(handEdited);
  expect(run(taken, { type: "undo" }).doc?.value).toEqual(edited.doc?.value);
  const merged = run(conflict, { type: "merge" });
  expect(merged.doc?.value).toEqual(page([{ ...hero, headline: "Mine" }, stats, { ...quotes, heading: "What clients say" }]));
  expect(merged.doc?.saved).toEqual(handEdited);
  expect(merged.doc?.ids).toEqual(start.doc?.ids);
  expect(merged.conflict).toBeNull();
});

test("merge refuses when both sides changed the same section, and the conflict stays", () => {
  const start = opened();
  const edited = run(start, { type: "edit", target: { entry: start.doc!.ids[2]! }, value: { ...quotes, heading: "Mine" }, key: "h" });
  const conflict = run(edited, { type: "disk", disk: { hash: "h2", value: handEdited } });
  expect(run(conflict, { type: "merge" })).toBe(conflict);
});

test("disk: a deleted file while open is a conflict even without edits", () => {
  const state = run(opened(), { type: "disk", disk: null });
  expect(state.conflict).toEqual({ disk: null });
  expect(sections(state)).toEqual(["hero", "stats-band", "testimonials-carousel"]);
});

test("keep-mine on a file deleted on disk: the next save writes it again (no hash to match)", () => {
  const state = run(opened(), { type: "disk", disk: null }, { type: "keep-mine" });
  expect(state.conflict).toBeNull();
  expect(state.doc?.hash).toBe("");
  expect(state.doc?.value).toEqual(page());
});
