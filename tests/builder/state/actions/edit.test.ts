import { expect, test } from "vitest";
import { hero, opened, page, quotes, run, stats } from "./fixture";

test("edit: a section's field; typing in one field is one step until a pause", () => {
  const start = opened();
  const id = start.doc!.ids[0]!;
  const typed = run(
    start,
    { type: "edit", target: { entry: id }, value: { ...hero, headline: "W" }, key: "headline", at: 1000 },
    { type: "edit", target: { entry: id }, value: { ...hero, headline: "Wo" }, key: "headline", at: 1200 },
  );
  expect(typed.doc?.value).toEqual(page([{ ...hero, headline: "Wo" }, stats, quotes]));
  expect(typed.past).toHaveLength(1);
  const later = run(typed, { type: "edit", target: { entry: id }, value: { ...hero, headline: "Wow" }, key: "headline", at: 5000 });
  expect(later.past).toHaveLength(2);
});

test("edit: the page's own fields keep the sections; a change that changes nothing is no step", () => {
  const start = opened();
  const state = run(start, { type: "edit", target: { fields: true }, value: { title: "A new title" }, key: "title" });
  expect(state.doc?.value).toEqual({ title: "A new title", sections: [hero, stats, quotes] });
  expect(run(start, { type: "edit", target: { fields: true }, value: { title: "Home page title" }, key: "title" })).toBe(start);
});

test("edit: the whole file (settings)", () => {
  const state = run(opened(), { type: "edit", target: { whole: true }, value: { phone: "1" }, key: "phone" });
  expect(state.doc?.value).toEqual({ phone: "1" });
});

test("edit: one value of a section at a JSON Pointer, set in the section as it is by then", () => {
  const start = opened(page([{ ...hero, subline: "Sub" }, stats, quotes]));
  const id = start.doc!.ids[0]!;
  const state = run(
    start,
    { type: "edit", target: { entry: id, pointer: "/headline" }, value: "Welcome!", key: "inline:headline" },
    { type: "edit", target: { entry: id, pointer: "/subline" }, value: "Sub line", key: "inline:subline" },
  );
  expect(state.doc?.value).toEqual(page([{ ...hero, headline: "Welcome!", subline: "Sub line" }, stats, quotes]));
});
