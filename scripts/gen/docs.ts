/**
 * Renders docs/sections.md, the section reference, from schemas/: for each
 * section type its purpose, every field (type, required or not, allowed
 * values, description) and its example. Written by npm run gen, after the
 * section schemas, from the generated copies under schemas/sections/.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

type Schema = Record<string, unknown>;

const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === "number" ? v : undefined);
const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");
const code = (v: unknown) => `\`${typeof v === "string" ? JSON.stringify(v) : JSON.stringify(v)}\``;

interface Loader {
  /** A schema file under schemas/, parsed once. */
  file(rel: string): Schema;
}

function loader(schemasDir: string): Loader {
  const cache = new Map<string, Schema>();
  return {
    file(rel) {
      let s = cache.get(rel);
      if (!s) {
        s = JSON.parse(readFileSync(join(schemasDir, rel), "utf8")) as Schema;
        cache.set(rel, s);
      }
      return s;
    },
  };
}

/** Follows a "$ref" (relative to the file it is in); the sibling keywords win over the target's, as editors show them. */
function resolve(node: Schema, fromFile: string, load: Loader): { schema: Schema; file: string } {
  const ref = str(node.$ref);
  if (!ref) return { schema: node, file: fromFile };
  const [target = "", fragment = ""] = ref.split("#");
  const dir = fromFile.includes("/") ? fromFile.slice(0, fromFile.lastIndexOf("/") + 1) : "";
  const file = target === "" ? fromFile : join(dir, target).split("\\").join("/");
  let schema: Schema = load.file(file);
  for (const seg of fragment.split("/").filter(Boolean)) schema = schema[seg] as Schema;
  const resolved = resolve(schema, file, load);
  const { $ref: _ref, ...siblings } = node;
  return { schema: { ...resolved.schema, ...siblings }, file: resolved.file };
}

function lengthRange(min: number | undefined, max: number | undefined, unit: string): string {
  if (min !== undefined && max !== undefined) return min === max ? `${min} ${unit}` : `${min} to ${max} ${unit}`;
  if (max !== undefined) return `up to ${max} ${unit}`;
  if (min !== undefined) return `at least ${min} ${unit}`;
  return "";
}

/** "text, 1 to 90 characters", "list of 1 to 5", "whole number from 1 to 24"... */
function typeOf(s: Schema): string {
  if (s.const !== undefined) return `always ${code(s.const)}`;
  if (Array.isArray(s.enum)) return "one of the allowed values";
  const type = str(s.type);
  const parts: string[] = [];
  switch (type) {
    case "string": {
      let t = "text";
      if (s.link) t = 'link: a page address ("/about-us") or a web address';
      else if (s.assetPath) t = "path of a file in public/";
      else if (str(s.collectionRef)) t = `id of an entry in collections/${s.collectionRef}.json`;
      else if (s.format === "uri") t = "web address";
      else if (s.format === "email") t = "e-mail address";
      parts.push(t);
      const range = lengthRange(num(s.minLength), num(s.maxLength), "characters");
      if (range && !s.assetPath && !s.link && !s.collectionRef && !s.enum) parts.push(range);
      if (num(s.recommendedMaxLength) !== undefined) parts.push(`up to ${s.recommendedMaxLength} reads best (longer gives a warning)`);
      break;
    }
    case "integer":
    case "number": {
      parts.push(type === "integer" ? "whole number" : "number");
      const min = num(s.minimum);
      const max = num(s.maximum);
      if (min !== undefined && max !== undefined) parts.push(`${min} to ${max}`);
      else if (min !== undefined) parts.push(`at least ${min}`);
      else if (max !== undefined) parts.push(`at most ${max}`);
      break;
    }
    case "boolean":
      parts.push("true or false");
      break;
    case "array": {
      const range = lengthRange(num(s.minItems), num(s.maxItems), "entries");
      parts.push(`list${range ? ` of ${range}` : ""}${s.uniqueItems ? ", no repeats" : ""}`);
      break;
    }
    case "object":
      parts.push(s.requiresAlt ? "picture" : "object");
      break;
    default:
      parts.push(type ?? "any");
  }
  return parts.join(", ");
}

function allowedValues(s: Schema): string {
  if (!Array.isArray(s.enum)) return "";
  const descriptions = Array.isArray(s.enumDescriptions) ? s.enumDescriptions : [];
  return s.enum.map((v, i) => `${code(v)}${typeof descriptions[i] === "string" ? `: ${descriptions[i]}` : ""}`).join("<br>");
}

interface Row {
  field: string;
  type: string;
  required: string;
  allowed: string;
  description: string;
}

function rows(node: Schema, file: string, load: Loader, prefix: string, out: Row[]) {
  const props = (node.properties ?? {}) as Record<string, Schema>;
  const required = Array.isArray(node.required) ? (node.required as string[]) : [];
  for (const [name, raw] of Object.entries(props)) {
    const { schema, file: at } = resolve(raw, file, load);
    const field = `${prefix}${name}`;
    const def = schema.default !== undefined ? ` Default: ${code(schema.default)}.` : "";
    let item: { schema: Schema; file: string } | undefined;
    if (schema.type === "array" && schema.items && typeof schema.items === "object") item = resolve(schema.items as Schema, at, load);
    const itemType = item && item.schema.type !== "object" ? ` of ${typeOf(item.schema)}` : item ? " of objects" : "";
    out.push({
      field: `\`${field}\``,
      type: typeOf(schema) + itemType,
      required: required.includes(name) ? "yes" : "no",
      allowed: allowedValues(item && item.schema.type !== "object" ? item.schema : schema),
      description: `${str(schema.description) ?? ""}${def}`,
    });
    if (schema.type === "object") rows(schema, at, load, `${field}.`, out);
    if (item && item.schema.type === "object") rows(item.schema, item.file, load, `${field}[].`, out);
  }
}

export function sectionTypes(schemasDir: string): string[] {
  return readdirSync(join(schemasDir, "sections"))
    .filter((f) => f.endsWith(".schema.json"))
    .map((f) => f.slice(0, -".schema.json".length))
    .sort();
}

/** How a section is stored once and placed by name (src/content/shared.ts). */
const SHARED_SECTIONS = [
  "## Shared sections",
  "",
  "A section that several pages show can be stored once, in `site-config/shared/<name>.json`, and placed",
  "on any page by its name; the site's contact section, testimonials and portfolio are. The file holds one",
  'section under `"section"`:',
  "",
  "```json",
  "{",
  '  "$schema": "../../schemas/shared-section.schema.json",',
  '  "section": { "type": "contact", "kicker": "Let\'s connect", "heading": "Ready to Lead with Innovation?", "pitch": "…", "formTitle": "…", "tone": "light" }',
  "}",
  "```",
  "",
  'A page places it with `"shared"` and the file\'s name. Any field written beside it replaces the shared',
  "section's field of that name on that page only; everything else comes from the shared file:",
  "",
  "```json",
  '"sections": [',
  '  { "type": "page-banner", … },',
  '  { "shared": "contact" },',
  '  { "shared": "testimonials", "tone": "muted" }',
  "]",
  "```",
  "",
  "Editing the shared file changes every page that places it; the site renders each page exactly as if",
  "the section were written in it. A shared file may itself place another shared section with fields of",
  'its own (`{ "shared": "contact", "tone": "dark" }`: a dark variant). `npm run validate` reports a name',
  'no shared file has, a field the section does not have or of the wrong type, a changed `"type"`, shared',
  "sections that place each other in a circle, and (as a warning) a shared file no page places.",
  "",
  'In the page builder, "Make shared…" (in a section\'s fields) stores a section this way, and "Add a section"',
  'lists the shared sections first; a field changed on one page is that page\'s own, with "Use the shared text"',
  "to drop it ([the guide](editing.md#change-the-contact-section-on-every-page)).",
  "",
];

export function renderSectionsDoc(schemasDir: string): string {
  const load = loader(schemasDir);
  const types = sectionTypes(schemasDir);
  const out: string[] = [
    "<!-- GENERATED by npm run gen from src/sections/*/schema.json: do not edit. -->",
    "",
    "# Section reference",
    "",
    "Every kind of section a page can contain, with every field it takes. A page's",
    '`"sections"` list (in `site-config/pages/<name>.json`) holds one entry per section,',
    'top to bottom; its `"type"` says which kind it is. To see them all rendered, run',
    "`npm run dev` and open http://localhost:5173/__sections. How to edit pages:",
    "[the editor guide](editing.md).",
    "",
    "This file is generated from each section's `src/sections/<type>/schema.json` by `npm run gen`.",
    "",
    "| type | what it is for |",
    "| --- | --- |",
    ...types.map((t) => `| [\`${t}\`](#${t}) | ${cell(str(load.file(`sections/${t}.schema.json`).description) ?? "")} |`),
    "",
    ...SHARED_SECTIONS,
  ];
  for (const type of types) {
    const file = `sections/${type}.schema.json`;
    const schema = load.file(file);
    const list: Row[] = [];
    rows(schema, file, load, "", list);
    const example = Array.isArray(schema.examples) ? schema.examples[0] : undefined;
    const once = str(schema.oncePerPage);
    out.push(
      `## ${type}`,
      "",
      str(schema.description) ?? "",
      "",
      ...(once ? [`A page can have only one ${type} section. ${once}`, ""] : []),
      "| field | type | required | allowed values | description |",
      "| --- | --- | --- | --- | --- |",
      ...list.map((r) => `| ${r.field} | ${cell(r.type)} | ${r.required} | ${cell(r.allowed)} | ${cell(r.description)} |`),
      "",
      "Example:",
      "",
      "```json",
      JSON.stringify(example, null, 2),
      "```",
      "",
    );
  }
  return out.join("\n");
}
