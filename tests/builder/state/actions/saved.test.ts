import { expect, test } from "vitest";
import { hero, opened, run } from "./fixture";

test("saved: what was sent is the version on disk; history stays; a later edit stays unsaved", () => {
  const start = opened();
  const a = start.doc!.ids[0]!;
  const edited = run(start, { type: "edit", target: { entry: a }, value: { ...hero, headline: "One" }, key: "h", at: 1 });
  const sent = edited.doc!;
  const more = run(edited, { type: "edit", target: { entry: a }, value: { ...hero, headline: "Two" }, key: "x", at: 2 });
  const state = run(more, { type: "saved", hash: "h2", value: sent.value, ids: sent.ids });
  expect(state.doc?.hash).toBe("h2");
  expect(state.doc?.saved).toBe(sent.value);
  expect(state.doc?.value).not.toEqual(state.doc?.saved);
  expect(state.past).toHaveLength(2);
});
