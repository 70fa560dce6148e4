/** The author-facing docs stay true to the code. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderSectionsDoc, sectionTypes } from "../../scripts/gen/docs.ts";
import { repoRoot } from "../helpers/site-copy";

const schemasDir = join(repoRoot, "schemas");

describe("docs/sections.md", () => {
  it("is what `npm run gen` makes from the current schemas", () => {
    const written = readFileSync(join(repoRoot, "docs", "sections.md"), "utf8");
    // toBe on the whole text: the diff shows which lines are stale.
    expect(written, "docs/sections.md is stale: run `npm run gen`").toBe(renderSectionsDoc(schemasDir));
  });
  it("has a part for every section type, with every top-level field and the example", () => {
    const doc = renderSectionsDoc(schemasDir);
    for (const type of sectionTypes(schemasDir)) {
      const schema = JSON.parse(readFileSync(join(schemasDir, "sections", `${type}.schema.json`), "utf8")) as { properties: object; examples: unknown[] };
      const start = doc.indexOf(`\n## ${type}\n`);
      const end = doc.indexOf("\n## ", start + 1);
      const part = doc.slice(start, end < 0 ? undefined : end);
      for (const field of Object.keys(schema.properties)) expect(part, `${type}.${field}`).toContain(`| \`${field}\` |`);
      expect(part).toContain(JSON.stringify(schema.examples[0], null, 2));
    }
  });
});

describe("docs/editing.md", () => {
  const guide = readFileSync(join(repoRoot, "docs", "editing.md"), "utf8");
  it("is linked from the README", () => {
    expect(readFileSync(join(repoRoot, "README.md"), "utf8")).toContain("](docs/editing.md)");
  });
  it("names only files and folders that exist", () => {
    const paths = [...guide.matchAll(/`((?:site-config|schemas|public|docs)\/[^`*<> ]*)`/g)].map((m) => m[1]!.replace(/\/$/, "").replace(/(:\d+)+$/, ""));
    expect(paths.length).toBeGreaterThan(5);
    // What a task has the reader make ("Change the contact section on every page": a shared section).
    const made = ["site-config/shared", "site-config/shared/contact.json"];
    for (const p of paths.filter((p) => !made.includes(p))) expect(() => readFileSync(join(repoRoot, p)), p).not.toThrow(/ENOENT/);
  });
});

describe("the README and docs/", () => {
  const scripts = Object.keys((JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { scripts: object }).scripts);
  const files = [
    "README.md",
    ...readdirSync(join(repoRoot, "docs"))
      .filter((f) => f.endsWith(".md"))
      .map((f) => `docs/${f}`),
  ];
  it.each(files)("%s names only npm scripts that exist", (file) => {
    const text = readFileSync(join(repoRoot, file), "utf8");
    // `npm run x` (also across a line break, and with -s), and npm's own shorthands for scripts: npm start, npm test.
    const named = [
      ...[...text.matchAll(/npm\s+run\s+(?:-s\s+)?([a-z][a-z0-9:-]*)/g)].map((m) => m[1]),
      ...[...text.matchAll(/npm\s+(start|test|stop|restart)\b/g)].map((m) => m[1]),
    ];
    if (file === "README.md") expect(named).toContain("validate");
    const missing = named.filter((name) => !scripts.includes(name as string));
    expect(missing, `${file} names scripts that package.json does not have`).toEqual([]);
  });
});
