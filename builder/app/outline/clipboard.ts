/**
 * Sections on the clipboard: copied as the JSON a page file holds (so a text editor can paste them
 * into a file's "sections"), and read back from what was pasted, with the reasons a paste is refused
 * before the site's own checks see it.
 */
import { typeTitle } from "../../shared/labels";
import type { Json, JsonObject } from "../state/types";

const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

/** The text a copy puts on the clipboard: one section as an object, several as a list, two spaces deep like the files. */
export const clipboardText = (sections: readonly Json[]) => JSON.stringify(sections.length === 1 ? sections[0] : sections, null, 2);

const NOT_A_SECTION =
  'The clipboard holds no section: copy one in the builder (Ctrl+C), or a section from a page file (from its "{" to its "}", with its "type").';

/** A section's kind: its own "type", or the shared section's it places ({ "shared": "contact" }) by `shared` (name to kind). */
export const kindIn = (section: Json, shared: ReadonlyMap<string, string>): string | undefined =>
  isObject(section)
    ? typeof section.type === "string"
      ? section.type
      : typeof section.shared === "string"
        ? shared.get(section.shared)
        : undefined
    : undefined;

/**
 * The sections in pasted text: a section, a list of them, or a whole page file (its sections), placed shared sections among
 * them. `types`: the section types this site has; `shared`: its shared sections, name to kind. A problem in plain words
 * instead when the text is not that.
 */
export function sectionsIn(
  text: string,
  types: ReadonlySet<string>,
  shared: ReadonlyMap<string, string> = new Map(),
): { sections: JsonObject[] } | { problem: string } {
  let value: unknown;
  try {
    // A section copied from the middle of a file usually ends with the comma before the next one.
    value = JSON.parse(text.trim().replace(/,$/, ""));
  } catch {
    return { problem: NOT_A_SECTION };
  }
  const list = Array.isArray(value) ? value : isObject(value) && Array.isArray(value.sections) ? value.sections : [value];
  if (list.length === 0 || !list.every((s) => isObject(s) && (typeof s.type === "string" || typeof s.shared === "string"))) return { problem: NOT_A_SECTION };
  const sections = list as JsonObject[];
  const missing = sections.find((s) => typeof s.type !== "string" && !shared.has(s.shared as string));
  if (missing) return { problem: `There is no shared section "${String(missing.shared)}" on this site (site-config/shared/): nothing was pasted.` };
  const unknown = sections.find((s) => typeof s.type === "string" && !types.has(s.type));
  if (unknown) return { problem: `"${String(unknown.type)}" is not a kind of section this site has: nothing was pasted.` };
  return { sections };
}

/**
 * A section type that a page may have only once (the schema's `oncePerPage`, with its reason) that the page would then have
 * twice; null when there is none.
 */
export function twiceOnPage(
  existing: readonly Json[],
  pasted: readonly JsonObject[],
  schemas: Record<string, { oncePerPage?: unknown }>,
  shared: ReadonlyMap<string, string> = new Map(),
): string | null {
  const all = [...existing, ...pasted];
  for (const section of pasted) {
    const type = kindIn(section, shared);
    if (!type) continue;
    const reason = schemas[type]?.oncePerPage;
    if (typeof reason !== "string") continue;
    const first = existing.findIndex((s) => kindIn(s, shared) === type);
    const count = all.filter((s) => kindIn(s, shared) === type).length;
    if (count < 2) continue;
    const where = first >= 0 ? `this page already has one (section ${first + 1})` : "the paste has two";
    return `A ${typeTitle(type)} section can be placed only once on a page, and ${where}: nothing was pasted. ${reason}`;
  }
  return null;
}
