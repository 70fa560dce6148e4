// @vitest-environment node
/**
 * What an author sees in VS Code while editing site-config/ by hand, from vscode-json-languageservice
 * (the library inside VS Code's JSON support), set up as VS Code does: each file's "$schema",
 * resolved from the file's folder, with the project's settings (.vscode/settings.json: schema
 * problems as errors, red) or VS Code's defaults (as warnings, yellow).
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import jsonService from "vscode-json-languageservice";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/site-copy";

const { getLanguageService, TextDocument } = jsonService;
type ASTNode = jsonService.ASTNode;

const service = getLanguageService({
  schemaRequestService: async (uri) => readFileSync(fileURLToPath(uri), "utf8"),
  workspaceContext: { resolveRelativePath: (path, resource) => new URL(path, resource).href },
});
service.configure({ validate: true, allowComments: false });

function open(file: string, text = readFileSync(file, "utf8")) {
  const doc = TextDocument.create(pathToFileURL(file).href, "json", 1, text);
  return { doc, json: service.parseJSONDocument(doc), text };
}

/** The project's VS Code settings: what VS Code passes to the JSON language service for each file. */
const workspace = JSON.parse(readFileSync(join(repoRoot, ".vscode", "settings.json"), "utf8")) as Record<string, unknown>;
const projectSettings = { schemaValidation: workspace["json.validate.schemaValidation"] as jsonService.SeverityLevel };

const diagnostics = async (file: string, text?: string, settings?: jsonService.DocumentLanguageSettings) => {
  const { doc, json } = open(file, text);
  return service.doValidation(doc, json, settings);
};

const completions = async (file: string, text: string, at: number) => {
  const { doc, json } = open(file, text);
  const list = await service.doComplete(doc, doc.positionAt(at), json);
  return (list?.items ?? []).map((i) => i.label);
};

const contentFiles = (dir = join(repoRoot, "site-config")): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? contentFiles(join(dir, e.name)) : e.name.endsWith(".json") ? [join(dir, e.name)] : [],
  );

const sectionTypes = readdirSync(join(repoRoot, "schemas", "sections"))
  .map((f) => f.replace(".schema.json", ""))
  .sort();

// The schemas as written, to know each field's own description without asking the editor.
type Schema = Record<string, unknown>;
const loadJson = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Schema;

function deref(node: Schema, file: string): [Schema, string] {
  while (typeof node.$ref === "string") {
    const [target = "", fragment = ""] = node.$ref.split("#");
    const next = target ? resolve(dirname(file), target) : file;
    node = fragment
      .split("/")
      .filter(Boolean)
      .reduce((n, seg) => n[seg] as Schema, loadJson(next));
    file = next;
  }
  return [node, file];
}

/** The schema a property has in its parent, as written there: its own description, not its definition's. */
/** A field's own schema; "inside an override" for what is written in a placed shared section's field of its own (its kind is the shared file's, which a schema cannot know). */
function ownSchema(schemaFile: string, path: (string | number)[], value: unknown): Schema | undefined | "inside an override" {
  let node: Schema = loadJson(schemaFile);
  let file = schemaFile;
  let v = value;
  for (const [at, seg] of path.entries()) {
    [node, file] = deref(node, file);
    // A placed section: the branch of a shared section when it names one, else the section union.
    if (node.if && node.else && v && typeof v === "object") [node, file] = deref(("shared" in v ? node.then : node.else) as Schema, file);
    let next = typeof seg === "number" ? (node.items as Schema | undefined) : (node.properties as Record<string, Schema> | undefined)?.[seg];
    // The section union: fields are those of the branch of the section's type (its "type" too, when it is a known one).
    const then = node.then as { oneOf: Schema[] } | undefined;
    if (then && v && typeof v === "object") {
      const type = (v as { type?: unknown }).type;
      const union = file;
      for (const branch of then.oneOf) {
        const [b, bf] = deref(branch, union);
        if ((b.properties as Record<string, Schema>).type!.const === type) {
          next = (b.properties as Record<string, Schema>)[seg as string] ?? next;
          file = bf;
        }
      }
    }
    // A placed shared section's field of its own: the reference's open fields.
    if (next === undefined && typeof node.additionalProperties === "object") {
      if (at < path.length - 1) return "inside an override";
      next = node.additionalProperties as Schema;
    }
    if (next === undefined) return undefined;
    node = next;
    v = (v as Record<string | number, unknown>)?.[seg];
  }
  return node;
}

/** Every property of a parsed document, with its path. */
function* properties(node: ASTNode | undefined, path: (string | number)[] = []): Generator<{ key: ASTNode; path: (string | number)[] }> {
  if (!node) return;
  if (node.type === "object") {
    for (const p of node.properties) {
      yield { key: p.keyNode, path: [...path, p.keyNode.value] };
      yield* properties(p.valueNode, [...path, p.keyNode.value]);
    }
  } else if (node.type === "array") {
    for (const [i, item] of node.items.entries()) yield* properties(item, [...path, i]);
  }
}

/** Hover text as plain text: the editor escapes Markdown characters. */
const plain = (markdown: string) => markdown.replace(/\\([\\`*_{}[\]()#+\-.!|<>])/g, "$1");

describe("VS Code over site-config/", () => {
  it.each(contentFiles().map((f) => [relative(repoRoot, f), f]))("%s: no problem", async (_name, file) => {
    expect((await diagnostics(file)).map((d) => `${d.range.start.line + 1}: ${d.message}`)).toEqual([]);
  });

  it.each(contentFiles().map((f) => [relative(repoRoot, f), f]))("%s: every field's hover is its own description", async (_name, file) => {
    const { doc, json, text } = open(file);
    const value = JSON.parse(text) as { $schema: string };
    const schemaFile = resolve(dirname(file), value.$schema);
    const wrong: string[] = [];
    let checked = 0;
    for (const { key, path } of properties(json.root)) {
      const own = ownSchema(schemaFile, path, value);
      if (own === "inside an override") continue;
      expect(own, `${path.join(".")} has a schema`).toBeDefined();
      // A shared file's "section" shows what kind of section it holds, as the kind's own schema describes it.
      const kind = path.join(".") === "section" ? (value as { section?: { type?: string } }).section?.type : undefined;
      const expected = kind
        ? (loadJson(join(repoRoot, "schemas", "sections", `${kind}.schema.json`)).description as string)
        : ((own!.markdownDescription ?? own!.description ?? deref(own!, schemaFile)[0].description) as string | undefined);
      const hover = await service.doHover(doc, doc.positionAt(key.offset + 1), json);
      const shown = plain(((hover?.contents as string[] | undefined) ?? []).join("\n"));
      checked++;
      // The hover is the definition's title (if any), the field's description, then what a chosen value means.
      if (!expected || !shown.split("\n\n").includes(expected))
        wrong.push(`${path.join(".")}: shows ${JSON.stringify(shown)}, own ${JSON.stringify(expected)}`);
    }
    expect(checked).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });
});

describe("section types in VS Code", () => {
  const home = join(repoRoot, "site-config", "pages", "home.json");
  const text = readFileSync(home, "utf8");

  it.each([
    ["a letter left out", "service-carousel", "services-carousel"],
    ["a capital letter", "Hero", "hero"],
    ["two letters swapped", "call-to-actoin", "call-to-action"],
    ["a space for a hyphen", "text block", "text-block"],
  ])("a misspelt section type (%s) is one problem: did you mean, and the valid types", async (_name, typo, meant) => {
    const found = await diagnostics(home, text.replace('"type": "services-carousel"', `"type": "${typo}"`));
    expect(found).toHaveLength(1);
    expect(found[0]!.message).toContain(`Not a section type. Did you mean "${meant}"?`);
    for (const type of sectionTypes) expect(found[0]!.message).toContain(type);
    expect(found[0]!.message).not.toMatch(/must be|Missing property/);
  });

  it("a type like none of them is one problem listing the valid types, suggesting none", async () => {
    const found = await diagnostics(home, text.replace('"type": "services-carousel"', '"type": "quote-wall"'));
    expect(found.map((d) => d.message)).toEqual([`Not a section type. Section types: ${sectionTypes.join(", ")}.`]);
  });

  it("with the project's settings a schema problem is an error (red); with VS Code's defaults, a warning (yellow)", async () => {
    const typo = text.replace('"type": "services-carousel"', '"type": "service-carousel"');
    expect(workspace["json.validate.schemaValidation"]).toBe("error");
    expect((await diagnostics(home, typo, projectSettings)).map((d) => d.severity)).toEqual([jsonService.DiagnosticSeverity.Error]);
    expect((await diagnostics(home, typo)).map((d) => d.severity)).toEqual([jsonService.DiagnosticSeverity.Warning]);
  });

  it("a new section offers every section type once, by name, and a shared section", async () => {
    const anchor = '{ "type": "stats-band", "tone": "dark" },';
    const edited = text.replace(anchor, `${anchor}\n    ,`);
    expect((await completions(home, edited, edited.indexOf(anchor) + anchor.length + 5)).sort()).toEqual([...sectionTypes, "shared section"].sort());
  });

  it("a placed shared section: no problem, its name's hover says what it is, a field written beside it is the section's own", async () => {
    const anchor = '{ "type": "stats-band", "tone": "dark" }';
    const placed = text.replace(anchor, '{ "shared": "stats", "tone": "dark" }');
    expect(await diagnostics(home, placed)).toEqual([]);
    const { doc, json } = open(home, placed);
    const hover = await service.doHover(doc, doc.positionAt(placed.indexOf('"shared"') + 1), json);
    expect(plain(((hover?.contents as string[] | undefined) ?? []).join("\n"))).toContain(
      "The name of the shared section: its file in site-config/shared/ without .json",
    );
    expect(await diagnostics(home, placed.replace('"shared": "stats"', '"shared": 3'))).toHaveLength(1);
  });

  it('inside a section\'s type quotes, every type is offered; in an empty section, only "type"', async () => {
    const typed = text.replace('"type": "stats-band"', '"type": ""');
    const labels = await completions(home, typed, typed.indexOf('"type": ""') + 9);
    expect(labels.map((l) => l.replace(/"/g, "")).sort()).toEqual(sectionTypes);
    const anchor = '{ "type": "stats-band", "tone": "dark" },';
    const empty = text.replace(anchor, `${anchor} {  },`);
    expect(await completions(home, empty, empty.indexOf(`${anchor} {  },`) + anchor.length + 3)).toEqual(["type"]);
  });
});

describe("a value that breaks its rule, in VS Code", () => {
  const settings = join(repoRoot, "site-config", "settings.json");
  const text = readFileSync(settings, "utf8");
  it.each([
    ["a LinkedIn page without https://", '"https://www.linkedin.com', '"www.linkedin.com', "Start the address with https://."],
    ["a phone number to dial with spaces", '"dial": "+919822045310"', '"dial": "+91 98220 45310"', "Write a plus sign, the country code and the digits only"],
  ])("%s: the rule in words, as npm run validate says it", async (_name, from, to, rule) => {
    const found = await diagnostics(settings, text.replace(from, to));
    expect(found.length).toBeGreaterThan(0);
    for (const d of found) expect(d.message).toContain(rule);
  });
});
