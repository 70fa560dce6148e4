import { expect, test } from "vitest";
import { hero, opened, page, quotes, run, stats } from "./fixture";

const draft = page([{ ...hero, headline: "Unsaved" }, stats, quotes]);

test("restore: edits made on the file as it still is come back as one step (undo: the file)", () => {
  const state = run(opened(), { type: "restore", base: { hash: "h1", value: page() }, value: draft, disk: { hash: "h1", value: page() } });
  expect(state.doc?.value).toEqual(draft);
  expect(state.conflict).toBeNull();
  expect(run(state, { type: "undo" }).doc?.value).toEqual(page());
});

test("restore: the file has moved on since; the edits come back on their old base, with the conflict to resolve", () => {
  const moved = page([hero, stats, { ...quotes, heading: "By hand" }]);
  const start = opened(moved);
  const state = run(start, { type: "restore", base: { hash: "h0", value: page() }, value: draft, disk: { hash: "h1", value: moved } });
  expect(state.doc?.value).toEqual(draft);
  expect(state.doc?.hash).toBe("h0");
  expect(state.conflict).toEqual({ disk: { hash: "h1", value: moved } });
  expect(run(state, { type: "merge" }).doc?.value).toEqual(page([{ ...hero, headline: "Unsaved" }, stats, { ...quotes, heading: "By hand" }]));
});
