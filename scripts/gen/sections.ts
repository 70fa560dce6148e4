/**
 * A section type is one folder, src/sections/<type>/: its schema (schema.json), its component
 * (<Type>.tsx, exporting <Type>) and, when it shows collection entries, what it reads from them
 * (data.ts). Everything else about it is written from those files here:
 *
 * - schemas/sections/<type>.schema.json: the schema where editors' "$schema" paths find it, with
 *   its example offered as a VS Code snippet (defaultSnippets, from "examples");
 * - schemas/section.schema.json: the union of every section type;
 * - src/generated/sections.ts: the registry's loaders (one chunk per section type);
 * - src/generated/section-data.ts: each section type's data function (server side only).
 */
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, posix, relative, sep } from "node:path";
import { writeIfChanged } from "../write-if-changed.ts";
import { categoryOf, SECTION_CATEGORIES } from "../../src/content/section-categories.ts";

type Schema = Record<string, unknown>;

export interface SectionSource {
  type: string;
  /** "IndustriesGrid" */
  component: string;
  /** The hand-written schema, as read. */
  schema: Schema;
  hasData: boolean;
}

export const pascal = (kebab: string) => kebab.replace(/(^|-)([a-z0-9])/g, (_m, _d, c: string) => c.toUpperCase());
const camel = (kebab: string) => pascal(kebab).replace(/^./, (c) => c.toLowerCase());
const toPosix = (path: string) => path.split(sep).join("/");

export class GenError extends Error {}

/** Every folder of src/sections/ that has a schema.json, checked against the naming rules. */
export function readSections(root: string): SectionSource[] {
  const dir = join(root, "src", "sections");
  const problems: string[] = [];
  const out: SectionSource[] = [];
  for (const type of readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()) {
    const folder = `src/sections/${type}`;
    const schemaFile = join(dir, type, "schema.json");
    if (!existsSync(schemaFile)) continue; // shared code, not a section type
    let schema: Schema;
    try {
      schema = JSON.parse(readFileSync(schemaFile, "utf8")) as Schema;
    } catch (err) {
      problems.push(`${folder}/schema.json is not valid JSON: ${(err as Error).message}`);
      continue;
    }
    const component = pascal(type);
    if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(type)) problems.push(`${folder}: a section folder is named in kebab-case, e.g. "industries-grid".`);
    if (schema.title !== `${component}Section`)
      problems.push(`${folder}/schema.json: "title" must be "${component}Section" (it names the generated TypeScript type).`);
    const typeProp = (schema.properties as Record<string, Schema> | undefined)?.type;
    if (typeProp?.const !== type) problems.push(`${folder}/schema.json: "properties.type" must be { "const": "${type}" }.`);
    if (!Array.isArray(schema.examples) || schema.examples.length !== 1) problems.push(`${folder}/schema.json: give one complete example under "examples".`);
    if (schema.category !== undefined && categoryOf(schema) === "Other")
      problems.push(
        `${folder}/schema.json: "category" is one of ${SECTION_CATEGORIES.map((c) => `"${c}"`).join(", ")} (the builder's library groups sections by it), or left out.`,
      );
    const componentFile = join(dir, type, `${component}.tsx`);
    if (!existsSync(componentFile)) problems.push(`${folder}: the component file ${component}.tsx is missing (it exports function ${component}).`);
    else if (!new RegExp(`export function ${component}\\b`).test(readFileSync(componentFile, "utf8"))) {
      problems.push(`${folder}/${component}.tsx must export function ${component}.`);
    }
    out.push({ type, component, schema, hasData: existsSync(join(dir, type, "data.ts")) });
  }
  if (problems.length > 0) throw new GenError(`Section folders need fixing:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  return out;
}

/** Rewrites relative "$ref"s of a schema moved from `fromDir` to `toDir` (both relative to the project). */
function rebaseRefs(node: unknown, fromDir: string, toDir: string): unknown {
  if (Array.isArray(node)) return node.map((n) => rebaseRefs(n, fromDir, toDir));
  if (!node || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => {
      if (key === "$ref" && typeof value === "string" && !value.startsWith("#") && !/^[a-z]+:/.test(value)) {
        const [file = "", fragment] = value.split("#");
        const target = posix.relative(toDir, posix.join(fromDir, file));
        return [key, fragment === undefined ? target : `${target}#${fragment}`];
      }
      return [key, key === "examples" ? value : rebaseRefs(value, fromDir, toDir)];
    }),
  );
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * A field that refers to a shared definition keeps its own description in VS Code's hover as
 * `markdownDescription`: the editor copies the definition's `description` over the field's.
 */
export function withOwnHover(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withOwnHover);
  if (!node || typeof node !== "object") return node;
  const obj = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k === "examples" ? v : withOwnHover(v)]));
  if (typeof obj.$ref === "string" && typeof obj.description === "string" && obj.markdownDescription === undefined) obj.markdownDescription = obj.description;
  return obj;
}

/** The schema as editors and Ajv read it: a banner, refs from schemas/sections/, each field's own hover text, its example. */
export function editorSchema(section: SectionSource): Schema {
  const { $schema, examples, ...rest } = withOwnHover(rebaseRefs(section.schema, `src/sections/${section.type}`, "schemas/sections")) as Schema;
  return {
    $schema,
    $comment: `GENERATED by npm run gen from src/sections/${section.type}/schema.json: do not edit. Change that file instead.`,
    ...rest,
    examples,
  };
}

/**
 * Any section: "type" is checked first against the list of types (one message for a misspelt
 * type, naming the valid ones, in VS Code as in `npm run validate`), then, once it is a known
 * type, that type's own fields (Ajv picks the branch by its discriminator). Each type is offered
 * once, by name, where a new section is typed.
 */
export function sectionUnion(sections: SectionSource[]): Schema {
  const types = sections.map((s) => s.type);
  const enumDescriptions = sections.map((s) => String(s.schema.description ?? ""));
  const list = `Section types: ${types.join(", ")}.`;
  // VS Code shows a schema's own "errorMessage" for the check that fails: a misspelt type meets the
  // check of the type it is one slip away from, whose message names it; any other, the list.
  const check = types.reduceRight<Schema>(
    (otherwise, type) => ({
      if: { type: "string", pattern: slipsOf(type, types) },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keywords, not a promise.
      then: { const: type, errorMessage: `Not a section type. Did you mean "${type}"? ${list}` },
      else: otherwise,
    }),
    { enum: types, enumDescriptions, errorMessage: `Not a section type. ${list}` },
  );
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    $comment: "GENERATED by npm run gen from the folders in src/sections/: do not edit.",
    title: "Section",
    description: 'One block of a page. Its "type" says which kind of section it is; each kind has its own fields (see docs/sections.md).',
    type: "object",
    required: ["type"],
    properties: {
      type: {
        description: "Which kind of section this is; each kind has its own fields (see docs/sections.md).",
        // The types, with what each is for, as editors offer and describe them; never failing (the check below says what is wrong).
        anyOf: [{ enum: types, enumDescriptions }, {}],
        ...check,
      },
    },
    if: { required: ["type"], properties: { type: { enum: types } } },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keywords, not a promise.
    then: { discriminator: { propertyName: "type" }, oneOf: types.map((t) => ({ $ref: `sections/${t}.schema.json` })) },
    defaultSnippets: sections.map((s) => ({ label: s.type, description: s.schema.description, body: (s.schema.examples as unknown[])[0] })),
  };
}

/**
 * A section as a page places it: one written in place (with "type"), or a shared section by name
 * (with "shared"), told apart by "if". VS Code offers a new entry the snippets of the list's own
 * schema, so every section type's is repeated here beside the shared one's.
 */
export function placedSectionSchema(sections: SectionSource[]): Schema {
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    $comment: "GENERATED by npm run gen from the folders in src/sections/: do not edit.",
    title: "PlacedSection",
    description: 'One block of a page: a section written here (with "type"), or a shared section placed by name (with "shared").',
    if: { type: "object", properties: { shared: true }, required: ["shared"] },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keywords, not a promise.
    then: { $ref: "shared-reference.schema.json" },
    else: { $ref: "section.schema.json" },
    defaultSnippets: [
      ...(sectionUnion(sections).defaultSnippets as unknown[]),
      {
        label: "shared section",
        description:
          'A section stored once in site-config/shared/ and shown on every page that names it. Fields written beside "shared" replace the shared one\'s on this page only.',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a VS Code snippet's placeholder, not a template.
        body: { shared: "${1:contact}" },
      },
    ],
  };
}

/**
 * A regular expression for the names one slip away from `type` (a letter left out, added, changed
 * or swapped with its neighbour; or the name in other capitals), other section types excepted.
 */
export function slipsOf(type: string, types: readonly string[]): string {
  const slips = new Set<string>();
  const chars = [...type];
  // Section types are kebab-case: only letters, digits and "-", which is literal outside [...] (and must not be escaped under the "u" flag).
  const literal = (cs: string[]) => cs.join("");
  for (let i = 0; i <= chars.length; i++) {
    // Inserted before i, then (where there is a letter at i) left out, replaced, swapped with the next.
    slips.add(`${literal(chars.slice(0, i))}.${literal(chars.slice(i))}`);
    if (i === chars.length) continue;
    slips.add(literal([...chars.slice(0, i), ...chars.slice(i + 1)]));
    slips.add(`${literal(chars.slice(0, i))}.${literal(chars.slice(i + 1))}`);
    if (i + 1 < chars.length) slips.add(literal([...chars.slice(0, i), chars[i + 1] as string, chars[i] as string, ...chars.slice(i + 2)]));
  }
  const anyCase = chars.map((c) => (/[a-z]/.test(c) ? `[${c}${c.toUpperCase()}]` : literal([c]))).join("");
  return `^(?!(?:${types.map((t) => literal([t])).join("|")})$)(?:${[...slips, anyCase].join("|")})$`;
}

export function writeSections(root: string, sections: SectionSource[]): string[] {
  const written: string[] = [];
  const write = (rel: string, text: string) => {
    if (writeIfChanged(join(root, rel), text)) written.push(rel);
  };
  const schemaDir = join(root, "schemas", "sections");
  for (const s of sections) write(`schemas/sections/${s.type}.schema.json`, json(editorSchema(s)));
  // A section folder that was removed takes its generated schema with it.
  if (existsSync(schemaDir)) {
    for (const file of readdirSync(schemaDir)) {
      if (!sections.some((s) => `${s.type}.schema.json` === file)) {
        rmSync(join(schemaDir, file));
        written.push(`schemas/sections/${file} (removed)`);
      }
    }
  }
  write("schemas/section.schema.json", json(sectionUnion(sections)));
  write("schemas/placed-section.schema.json", json(placedSectionSchema(sections)));

  const banner = (what: string) => [`/**`, ` * GENERATED by npm run gen from the folders in src/sections/: do not edit.`, ` * ${what}`, ` */`];
  write(
    "src/generated/sections.ts",
    [
      ...banner("Each section type's component, loaded on demand (one chunk per type); see src/sections/registry.tsx."),
      "",
      `export const SECTION_TYPES = ${JSON.stringify(sections.map((s) => s.type))} as const;`,
      "",
      "export const sectionLoaders = {",
      ...sections.map((s) => `  ${JSON.stringify(s.type)}: () => import("../sections/${s.type}/${s.component}").then((m) => m.${s.component}),`),
      "};",
      "",
    ].join("\n"),
  );
  const withData = sections.filter((s) => s.hasData);
  write(
    "src/generated/section-data.ts",
    [
      ...banner("What each section type reads from the collections (its data.ts); used by src/content/ at build time, never in the browser."),
      ...withData.map((s) => `import ${camel(s.type)} from "../sections/${s.type}/data.ts";`),
      "",
      "export const sectionData = {",
      ...withData.map((s) => `  ${JSON.stringify(s.type)}: ${camel(s.type)},`),
      "};",
      "",
    ].join("\n"),
  );
  return written;
}

/** Relative path from one project file to another, for messages. */
export const projectPath = (root: string, file: string) => toPosix(relative(root, file)) || dirname(file);
