/**
 * What the page builder calls things, in words: a section's kind ("Stats band"), an entry by its
 * own heading or name, a field by its schema's title. One place, for the builder's screens, its
 * descriptions of changes and the studio's commit messages.
 */
import type { JsonValue } from "../../src/content/json-source.ts";

type Json = JsonValue;
export type Schema = { [key: string]: unknown };

const isObject = (v: unknown): v is { [key: string]: Json } => typeof v === "object" && v !== null && !Array.isArray(v);

/** "stats-band" → "Stats band". */
export const typeTitle = (type: string) => type.charAt(0).toUpperCase() + type.slice(1).replace(/-/g, " ");

/** What an entry is called: its own heading or name, else `fallback`. */
export function labelOf(entry: Json | undefined, fallback: string, max = 48): string {
  if (!isObject(entry)) return fallback;
  for (const key of ["headline", "title", "heading", "name", "label", "id"]) {
    const v = entry[key];
    if (typeof v === "string" && v.trim()) return v.length > max ? `${v.slice(0, max - 1)}…` : v;
  }
  return fallback;
}

/** The kind of a list entry: a section's type in words, a placed shared section by its name, or undefined for a collection entry. */
export const kindOf = (entry: Json | undefined): string | undefined =>
  !isObject(entry)
    ? undefined
    : typeof entry.shared === "string"
      ? `Shared section "${entry.shared}"`
      : typeof entry.type === "string"
        ? typeTitle(entry.type)
        : undefined;

/** A title meant for people, not a type's name ("EntryId", "HeroSection"): the schemas' rule for labels. */
export const isWords = (title: unknown): title is string => typeof title === "string" && !/^[A-Z][a-z]+[A-Z]\w*$/.test(title);

/** A field without a title in words is named from its key: "ctaLabel" → "Cta label" (the schema tests require titles; this is the last resort). */
export function humanize(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[-_]/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Follows a local reference (#/definitions/x) in a bundled schema, keeping the siblings of "$ref" (a field's own title and description). */
export function deref(root: Schema, node: Schema): Schema {
  const ref = node.$ref;
  if (typeof ref !== "string" || !ref.startsWith("#/definitions/")) return node;
  const target = (root.definitions as Record<string, Schema> | undefined)?.[ref.slice("#/definitions/".length)];
  if (!target) return node;
  const { $ref: _, ...own } = node;
  return { ...deref(root, target), ...own };
}

/** The schema of the value at `path` (keys and list indexes) under `root`, or undefined. */
export function schemaAt(root: Schema, path: readonly (string | number)[]): Schema | undefined {
  let node: Schema | undefined = deref(root, root);
  for (const segment of path) {
    if (!node) return undefined;
    if (typeof segment === "number") node = isObject(node.items as Json) ? deref(root, node.items as Schema) : undefined;
    else
      node = isObject((node.properties as Record<string, Json> | undefined)?.[segment])
        ? deref(root, (node.properties as Record<string, Schema>)[segment] as Schema)
        : undefined;
  }
  return node;
}

/** How a field is named to people: "Button > Label", "Paragraphs > Paragraph 2". */
export function fieldLabel(root: Schema, path: readonly (string | number)[]): string {
  const parts: string[] = [];
  for (let i = 0; i < path.length; i++) {
    const segment = path[i] as string | number;
    const schema = schemaAt(root, path.slice(0, i + 1));
    if (typeof segment === "number") {
      const title = schema?.title;
      parts.push(`${isWords(title) ? title : "Entry"} ${segment + 1}`);
    } else {
      const title = schema?.title;
      parts.push(isWords(title) ? title : humanize(segment));
    }
  }
  return parts.join(" > ");
}
