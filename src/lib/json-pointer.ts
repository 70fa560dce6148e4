/** JSON Pointers (RFC 6901): "/sections/3/cta/label". One place for their escaping ("~0" for "~", "~1" for "/"). */

export const escapeSegment = (key: string | number): string => String(key).replace(/~/g, "~0").replace(/\//g, "~1");

const unescapeSegment = (s: string) => s.replace(/~1/g, "/").replace(/~0/g, "~");

/** "/sections/3" → ["sections", "3"]; "" (the whole document) → []. */
export const splitPointer = (pointer: string): string[] => (pointer === "" ? [] : pointer.slice(1).split("/").map(unescapeSegment));

/** ["sections", 3] → "/sections/3". */
export const joinPointer = (segments: readonly (string | number)[]): string => segments.map((s) => `/${escapeSegment(s)}`).join("");

/** The value at `pointer` inside `value`, or undefined. */
export function valueAt(value: unknown, pointer: string): unknown {
  let node = value;
  for (const segment of splitPointer(pointer)) node = node !== null && typeof node === "object" ? (node as Record<string, unknown>)[segment] : undefined;
  return node;
}
