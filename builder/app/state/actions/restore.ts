/**
 * Unsaved edits kept in the browser, brought back after a reload or a crash: on top of the file
 * as it is, if it has not changed since they were made (one step: undo goes back to the file);
 * otherwise the edits return on their old base, with the disk's version as a conflict to resolve.
 */
import { hasDoc, record } from "../history";
import { carryIds, listIn } from "../list";
import type { Action, State } from "../types";

export function restore(state: State, action: Extract<Action, { type: "restore" }>): State {
  if (!hasDoc(state)) return state;
  const { doc } = state;
  const ids = carryIds(listIn(doc.kind, action.value), { list: listIn(doc.kind, doc.saved), ids: doc.savedIds });
  if (action.base.hash === action.disk.hash) return record(state, { value: action.value, ids });
  const savedIds = carryIds(listIn(doc.kind, action.base.value), { list: listIn(doc.kind, action.value), ids });
  const next = record(state, { value: action.value, ids, hash: action.base.hash, saved: action.base.value, savedIds });
  return { ...next, conflict: { disk: action.disk } };
}
