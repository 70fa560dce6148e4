/** Moves the entry at `from` to `to`; the selection follows it. */
import { hasDoc, record } from "../history";
import { listOf, withList } from "../list";
import type { Action, State } from "../types";

export function move(state: State, action: Extract<Action, { type: "move" }>): State {
  if (!hasDoc(state)) return state;
  const { doc } = state;
  const list = [...listOf(doc)];
  const ids = [...doc.ids];
  const { from, to } = action;
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return state;
  const [entry] = list.splice(from, 1);
  const [id] = ids.splice(from, 1);
  if (entry === undefined || id === undefined) return state;
  list.splice(to, 0, entry);
  ids.splice(to, 0, id);
  return record(state, { value: withList(doc, list), ids }, { selected: id });
}
