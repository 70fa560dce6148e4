/** The list a file's entries live in, and ids for them that follow each entry through edits. */
import type { FileKind } from "../../shared/types";
import { listKey } from "../../shared/kinds";
import { align } from "../../shared/merge";
import type { Doc, Json, JsonObject } from "./types";

let counter = 0;
/** A new id for a list entry (unique in this window). */
export const newId = () => `e${++counter}`;

export { listKey };

export function listIn(kind: FileKind, value: Json): Json[] {
  const key = listKey(kind);
  const list = key && value && typeof value === "object" && !Array.isArray(value) ? value[key] : undefined;
  return Array.isArray(list) ? list : [];
}

export const listOf = (doc: Pick<Doc, "kind" | "value">) => listIn(doc.kind, doc.value);

/** The value with its list replaced. */
export function withList(doc: Pick<Doc, "kind" | "value">, list: Json[]): Json {
  const key = listKey(doc.kind);
  if (!key) throw new Error(`A ${doc.kind} file has no list of entries.`);
  return { ...(doc.value as JsonObject), [key]: list };
}

/** Ids for `list`, carried over from `from` (another version of it with its ids) where the entries correspond; new ones elsewhere. */
export function carryIds(list: readonly Json[], from: { list: readonly Json[]; ids: readonly string[] }): string[] {
  const taken = new Set<string>();
  return align(from.list, list).map((origin) => {
    const id = origin === null ? undefined : from.ids[origin];
    if (id === undefined || taken.has(id)) return newId();
    taken.add(id);
    return id;
  });
}

/** For each entry of the edited list, the index of the saved entry it comes from (null: added). */
export const originsOf = (doc: Doc): (number | null)[] => doc.ids.map((id) => (doc.savedIds.includes(id) ? doc.savedIds.indexOf(id) : null));
