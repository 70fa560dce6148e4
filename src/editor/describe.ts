/**
 * A change to a content file in plain words, one line per thing changed: "Section 3 (Testimonials
 * carousel) added", "Section 1 (Hero): Heading changed from “A” to “B”". What the page builder's
 * Changes view and conflict view show (the JSON diff is one click away), and what the studio
 * writes as commit messages.
 */
import { dequal } from "dequal";
import type { JsonValue } from "../content/json-source.ts";
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
}

/** “A short text”, cut at 60 characters; other values in words. */
export function quote(value: Json | undefined): string {
  if (typeof value === "string") return `“${value.length > 60 ? `${value.slice(0, 59)}…` : value}”`;
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "on" : "off";
  if (Array.isArray(value)) return value.length === 1 ? "1 entry" : `${value.length} entries`;
  return "a value";
}

/** Each changed field under `path`, in words: "Heading changed from “A” to “B”". */
function fieldChanges(before: Json | undefined, after: Json | undefined, path: (string | number)[], schema: Schema | undefined, out: string[]) {
  if (dequal(before, after)) return;
  const name = () => (schema ? fieldLabel(schema, path) : path.join(" > "));
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
  if (before === undefined) out.push(`${name()} set to ${quote(after)}`);
  else if (after === undefined) out.push(`${name()} removed (was ${quote(before)})`);
  else if (Array.isArray(before) && Array.isArray(after))
    out.push(
      `${name()}: ${after.length > before.length ? `${plural(after.length - before.length)} added` : `${plural(before.length - after.length)} removed`}`,
    );
  else if (typeof before === "boolean" && typeof after === "boolean") out.push(`${name()} turned ${quote(after)}`);
  else out.push(`${name()} changed from ${quote(before)} to ${quote(after)}`);
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

export function describeChanges(before: Json, after: Json, options: DescribeOptions): string[] {
  const { listKey, schema, entrySchema, maxFields = 3 } = options;
  const out: string[] = [];
  const own = (v: Json) => (listKey && isObject(v) ? Object.fromEntries(Object.entries(v).filter(([k]) => k !== listKey)) : v);
  fieldChanges(own(before), own(after), [], schema, out);
  if (!listKey) return out;

  const list = (v: Json) => (isObject(v) && Array.isArray(v[listKey]) ? (v[listKey] as Json[]) : []);
  const B = list(before);
  const A = list(after);
  const origins = options.origins ?? align(B, A);
  const noun = listKey === "sections" ? "Section" : "Entry";
  const name = (entry: Json, position: number) => {
    const kind = kindOf(entry);
    return kind ? `${noun} ${position + 1} (${kind})` : `${noun} ${position + 1} (${labelOf(entry, "untitled")})`;
  };
  const kept = new Set(origins.filter((o): o is number => o !== null));
  B.forEach((entry, i) => {
    if (!kept.has(i)) out.push(`${name(entry, i)} removed`);
  });
  const ordered = inOrder(origins);
  A.forEach((entry, j) => {
    const origin = origins[j] ?? null;
    if (origin === null) {
      out.push(`${name(entry, j)} added`);
      return;
    }
    if (!ordered.has(j)) {
      const kind = kindOf(entry);
      const label = labelOf(entry, kind ?? "An entry");
      out.push(`${label}${kind && kind !== label ? ` (${kind})` : ""} moved from ${origin + 1} to ${j + 1}`);
    }
    const fields: string[] = [];
    fieldChanges(B[origin], entry, [], entrySchema?.(entry), fields);
    if (fields.length === 0) return;
    const shown = fields.slice(0, maxFields);
    const more = fields.length - shown.length;
    out.push(`${name(entry, j)}: ${shown.join("; ")}${more > 0 ? `; and ${more} more ${more === 1 ? "change" : "changes"}` : ""}`);
  });
  return out;
}
