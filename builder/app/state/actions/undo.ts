/** Undo and redo: the value, the list's ids and the selection as they were before (after) one step. */
import { hasDoc, snapshot } from "../history";
import type { State } from "../types";

export function undo(state: State): State {
  const previous = state.past.at(-1);
  if (!previous || !hasDoc(state)) return state;
  return {
    ...state,
    doc: { ...state.doc, value: previous.value, ids: previous.ids },
    selected: previous.selected,
    past: state.past.slice(0, -1),
    future: [snapshot(state), ...state.future],
    last: null,
  };
}

export function redo(state: State): State {
  const next = state.future[0];
  if (!next || !hasDoc(state)) return state;
  return {
    ...state,
    doc: { ...state.doc, value: next.value, ids: next.ids },
    selected: next.selected,
    past: [...state.past, snapshot(state)],
    future: state.future.slice(1),
    last: null,
  };
}
