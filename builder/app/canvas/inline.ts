/**
 * The texts of a section that can be edited in place in the canvas: those whose schema says
 * `"inlineEdit": true` (a keyword the site's checks and text editors ignore), found by walking the
 * section's value beside its bundled schema (references to `#/definitions/...` followed).
 */
import { fieldLabel } from "../../shared/labels";
import type { Json, JsonObject } from "../state/types";

type Schema = { [key: string]: unknown };

export interface InlineField {
  /** JSON Pointer inside the section: "/headline", "/cta/label", "/paragraphs/1". */
  pointer: string;
  value: string;
  /** The field's name as the form shows it: "Heading", "Button › Words on the link". */
  label: string;
}

const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

/** The schema at `node`, its `$ref` (into the bundle's definitions) followed; the node's own keywords win. */
function resolved(node: Schema, root: Schema): Schema {
  const ref = node.$ref;
  if (typeof ref !== "string" || !ref.startsWith("#/definitions/")) return node;
  const target = (root.definitions as Record<string, Schema> | undefined)?.[ref.slice("#/definitions/".length)];
  return target ? { ...resolved(target, root), ...node } : node;
}

const escaped = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");

/** Every inline-editable text of `section`, in the order of its value, with `schema` its bundled schema. */
export function inlineFields(schema: Schema, section: Json): InlineField[] {
  const out: InlineField[] = [];
  const walk = (node: Schema, value: Json, path: (string | number)[]) => {
    const here = resolved(node, schema);
    if (typeof value === "string") {
      if (here.inlineEdit === true && value.trim() !== "") out.push({ pointer: path.map((p) => `/${escaped(String(p))}`).join(""), value, label: "" });
      return;
    }
    if (Array.isArray(value) && isObject(here.items)) {
      const items = here.items;
      value.forEach((item, i) => {
        walk(items, item, [...path, i]);
      });
    } else if (isObject(value) && isObject(here.properties)) {
      const properties = here.properties as Record<string, Schema>;
      for (const [key, item] of Object.entries(value)) if (properties[key]) walk(properties[key], item, [...path, key]);
    }
  };
  walk(schema, section, []);
  return out.map((field) => ({ ...field, label: labelOf(schema, field.pointer) }));
}

const labelOf = (schema: Schema, pointer: string) =>
  fieldLabel(
    schema,
    pointer
      .split("/")
      .slice(1)
      .map((s) => (/^\d+$/.test(s) ? Number(s) : s.replace(/~1/g, "/").replace(/~0/g, "~"))),
  ).replace(/ > /g, " › ");
