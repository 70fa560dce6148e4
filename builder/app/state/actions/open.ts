/** Opens a file: its value as on disk, fresh ids, no history; the entry at `selectIndex` selected (the first by default). */
import { listIn, newId } from "../list";
import type { Action, Doc, State } from "../types";

export function open(_state: State, action: Extract<Action, { type: "open" }>): State {
  const { doc: file, selectIndex = 0 } = action;
  const ids = listIn(file.kind, file.saved).map(() => newId());
  const doc: Doc = { ...file, value: file.saved, ids, savedIds: ids };
  const selected = selectIndex === null ? null : (ids[Math.min(selectIndex, ids.length - 1)] ?? null);
  return { doc, selected, past: [], future: [], last: null, conflict: null };
}
