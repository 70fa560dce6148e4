/** Rules every schema follows, checked over the whole schemas/ folder. */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadSite } from "@/content/site";
import { checkDocument } from "@/content/validate";
import { parseJson } from "@/content/json-source";
import { formatProblem } from "@/content/problems";
import { loadSchemas, withPlainText } from "@/content/schemas";
import { repoRoot } from "../helpers/site-copy";

const site = loadSite(repoRoot);
const { schemas } = site.facts;
const sectionFiles = readdirSync(join(repoRoot, "schemas", "sections"))
  .filter((f) => f.endsWith(".schema.json"))
  .sort();
/** The section folders: src/sections/<type>/ with a schema.json. */
const sectionFolders = readdirSync(join(repoRoot, "src", "sections"), { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(repoRoot, "src", "sections", d.name, "schema.json")))
  .map((d) => d.name)
  .sort();

const pascal = (kebab: string) => kebab.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase());

/** Every schema node that names properties, with a path for messages. */
function* propertyNodes(node: unknown, path: string): Generator<[string, string, Record<string, unknown>]> {
  if (Array.isArray(node)) {
    for (const [i, v] of node.entries()) yield* propertyNodes(v, `${path}[${i}]`);
    return;
  }
  if (!node || typeof node !== "object") return;
  for (const [key, value] of Object.entries(node)) {
    // "if" holds a condition, not fields (the section union checks "type" there).
    if (key === "examples" || key === "if") continue;
    if (key === "properties" && value && typeof value === "object") {
      for (const [name, prop] of Object.entries(value)) yield [`${path}.properties.${name}`, name, prop as Record<string, unknown>];
    }
    yield* propertyNodes(value, `${path}.${key}`);
  }
}

/** Calls `visit` on every object in a schema (arrays walked into), skipping the keys in `skip`. */
function walkSchema(node: unknown, path: string, skip: string[], visit: (obj: Record<string, unknown>, path: string) => void): void {
  if (Array.isArray(node)) {
    for (const [i, n] of node.entries()) walkSchema(n, `${path}[${i}]`, skip, visit);
    return;
  }
  if (!node || typeof node !== "object") return;
  const obj = node as Record<string, unknown>;
  visit(obj, path);
  for (const [k, v] of Object.entries(obj)) if (!skip.includes(k)) walkSchema(v, `${path}.${k}`, skip, visit);
}

describe("every schema", () => {
  // The page builder labels each field with its title, and each entry of a list with its itemTitle and number.
  it.each(schemas.files)("%s: every field has a title in words for the page builder, every list a title for its entries", (file) => {
    const words = (t: unknown) => typeof t === "string" && t.length > 0 && !/^[A-Z][a-z]+[A-Z]\w*$/.test(t);
    const missing = [...propertyNodes(schemas.raw.get(file), file)]
      .filter(([, name]) => name !== "$schema" && name !== "type")
      .flatMap(([p, name, prop]) => [
        ...(words(prop.title) ? [] : [`${p}: no title`]),
        // The lists the builder shows as entries of their own (sections, a collection's items) need none.
        ...(prop.type === "array" && name !== "sections" && !(name === "items" && file.startsWith("collections/")) && !words(prop.itemTitle) && !prop.$ref
          ? [`${p}: no itemTitle`]
          : []),
      ]);
    expect(missing).toEqual([]);
  });

  it.each(schemas.files)("%s: every property has a description for authors", (file) => {
    const missing = [...propertyNodes(schemas.raw.get(file), file)]
      .filter(([, , prop]) => typeof prop.description !== "string" || prop.description.length < 10)
      .map(([p]) => p);
    expect(missing).toEqual([]);
  });
  it.each(schemas.files)(
    "%s: a field that refers to a shared definition keeps its own hover text (markdownDescription: VS Code copies the definition's description over the field's)",
    (file) => {
      const lost: string[] = [];
      walkSchema(schemas.raw.get(file), file, ["examples"], (obj, path) => {
        if (typeof obj.$ref === "string" && obj.description !== undefined && obj.markdownDescription !== obj.description) lost.push(path);
      });
      expect(lost).toEqual([]);
    },
  );
  it.each(schemas.files)("%s: objects are closed (additionalProperties: false)", (file) => {
    const open: string[] = [];
    walkSchema(schemas.raw.get(file), file, ["examples", "if"], (obj, path) => {
      // The section union is closed by the branch its "then" picks. A placed shared section is open: the fields beside
      // "shared" are the named section's, which only the site's check knows (src/content/shared.ts).
      if (obj.properties && obj.additionalProperties !== false && !obj.then && obj.title !== "SharedSectionReference") open.push(path);
    });
    expect(open).toEqual([]);
  });
});

describe("section schemas", () => {
  it("schemas/sections/ and the union in section.schema.json have exactly the section folders of src/sections/", () => {
    const union = (schemas.raw.get("section.schema.json")!.then as { oneOf: { $ref: string }[] }).oneOf;
    expect(union.map((r) => r.$ref.replace("sections/", "")).sort()).toEqual(sectionFiles);
    expect(sectionFiles.map((f) => f.replace(".schema.json", "")).sort()).toEqual(sectionFolders);
  });
  it.each(sectionFiles)("%s: named mechanically, discriminated by a kebab-case const type", (file) => {
    const type = file.replace(".schema.json", "");
    const schema = schemas.raw.get(`sections/${file}`)!;
    expect(type).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(schema.title).toBe(`${pascal(type)}Section`);
    expect((schema.properties as Record<string, { const?: string }>).type!.const).toBe(type);
    expect(schema.required).toContain("type");
    expect(schema.additionalProperties).toBe(false);
  });
  it.each(sectionFiles)("%s: its example is complete and valid, site-wide checks included", (file) => {
    const schema = schemas.raw.get(`sections/${file}`)!;
    const examples = schema.examples as unknown[];
    expect(examples).toHaveLength(1);
    const parsed = parseJson(JSON.stringify(examples[0], null, 2));
    const { valid, problems } = checkDocument(site.facts, `schemas/sections/${file}#examples`, parsed, `sections/${file}`);
    expect(problems.map(formatProblem)).toEqual([]);
    expect(valid).toBeDefined();
    // Complete: the example fills in every field the schema offers.
    expect(Object.keys(examples[0] as object).sort()).toEqual(Object.keys(schema.properties as object).sort());
  });
});

/** A collection's one example: the entry its schema offers editors as a snippet. */
const entryExample = (file: string) => {
  const item = (schemas.raw.get(file)!.properties as Record<string, { items: { defaultSnippets: { body: unknown }[] } }>).items!.items;
  return item.defaultSnippets[0]!.body;
};

describe("collection schemas", () => {
  it.each(schemas.files.filter((f) => f.startsWith("collections/")))("%s: its example entry is valid", (file) => {
    const { problems } = checkDocument(site.facts, `schemas/${file}#defaultSnippets`, parseJson(JSON.stringify({ items: [entryExample(file)] })), file);
    expect(problems.map(formatProblem)).toEqual([]);
  });
});

describe("editor completions", () => {
  interface Snippet {
    label: string;
    description: string;
    body: unknown;
  }
  it.each(sectionFiles)("%s: inserting a new section offers the complete example once, by the type's name (VS Code defaultSnippets)", (file) => {
    const schema = schemas.raw.get(`sections/${file}`)!;
    const type = file.replace(".schema.json", "");
    const snippets = (schemas.raw.get("section.schema.json")!.defaultSnippets as Snippet[]).filter((s) => s.label === type);
    expect(snippets).toHaveLength(1);
    expect(snippets[0]!.description).toBe(schema.description);
    expect(snippets[0]!.body).toEqual((schema.examples as unknown[])[0]);
    expect(schema.defaultSnippets).toBeUndefined();
  });
  it.each(schemas.files.filter((f) => f.startsWith("collections/")))("%s: a new entry is offered as a snippet (checked above)", (file) => {
    const schema = schemas.raw.get(file)!;
    const item = (schema.properties as Record<string, { items: Record<string, unknown> }>).items!.items;
    const snippets = item.defaultSnippets as Snippet[];
    expect(snippets).toHaveLength(1);
    expect(snippets[0]!.label).toMatch(/^new /);
  });
  it.each(schemas.files)("%s: every allowed value of every enum has a description (enumDescriptions)", (file) => {
    const undescribed: string[] = [];
    walkSchema(schemas.raw.get(file), file, ["examples", "defaultSnippets", "if"], (obj, path) => {
      if (Array.isArray(obj.enum)) {
        const descriptions = obj.enumDescriptions;
        if (!Array.isArray(descriptions) || descriptions.length !== obj.enum.length || descriptions.some((d) => typeof d !== "string" || d.length < 5))
          undescribed.push(path);
      }
    });
    expect(undescribed).toEqual([]);
  });
  it("strict mode knows the editor keywords: a misspelt keyword is still refused", () => {
    const dir = mkdtempSync(join(tmpdir(), "schemas-"));
    try {
      writeFileSync(
        join(dir, "a.schema.json"),
        JSON.stringify({ type: "string", enum: ["x"], enumDescriptions: ["An x."], defaultSnippets: [{ body: "x" }], markdownDescription: "**x**" }),
      );
      expect(() => loadSchemas(dir).validator("a.schema.json")).not.toThrow();
      writeFileSync(join(dir, "a.schema.json"), JSON.stringify({ type: "string", defaultSnipets: [] }));
      expect(() => loadSchemas(dir).validator("a.schema.json")).toThrow(/unknown keyword: "defaultSnipets"/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("texts and rules in words", () => {
  const content = schemas.files.filter((f) => !f.startsWith("forms/") && f !== "section.schema.json");
  it.each(content)("%s: a field with a pattern or a format says its rule in words (patternErrorMessage)", (file) => {
    const silent: string[] = [];
    walkSchema(schemas.raw.get(file), file, ["examples", "defaultSnippets"], (obj, path) => {
      if (("pattern" in obj || "format" in obj) && typeof obj.patternErrorMessage !== "string") silent.push(path);
    });
    expect(silent).toEqual([]);
  });
  it("texts people read are checked as plain text; addresses, paths, ids, e-mail, phone numbers to dial and fixed values are not", () => {
    const plain = (file: string, ...path: string[]) =>
      path.reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, withPlainText(schemas.raw.get(file)!)).plainText === true;
    const settings = (...path: string[]) => plain("settings.schema.json", "properties", ...path);
    const common = (...path: string[]) => plain("common.schema.json", "definitions", ...path);
    expect([
      common("heading"),
      common("kicker"),
      common("paragraphs", "items"),
      common("link", "properties", "label"),
      common("image", "properties", "alt"),
    ]).toEqual([true, true, true, true, true]);
    expect([settings("tagline"), settings("phone", "properties", "display"), settings("footer", "properties", "copyright")]).toEqual([true, true, true]);
    expect([
      common("image", "properties", "src"),
      common("href"),
      common("id"),
      common("tone"),
      common("video", "properties", "webm"),
      settings("$schema"),
      settings("email"),
      settings("siteUrl"),
      settings("phone", "properties", "dial"),
      settings("whatsapp"),
      settings("social", "properties", "linkedin"),
    ]).toEqual(Array(11).fill(false));
  });
});
