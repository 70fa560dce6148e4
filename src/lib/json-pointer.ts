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

/** A copy of `value` with `next` at `segments` (copied along the path only); `undefined` removes an object's key. */
export function withValueAt(value: unknown, segments: readonly string[], next: unknown): unknown {
  if (segments.length === 0) return next;
  const [head, ...rest] = segments as [string, ...string[]];
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[Number(head)] = withValueAt(value[Number(head)], rest, next);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(value !== null && typeof value === "object" ? value : {}) };
  const inner = withValueAt(copy[head], rest, next);
  if (inner === undefined) delete copy[head];
  else copy[head] = inner;
  return copy;
}

/** Every text inside `value` with its JSON Pointer (under `base`), in document order. */
export function textsIn(value: unknown, base = ""): { pointer: string; text: string }[] {
  if (typeof value === "string") return [{ pointer: base, text: value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => textsIn(v, `${base}/${i}`));
  if (value !== null && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => textsIn(v, `${base}/${escapeSegment(k)}`));
  return [];
}
