/** Inserts an entry (a section from the library, a pasted one, a new collection entry) at `index`, selected, and any more after it. */
import { hasDoc, record } from "../history";
import { listOf, withList } from "../list";
import type { Action, State } from "../types";

export function insert(state: State, action: Extract<Action, { type: "insert" }>): State {
  if (!hasDoc(state)) return state;
  const { doc } = state;
  const list = [...listOf(doc)];
  const ids = [...doc.ids];
  const index = Math.max(0, Math.min(action.index, list.length));
  const more = action.more ?? [];
  list.splice(index, 0, action.entry, ...more.map((m) => m.entry));
  ids.splice(index, 0, action.id, ...more.map((m) => m.id));
  return record(state, { value: withList(doc, list), ids }, { selected: action.id });
}
