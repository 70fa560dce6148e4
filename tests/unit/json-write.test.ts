/** The minimal-diff writer the page builder saves with: only what changed changes in the file. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeJson } from "../../builder/server/json-write";
import { repoRoot } from "../helpers/site-copy";

const home = readFileSync(join(repoRoot, "site-config", "pages", "home.json"), "utf8");
type Page = { sections: { type: string; [key: string]: unknown }[]; [key: string]: unknown };
const value = () => JSON.parse(home) as Page;

/** The lines that differ, as a line diff would show them: removed (-) and added (+). */
function changedLines(before: string, after: string): string[] {
  const a = before.split("\n");
  const b = after.split("\n");
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  return [...a.slice(start, endA).map((l) => `-${l}`), ...b.slice(start, endB).map((l) => `+${l}`)];
}

describe("writeJson", () => {
  it("edits one value on its one line", () => {
    const page = value();
    const hero = page.sections[0] as unknown as { headline: string };
    hero.headline = "Build what matters, faster";
    const out = writeJson(home, page);
    expect(changedLines(home, out)).toEqual([
      `-${home.split("\n").find((l) => l.includes('"headline"'))}`,
      `+${home
        .split("\n")
        .find((l) => l.includes('"headline"'))!
        .replace(/"headline": "[^"]*"/, '"headline": "Build what matters, faster"')}`,
    ]);
    expect(JSON.parse(out)).toEqual(page);
  });

  it("moves a section: only the lines of the sections moved change, each as it was written", () => {
    const page = value();
    const from = page.sections.findIndex((s) => s.shared === "testimonials");
    const to = page.sections.findIndex((s) => s.type === "industries-grid");
    const [moved] = page.sections.splice(from, 1);
    page.sections.splice(to, 0, moved!);
    const out = writeJson(home, page);
    expect(JSON.parse(out)).toEqual(page);
    const changed = changedLines(home, out);
    // Every changed line belongs to the two sections that swapped places, and each kept its text.
    const lines = home.split("\n");
    for (const line of changed) expect(lines, line).toContain(line.slice(1));
    expect(changed.filter((l) => l.startsWith("-")).length).toBe(changed.filter((l) => l.startsWith("+")).length);
    expect(out.length).toBe(home.length);
  });

  it("inserts a section after another, and leaves every other line alone", () => {
    const page = value();
    page.sections.splice(1, 0, { type: "stats-band", tone: "dark" });
    const out = writeJson(home, page);
    expect(JSON.parse(out)).toEqual(page);
    // The new section's lines are added; at most one line around it changes (a comma).
    const changed = changedLines(home, out);
    expect(changed.filter((l) => l.startsWith("-")).length).toBeLessThanOrEqual(1);
    expect(changed.filter((l) => l.startsWith("+")).join("\n")).toContain('"type": "stats-band"');
    expect(changed.length).toBeLessThan(8);
  });

  it("deletes a section, the last of a compact list too", () => {
    const page = value();
    page.sections.splice(2, 1);
    const out = writeJson(home, page);
    expect(JSON.parse(out)).toEqual(page);
    expect(changedLines(home, out).every((l) => l.startsWith("-"))).toBe(true);

    const compact = '{\n  "list": ["a", "b"],\n  "n": 1\n}\n';
    expect(writeJson(compact, { list: ["a"], n: 1 })).toBe('{\n  "list": ["a"],\n  "n": 1\n}\n');
    expect(writeJson(compact, { list: ["b"], n: 1 })).toBe('{\n  "list": ["b"],\n  "n": 1\n}\n');
    expect(writeJson(compact, { list: [], n: 1 })).toBe('{\n  "list": [],\n  "n": 1\n}\n');
  });

  it("adds and removes fields, keeping the other keys where they were", () => {
    const text = '{\n  "$schema": "../x.json",\n  "title": "T",\n  "b": 2\n}\n';
    expect(writeJson(text, { $schema: "../x.json", title: "U", b: 2, c: true })).toBe(
      '{\n  "$schema": "../x.json",\n  "title": "U",\n  "b": 2,\n  "c": true\n}\n',
    );
    expect(writeJson(text, { $schema: "../x.json", b: 2 })).toBe('{\n  "$schema": "../x.json",\n  "b": 2\n}\n');
  });

  it("keeps a file without a final newline without one, and one with it with it", () => {
    const without = '{\n  "a": 1\n}';
    expect(writeJson(without, { a: 2 })).toBe('{\n  "a": 2\n}');
    expect(writeJson(`${without}\n`, { a: 2 })).toBe('{\n  "a": 2\n}\n');
  });

  it("several changes at once: an edit in one entry, a move of others, an insertion", () => {
    const text = '{\n  "items": [\n    { "id": "a", "v": 1 },\n    { "id": "b", "v": 2 },\n    { "id": "c", "v": 3 }\n  ]\n}\n';
    const next = {
      items: [
        { id: "a", v: 10 },
        { id: "c", v: 3 },
        { id: "n", v: 0 },
        { id: "b", v: 2 },
      ],
    };
    const out = writeJson(text, next);
    expect(JSON.parse(out)).toEqual(next);
    expect(out).toContain('{ "id": "a", "v": 10 }');
    expect(out).toContain('{ "id": "c", "v": 3 }');
  });

  it("writes nothing for no change", () => {
    expect(writeJson(home, value())).toBe(home);
  });
});
