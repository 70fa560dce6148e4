/** The file was written with what was sent: that is now the version on disk (edits made since stay unsaved). History is kept. */
import { hasDoc } from "../history";
import type { Action, State } from "../types";

export function saved(state: State, action: Extract<Action, { type: "saved" }>): State {
  if (!hasDoc(state)) return state;
  return { ...state, doc: { ...state.doc, hash: action.hash, saved: action.value, savedIds: action.ids }, last: null, conflict: null };
}
