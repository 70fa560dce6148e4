/** Discards the unsaved edits: back to the file as on disk, as one step (undo brings the edits back). */
import { hasDoc, record } from "../history";
import type { State } from "../types";

export function revert(state: State): State {
  if (!hasDoc(state)) return state;
  return record(state, { value: state.doc.saved, ids: state.doc.savedIds });
}
