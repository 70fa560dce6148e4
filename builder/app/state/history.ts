/** One action of the editor is one step of undo; typing in one field is gathered into one step until a pause or another field. */
import { dequal } from "dequal";
import type { Doc, Snapshot, State } from "./types";

/** Edits of the same field this close together are one step. */
export const GATHER_MS = 500;

export const snapshot = (state: State & { doc: Doc }): Snapshot => ({ value: state.doc.value, ids: state.doc.ids, selected: state.selected });

/** `state` with the document's value and ids changed as one step of history (none if nothing changed); `gather` joins it to the last step. */
export function record(
  state: State & { doc: Doc },
  change: Partial<Pick<Doc, "value" | "ids" | "saved" | "hash" | "savedIds">>,
  { selected = state.selected, gather }: { selected?: string | null; gather?: { key: string; at: number } } = {},
): State {
  const doc = { ...state.doc, ...change };
  if (dequal(doc.value, state.doc.value) && doc.ids.join() === state.doc.ids.join() && doc.hash === state.doc.hash) return state;
  const joined = gather && state.last?.key === gather.key && gather.at - state.last.at < GATHER_MS && state.past.length > 0;
  return {
    ...state,
    doc,
    selected,
    past: joined ? state.past : [...state.past, snapshot(state)],
    future: [],
    last: gather ?? null,
  };
}

export const hasDoc = (state: State): state is State & { doc: Doc } => state.doc !== null;
