/**
 * Two versions of a content file from one base, put together: the page builder's edits and a change
 * made on disk meanwhile (by hand, by Git, by another editor). Edits to different sections (or
 * entries, or fields) merge; the same thing changed on both sides is a conflict, named in words,
 * and nothing is merged. Also how a list's entries correspond between two versions (align), which
 * the descriptions of changes use too.
 */
import { dequal } from "dequal";
import type { JsonValue } from "../../src/content/json-source.ts";
import { kindOf, labelOf } from "./labels.ts";

type Json = JsonValue;
type JsonObject = { [key: string]: Json };

const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

/** What identifies an entry across versions besides its content: a collection entry's id, a section's type. */
const identity = (entry: Json): string | undefined =>
  isObject(entry) ? (typeof entry.id === "string" || typeof entry.id === "number" ? `id:${entry.id}` : undefined) : undefined;
const sameKind = (a: Json, b: Json) => (isObject(a) && isObject(b) ? a.type === b.type : typeof a === typeof b);

/**
 * For each entry of `after`, the index of the entry of `before` it is (unchanged, moved or
 * changed), or null for a new one. Unchanged entries in order first (longest common
 * subsequence), then unchanged ones that moved, then entries with the same id, then entries of
 * the same kind between the same neighbours (a changed section).
 */
export function align(before: readonly Json[], after: readonly Json[]): (number | null)[] {
  const n = before.length;
  const m = after.length;
  const out: (number | null)[] = Array(m).fill(null);
  const used = new Set<number>();
  // Longest common subsequence of equal entries.
  const table = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  const equal = (i: number, j: number) => dequal(before[i], after[j]);
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      (table[i] as number[])[j] = equal(i, j)
        ? ((table[i + 1] as number[])[j + 1] as number) + 1
        : Math.max((table[i + 1] as number[])[j] as number, (table[i] as number[])[j + 1] as number);
  for (let i = 0, j = 0; i < n && j < m; ) {
    if (equal(i, j)) {
      out[j] = i;
      used.add(i);
      i++;
      j++;
    } else if (((table[i + 1] as number[])[j] as number) >= ((table[i] as number[])[j + 1] as number)) i++;
    else j++;
  }
  const take = (j: number, pick: (i: number) => boolean) => {
    for (let i = 0; i < n; i++)
      if (!used.has(i) && pick(i)) {
        out[j] = i;
        used.add(i);
        return;
      }
  };
  // Moved: equal entries outside the common order.
  for (let j = 0; j < m; j++) if (out[j] === null) take(j, (i) => equal(i, j));
  // Changed, known by id.
  for (let j = 0; j < m; j++) {
    const id = identity(after[j] as Json);
    if (out[j] === null && id) take(j, (i) => identity(before[i] as Json) === id);
  }
  // Changed in place: the same kind of entry between the same matched neighbours.
  for (let j = 0; j < m; j++) {
    if (out[j] !== null) continue;
    let low = -1;
    for (let k = j - 1; k >= 0; k--)
      if (out[k] !== null) {
        low = out[k] as number;
        break;
      }
    let high = n;
    for (let k = j + 1; k < m; k++)
      if (out[k] !== null) {
        high = out[k] as number;
        break;
      }
    take(j, (i) => i > low && i < high && !identity(before[i] as Json) && sameKind(before[i] as Json, after[j] as Json));
  }
  return out;
}

/** How one side changed a list against the base, by base index. */
interface ListChange {
  /** Base indexes whose entry this side changed. */
  changed: Set<number>;
  removed: Set<number>;
  added: number;
  /** Entries kept but in another order. */
  reordered: boolean;
}

function listChange(base: readonly Json[], list: readonly Json[], origins: readonly (number | null)[]): ListChange {
  const changed = new Set<number>();
  const kept = new Set<number>();
  let added = 0;
  let last = -1;
  let reordered = false;
  list.forEach((entry, i) => {
    const origin = origins[i] ?? null;
    if (origin === null) {
      added++;
      return;
    }
    kept.add(origin);
    if (origin < last) reordered = true;
    last = origin;
    if (!dequal(entry, base[origin])) changed.add(origin);
  });
  const removed = new Set(base.map((_, i) => i).filter((i) => !kept.has(i)));
  return { changed, removed, added, reordered };
}

const structural = (c: ListChange) => c.removed.size > 0 || c.added > 0 || c.reordered;

/**
 * One thing changed on both sides: `key` names it for a choice ("field:title", "entry:2", "order"),
 * `text` in words; `base`, `mine` and `theirs` are its value before and on each side (absent: not there).
 */
export interface Conflict {
  key: string;
  text: string;
  base?: Json;
  mine?: Json;
  theirs?: Json;
}

/** For each conflict's key, the side to keep. */
export type Choices = Readonly<Record<string, "mine" | "theirs">>;

export type MergeResult = { ok: true; value: Json; origins: (number | null)[] | null } | { ok: false; conflicts: Conflict[] };

/** The name of a base entry in a conflict: "section 3 (Testimonials carousel)". */
const entryName = (base: readonly Json[], i: number, noun: string) => `${noun} ${i + 1} (${kindOf(base[i]) ?? labelOf(base[i], "entry")})`;

/**
 * Merges `mine` and `theirs`, both made from `base`. `listKey` names the file's list ("sections",
 * "items"), merged entry by entry; `mineOrigins` says, for each entry of mine's list, which base
 * entry it comes from (the builder knows; without it they are aligned by content). In the result,
 * `origins` maps each merged entry to an entry of mine's list (so the builder keeps its ids), or null.
 */
export function merge3(
  base: Json,
  mine: Json,
  theirs: Json,
  listKey: string | null,
  {
    mineOrigins,
    fieldName = (path) => `"${path.join(" > ")}"`,
    choose = {},
  }: { mineOrigins?: readonly (number | null)[]; fieldName?: (path: string[]) => string; choose?: Choices } = {},
): MergeResult {
  const conflicts: Conflict[] = [];
  const noun = listKey === "sections" ? "section" : "entry";
  const rest = (v: Json) => (listKey && isObject(v) ? Object.fromEntries(Object.entries(v).filter(([k]) => k !== listKey)) : v);
  const fields = mergeValue(rest(base), rest(mine), rest(theirs), [], conflicts, fieldName, choose);
  if (!listKey || !isObject(base) || !isObject(mine) || !isObject(theirs))
    return conflicts.length ? { ok: false, conflicts } : { ok: true, value: fields, origins: null };

  const list = (v: JsonObject) => (Array.isArray(v[listKey]) ? (v[listKey] as Json[]) : []);
  const B = list(base);
  const M = list(mine);
  const T = list(theirs);
  const originsM = mineOrigins ?? align(B, M);
  const originsT = align(B, T);
  const cm = listChange(B, M, originsM);
  const ct = listChange(B, T, originsT);
  let merged: Json[] = [];
  let origins: (number | null)[] = [];
  if (!structural(ct)) {
    // Theirs changed entries in place: apply those changes to mine.
    merged = [...M];
    origins = M.map((_, i) => i);
    for (const j of ct.changed) {
      const side = choose[`entry:${j}`];
      const values = { base: B[j], mine: M[originsM.indexOf(j)], theirs: T[originsT.indexOf(j)] };
      if (cm.removed.has(j) && side !== "mine")
        conflicts.push({ key: `entry:${j}`, text: `${entryName(B, j, noun)} was removed on one side and changed on the other`, ...values });
      else if (cm.changed.has(j) && !side) conflicts.push({ key: `entry:${j}`, text: `${entryName(B, j, noun)} was changed on both sides`, ...values });
      else if (!cm.removed.has(j) && side !== "mine") merged[originsM.indexOf(j)] = T[originsT.indexOf(j)] as Json;
    }
  } else if (!structural(cm)) {
    // Mine changed entries in place: apply those changes to theirs.
    merged = [...T];
    origins = originsT.map((o) => (o === null ? null : originsM.indexOf(o)));
    for (const j of cm.changed) {
      const side = choose[`entry:${j}`];
      const values = { base: B[j], mine: M[originsM.indexOf(j)], theirs: T[originsT.indexOf(j)] };
      if (ct.removed.has(j) && side !== "theirs")
        conflicts.push({ key: `entry:${j}`, text: `${entryName(B, j, noun)} was changed on one side and removed on the other`, ...values });
      else if (ct.changed.has(j) && !side) conflicts.push({ key: `entry:${j}`, text: `${entryName(B, j, noun)} was changed on both sides`, ...values });
      else if (!ct.removed.has(j) && side !== "theirs") merged[originsT.indexOf(j)] = M[originsM.indexOf(j)] as Json;
    }
  } else if (dequal(M, T)) {
    merged = [...M];
    origins = M.map((_, i) => i);
  } else if (choose.order) {
    merged = choose.order === "mine" ? [...M] : [...T];
    origins = choose.order === "mine" ? M.map((_, i) => i) : originsT.map((o) => (o === null ? null : originsM.indexOf(o)));
  } else {
    conflicts.push({
      key: "order",
      text: `the ${noun === "section" ? "sections" : "entries"} were added, removed or moved on both sides`,
      base: { ...(base as JsonObject), [listKey]: B },
      mine: { ...(base as JsonObject), [listKey]: M },
      theirs: { ...(base as JsonObject), [listKey]: T },
    });
  }
  if (conflicts.length > 0) return { ok: false, conflicts };
  return { ok: true, value: { ...(fields as JsonObject), [listKey]: merged }, origins };
}

/** Three-way merge of plain values: objects key by key, anything else whole. */
function mergeValue(
  base: Json | undefined,
  mine: Json | undefined,
  theirs: Json | undefined,
  path: string[],
  conflicts: Conflict[],
  fieldName: (path: string[]) => string,
  choose: Choices,
): Json {
  if (dequal(mine, theirs) || dequal(base, theirs)) return mine as Json;
  if (dequal(base, mine)) return theirs as Json;
  if (isObject(base) && isObject(mine) && isObject(theirs)) {
    const out: JsonObject = {};
    const keys = [...new Set([...Object.keys(mine), ...Object.keys(theirs)])];
    for (const key of keys) {
      const value = mergeValue(base[key], mine[key], theirs[key], [...path, key], conflicts, fieldName, choose);
      if (value !== undefined) out[key] = value;
    }
    return out;
  }
  const key = `field:${path.join("/")}`;
  if (choose[key]) return (choose[key] === "mine" ? mine : theirs) as Json;
  conflicts.push({ key, text: `${path.length ? fieldName(path) : "the file"} was changed on both sides`, base, mine, theirs });
  return mine as Json;
}
