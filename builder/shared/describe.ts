/**
 * A change to a content file in plain words, one line per thing changed: "Section 3 (Testimonials
 * carousel) added", "Section 1 (Hero): Heading changed from “A” to “B”". What the page builder's
 * Changes view and conflict view show (the JSON diff is one click away), and what the studio
 * writes as commit messages.
 */
import { dequal } from "dequal";
import type { JsonValue } from "../../src/content/json-source.ts";
import { fieldLabel, kindOf, labelOf, type Schema } from "./labels.ts";
import { align } from "./merge.ts";

type Json = JsonValue;
type JsonObject = { [key: string]: Json };

const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

export interface DescribeOptions {
  /** The file's list ("sections", "items"), described entry by entry; null for a file without one. */
  listKey: string | null;
  /** The schema of the file itself (its own fields), bundled. */
  schema?: Schema;
  /** The schema of one list entry (a section's by its type, a collection's entry schema). */
  entrySchema?: (entry: Json) => Schema | undefined;
  /** For each entry of the new list, the entry of the old one it comes from (the builder knows); else aligned by content. */
  origins?: readonly (number | null)[];
  /** At most this many field changes are named per entry; the rest are counted. */
  maxFields?: number;
  /** A placed shared section as the page shows it (named by its heading and kind), or undefined for any other entry. */
  placed?: (entry: Json) => Json | undefined;
}

/** “A short text”, cut at 60 characters; other values in words. */
export function quote(value: Json | undefined): string {
  if (typeof value === "string") return `“${value.length > 60 ? `${value.slice(0, 59)}…` : value}”`;
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "on" : "off";
  if (Array.isArray(value)) return value.length === 1 ? "1 entry" : `${value.length} entries`;
  return "a value";
}

const QUOTE_MAX = 60;
/** Characters of the text kept before its first difference, when a window of a long text is quoted. */
const QUOTE_LEAD = 20;

/**
 * Two versions of a text, quoted so that the difference shows: a long text is cut to a window that
 * starts a little before the first character that differs, the same for both ("…DevOps, QA…" to "…DevOps, testing…").
 */
export function quotePair(before: string, after: string): [string, string] {
  if (before.length <= QUOTE_MAX && after.length <= QUOTE_MAX) return [quote(before), quote(after)];
  let first = 0;
  while (first < before.length && first < after.length && before[first] === after[first]) first++;
  // From the start of the word the window would cut.
  const word = before.lastIndexOf(" ", first - QUOTE_LEAD) + 1;
  const start = first <= QUOTE_LEAD ? 0 : first - word < QUOTE_MAX / 2 ? word : first - QUOTE_LEAD;
  const window = (text: string) => {
    const end = start + QUOTE_MAX - 1;
    return `“${start > 0 ? "…" : ""}${text.slice(start, end)}${text.length > end ? "…" : ""}”`;
  };
  return [window(before), window(after)];
}

/** One field that differs between two versions: its name in the schema's words and both values (undefined: not there). */
export interface FieldChange {
  field: string;
  before: Json | undefined;
  after: Json | undefined;
}

/** Each changed field under `path` (lists of the same length entry by entry, objects key by key). */
function fieldChanges(before: Json | undefined, after: Json | undefined, path: (string | number)[], schema: Schema | undefined, out: FieldChange[]) {
  if (dequal(before, after)) return;
  if (isObject(before) && isObject(after)) {
    for (const key of [...new Set([...Object.keys(before), ...Object.keys(after)])]) {
      if (key === "type" || key === "$schema") continue;
      fieldChanges(before[key], after[key], [...path, key], schema, out);
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    before.forEach((item, i) => {
      fieldChanges(item, after[i], [...path, i], schema, out);
    });
    return;
  }
  out.push({ field: schema ? fieldLabel(schema, path) : path.join(" > "), before, after });
}

/** A field's change in words: "Heading changed from “A” to “B”". */
export function fieldLine({ field, before, after }: FieldChange): string {
  if (before === undefined) return `${field} set to ${quote(after)}`;
  if (after === undefined) return `${field} removed (was ${quote(before)})`;
  if (Array.isArray(before) && Array.isArray(after))
    return `${field}: ${after.length > before.length ? `${plural(after.length - before.length)} added` : `${plural(before.length - after.length)} removed`}`;
  if (typeof before === "boolean" && typeof after === "boolean") return `${field} turned ${quote(after)}`;
  if (typeof before === "string" && typeof after === "string") {
    const [from, to] = quotePair(before, after);
    return `${field} changed from ${from} to ${to}`;
  }
  return `${field} changed from ${quote(before)} to ${quote(after)}`;
}

const plural = (n: number) => (n === 1 ? "1 entry" : `${n} entries`);

/**
 * Positions that stay in order (a longest increasing run of origins): the others moved. Of equally
 * long runs, the one keeping the entries that came first: a section moved up is the one named as moved.
 */
function inOrder(origins: readonly (number | null)[]): Set<number> {
  const items = origins.map((o, i) => ({ o, i })).filter((x): x is { o: number; i: number } => x.o !== null);
  const best: number[] = items.map(() => 1);
  const prev: number[] = items.map(() => -1);
  const origin = (k: number) => (items[k] as { o: number }).o;
  items.forEach((x, k) => {
    for (let j = 0; j < k; j++) {
      if (origin(j) >= x.o) continue;
      const length = (best[j] as number) + 1;
      const current = prev[k] as number;
      if (length > (best[k] as number) || (length === best[k] && current >= 0 && origin(j) < origin(current))) {
        best[k] = length;
        prev[k] = j;
      }
    }
  });
  const longest = Math.max(0, ...best);
  let k = -1;
  items.forEach((_, j) => {
    if (best[j] === longest && (k < 0 || origin(j) < origin(k))) k = j;
  });
  const keep = new Set<number>();
  while (k >= 0) {
    keep.add((items[k] as { i: number }).i);
    k = prev[k] as number;
  }
  return keep;
}

/** What differs between two versions of a file, thing by thing, in the order the words name them. */
export type Difference =
  /** A field of the file itself. */
  | { kind: "field"; change: FieldChange }
  | { kind: "removed"; title: string; entry: Json }
  | { kind: "added"; title: string; entry: Json }
  | { kind: "moved"; text: string }
  /** Fields of an entry (a section, a collection's entry) that is in both. */
  | { kind: "entry"; title: string; fields: FieldChange[] };

export function compareVersions(before: Json, after: Json, options: DescribeOptions): Difference[] {
  const { listKey, schema, entrySchema } = options;
  const own = (v: Json) => (listKey && isObject(v) ? Object.fromEntries(Object.entries(v).filter(([k]) => k !== listKey)) : v);
  const fields: FieldChange[] = [];
  fieldChanges(own(before), own(after), [], schema, fields);
  const out: Difference[] = fields.map((change) => ({ kind: "field", change }));
  if (!listKey) return out;

  const list = (v: Json) => (isObject(v) && Array.isArray(v[listKey]) ? (v[listKey] as Json[]) : []);
  const B = list(before);
  const A = list(after);
  const origins = options.origins ?? align(B, A);
  const noun = listKey === "sections" ? "Section" : "Entry";
  // A placed shared section by what it shows: "Testimonials carousel, shared "testimonials"".
  const kindIn = (entry: Json) => {
    const shown = options.placed?.(entry);
    return shown && isObject(entry) ? `${kindOf(shown)}, shared "${String(entry.shared)}"` : kindOf(entry);
  };
  const name = (entry: Json, position: number) => {
    const kind = kindIn(entry);
    return kind ? `${noun} ${position + 1} (${kind})` : `${noun} ${position + 1} (${labelOf(entry, "untitled")})`;
  };
  const kept = new Set(origins.filter((o): o is number => o !== null));
  B.forEach((entry, i) => {
    if (!kept.has(i)) out.push({ kind: "removed", title: name(entry, i), entry });
  });
  const ordered = inOrder(origins);
  A.forEach((entry, j) => {
    const origin = origins[j] ?? null;
    if (origin === null) {
      out.push({ kind: "added", title: name(entry, j), entry });
      return;
    }
    if (!ordered.has(j)) {
      const kind = kindIn(entry);
      const label = labelOf(options.placed?.(entry) ?? entry, kind ?? "An entry");
      out.push({ kind: "moved", text: `${label}${kind && kind !== label ? ` (${kind})` : ""} moved from ${origin + 1} to ${j + 1}` });
    }
    const changed: FieldChange[] = [];
    // The same shared section placed before and after: its fields as the page shows them (a field of its own set or dropped).
    const was = B[origin] as Json;
    const same = isObject(was) && isObject(entry) && typeof entry.shared === "string" && was.shared === entry.shared;
    const [from, to] = same ? [options.placed?.(was) ?? was, options.placed?.(entry) ?? entry] : [was, entry];
    fieldChanges(from, to, [], entrySchema?.(entry), changed);
    if (changed.length > 0) out.push({ kind: "entry", title: name(entry, j), fields: changed });
  });
  return out;
}

/** The differences in words, one line each; at most `maxFields` fields named per entry, the rest counted. */
export function describeChanges(before: Json, after: Json, options: DescribeOptions): string[] {
  const { maxFields = 3 } = options;
  return compareVersions(before, after, options).map((d) => {
    if (d.kind === "field") return fieldLine(d.change);
    if (d.kind === "removed") return `${d.title} removed`;
    if (d.kind === "added") return `${d.title} added`;
    if (d.kind === "moved") return d.text;
    const shown = d.fields.slice(0, maxFields).map(fieldLine);
    const more = d.fields.length - shown.length;
    return `${d.title}: ${shown.join("; ")}${more > 0 ? `; and ${more} more ${more === 1 ? "change" : "changes"}` : ""}`;
  });
}
