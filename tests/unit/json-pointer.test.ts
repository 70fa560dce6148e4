import { describe, expect, it } from "vitest";
import { joinPointer, splitPointer, valueAt, withValueAt } from "@/lib/json-pointer";

describe("JSON Pointers", () => {
  it("escape and unescape '~' and '/' in segments", () => {
    const pointer = joinPointer(["a/b", "c~d", 3]);
    expect(pointer).toBe("/a~1b/c~0d/3");
    expect(splitPointer(pointer)).toEqual(["a/b", "c~d", "3"]);
    expect(valueAt({ "a/b": { "c~d": [0, 1, 2, "x"] } }, pointer)).toBe("x");
  });

  it("withValueAt copies only along the path, sets array items, and removes a key set to undefined", () => {
    const section = { type: "hero", cta: { label: "Go", href: "/" }, items: [{ t: "a" }, { t: "b" }], other: { kept: true } };
    const next = withValueAt(section, ["items", "1", "t"], "B") as typeof section;
    expect(next.items).toEqual([{ t: "a" }, { t: "B" }]);
    expect(next.items[0]).toBe(section.items[0]);
    expect(next.other).toBe(section.other);
    expect(section.items[1]?.t).toBe("b");
    const emptied = withValueAt(section, ["cta", "label"], undefined) as typeof section;
    expect(emptied.cta).toEqual({ href: "/" });
    expect(withValueAt(section, [], 1)).toBe(1);
    expect(withValueAt({}, ["new", "deep"], "x")).toEqual({ new: { deep: "x" } });
  });
});
