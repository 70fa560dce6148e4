import { expect, test } from "vitest";
import { wordDiff } from "../../../builder/shared/word-diff";

test("a word changed in a sentence: the rest stays", () => {
  expect(wordDiff("We build web and mobile apps", "We build web, cloud and mobile apps")).toEqual([
    { op: "same", text: "We build " },
    { op: "del", text: "web " },
    { op: "ins", text: "web, cloud " },
    { op: "same", text: "and mobile apps" },
  ]);
});

test("a text added or emptied is one part", () => {
  expect(wordDiff("", "New text")).toEqual([{ op: "ins", text: "New text" }]);
  expect(wordDiff("Old text", "")).toEqual([{ op: "del", text: "Old text" }]);
  expect(wordDiff("Same", "Same")).toEqual([{ op: "same", text: "Same" }]);
});

test("put together again, each side is its own text", () => {
  const before = "Transforming your vision into reality with cutting-edge solutions for every business";
  const after = "Turning your vision into reality with cutting-edge AI solutions for every ambitious business";
  const parts = wordDiff(before, after);
  expect(
    parts
      .filter((p) => p.op !== "ins")
      .map((p) => p.text)
      .join(""),
  ).toBe(before);
  expect(
    parts
      .filter((p) => p.op !== "del")
      .map((p) => p.text)
      .join(""),
  ).toBe(after);
});
