/** Deletes an entry; the one after it (or before, at the end) is selected. Undo brings it back. */
import { hasDoc, record } from "../history";
import { listOf, withList } from "../list";
import type { Action, State } from "../types";

export function remove(state: State, action: Extract<Action, { type: "remove" }>): State {
  if (!hasDoc(state)) return state;
  const { doc } = state;
  const index = doc.ids.indexOf(action.id);
  if (index < 0) return state;
  const list = listOf(doc).filter((_, i) => i !== index);
  const ids = doc.ids.filter((_, i) => i !== index);
  const selected = state.selected === action.id ? (ids[Math.min(index, ids.length - 1)] ?? null) : state.selected;
  return record(state, { value: withList(doc, list), ids }, { selected });
}
