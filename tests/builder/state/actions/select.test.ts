import { expect, test } from "vitest";
import { hero, opened, run } from "./fixture";

test("select: another entry, which ends the gathering of typing", () => {
  const start = opened();
  const [a, b] = start.doc!.ids as [string, string];
  const typed = run(start, { type: "edit", target: { entry: a }, value: { ...hero, headline: "W" }, key: "headline", at: 1 });
  const state = run(typed, { type: "select", id: b }, { type: "select", id: a });
  expect(state.selected).toBe(a);
  expect(state.last).toBeNull();
  expect(run(state, { type: "edit", target: { entry: a }, value: { ...hero, headline: "Wo" }, key: "headline", at: 2 }).past).toHaveLength(2);
});

test("seal: a field lost focus; the next keystroke is a new step", () => {
  const start = opened();
  const a = start.doc!.ids[0]!;
  const state = run(
    start,
    { type: "edit", target: { entry: a }, value: { ...hero, headline: "W" }, key: "headline", at: 1 },
    { type: "seal" },
    { type: "edit", target: { entry: a }, value: { ...hero, headline: "Wo" }, key: "headline", at: 2 },
  );
  expect(state.past).toHaveLength(2);
});
