/** A copy of an entry right after it, selected; a collection entry's copy gets an id of its own ("web-copy"). */
import { hasDoc, record } from "../history";
import { listOf, withList } from "../list";
import type { Action, Json, State } from "../types";

const isObject = (v: Json | undefined): v is { [key: string]: Json } => typeof v === "object" && v !== null && !Array.isArray(v);

/** `entry` with an id no other entry of `list` has, if it has an id. */
export function uniqueEntryId(entry: Json, list: readonly Json[]): Json {
  if (!isObject(entry) || typeof entry.id !== "string") return entry;
  const taken = new Set(list.map((e) => (isObject(e) ? e.id : undefined)));
  let id = `${entry.id}-copy`;
  for (let n = 2; taken.has(id); n++) id = `${entry.id}-copy-${n}`;
  return { ...entry, id };
}

export function duplicate(state: State, action: Extract<Action, { type: "duplicate" }>): State {
  if (!hasDoc(state)) return state;
  const { doc } = state;
  const index = doc.ids.indexOf(action.id);
  const list = [...listOf(doc)];
  const entry = list[index];
  if (index < 0 || entry === undefined) return state;
  const ids = [...doc.ids];
  list.splice(index + 1, 0, uniqueEntryId(structuredClone(entry), list));
  ids.splice(index + 1, 0, action.newId);
  return record(state, { value: withList(doc, list), ids }, { selected: action.newId });
}
