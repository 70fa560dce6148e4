/** What a content file is to the builder, for its browser side and its servers alike: its list, what a person calls it, how its changes are described. */
import type { DescribeOptions } from "./describe.ts";
import type { Schema } from "./labels.ts";
import type { JsonValue } from "../../src/content/json-source.ts";
import type { EditorFile, EditorState, FileKind } from "./types.ts";

type SharedSummary = EditorState["shared"][number];

/** The list the builder shows entries of: "sections" of pages and the template, "items" of collections. */
export const listKey = (kind: FileKind): "sections" | "items" | null =>
  kind === "page" || kind === "template" ? "sections" : kind === "collection" ? "items" : null;

/** What a person calls a file: "Page /about-us", "Collection: services", "Settings". */
export function fileTitle(file: EditorFile): string {
  if (file.kind === "page") return `Page ${file.route ?? file.name}`;
  if (file.kind === "collection") return `Collection: ${file.name}`;
  if (file.kind === "shared") return `Shared section: ${file.name}`;
  return file.name;
}

export interface Schemas {
  sections: Record<string, Schema>;
  documents: Record<string, Schema>;
}

/** The schema of one entry of the file's list: a section's by its type, a collection's entry schema. */
export function entrySchema(file: EditorFile, schemas: Schemas, entry: JsonValue): Schema | undefined {
  if (file.kind === "collection") return schemas.documents[file.schema];
  const type = entry && typeof entry === "object" && !Array.isArray(entry) && typeof entry.type === "string" ? entry.type : undefined;
  return type ? schemas.sections[type] : undefined;
}

/**
 * A placed shared section ({ "shared": "contact", ...its own fields }) as the page shows it, by the
 * shared sections' summaries: the shared section with the page's fields over it, its type the shared
 * one's (src/content/shared.ts does the same for the site); undefined for another entry or an unknown name.
 */
export function placedAs(entry: JsonValue, shared: readonly SharedSummary[]): { [key: string]: JsonValue } | undefined {
  if (!entry || typeof entry !== "object" || Array.isArray(entry) || typeof entry.shared !== "string") return undefined;
  const section = shared.find((s) => s.name === entry.shared)?.section;
  if (!section || typeof section !== "object" || Array.isArray(section)) return undefined;
  const { shared: _, type: __, ...own } = entry;
  return { ...section, ...own };
}

export const describeOptions = (file: EditorFile, schemas: Schemas, shared: readonly SharedSummary[] = []): DescribeOptions => ({
  listKey: listKey(file.kind),
  schema: file.kind === "collection" ? undefined : schemas.documents[file.schema],
  entrySchema: (entry) => entrySchema(file, schemas, placedAs(entry, shared) ?? entry),
  placed: (entry) => placedAs(entry, shared),
});
