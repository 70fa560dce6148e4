import { expect, test } from "vitest";
import { hero, opened, page, quotes, run, stats } from "./fixture";

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

test("merged: the studio kept a colleague's change to another section; it is taken in, and an edit made since the save stays", () => {
  const start = opened();
  const a = start.doc!.ids[0]!;
  const edited = run(start, { type: "edit", target: { entry: a }, value: { ...hero, headline: "One" }, key: "h", at: 1 });
  const sent = edited.doc!;
  const more = run(edited, { type: "edit", target: { entry: a }, value: { ...hero, headline: "Two" }, key: "x", at: 2 });
  // The file as the studio wrote it: our headline "One", and a colleague's heading of the third section.
  const onDisk = page([{ ...hero, headline: "One" }, stats, { ...quotes, heading: "Clients say" }]);
  const state = run(more, { type: "merged", hash: "h3", sent: sent.value, ids: sent.ids, value: onDisk });
  expect(state.conflict).toBeNull();
  expect(state.doc?.hash).toBe("h3");
  expect(state.doc?.saved).toEqual(onDisk);
  expect(state.doc?.value).toEqual(page([{ ...hero, headline: "Two" }, stats, { ...quotes, heading: "Clients say" }]));
  expect(state.doc?.ids).toEqual(sent.ids);
});
