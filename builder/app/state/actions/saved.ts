/** The file was written with what was sent: that is now the version on disk (edits made since stay unsaved). History is kept. */
import { hasDoc } from "../history";
import { mergeDisk } from "./disk";
import type { Action, State } from "../types";

export function saved(state: State, action: Extract<Action, { type: "saved" }>): State {
  if (!hasDoc(state)) return state;
  return { ...state, doc: { ...state.doc, hash: action.hash, saved: action.value, savedIds: action.ids }, last: null, conflict: null };
}

/** As saved, then the colleague's part taken in as from disk: edits made since the save stay (or, touching the same thing, are held as a conflict). */
export function merged(state: State, action: Extract<Action, { type: "merged" }>): State {
  const after = saved(state, { type: "saved", hash: action.hash, value: action.sent, ids: action.ids });
  if (!hasDoc(after)) return after;
  return mergeDisk({ ...after, conflict: { disk: { hash: action.hash, value: action.value } } });
}
