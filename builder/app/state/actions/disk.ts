/**
 * The file changed on disk (by hand, by Git, by another editor): without unsaved edits the builder
 * takes the new version (one step of history, so undo brings the old one back); with edits, it
 * holds both until the editor chooses: keep theirs, take the disk's, or merge the two when they
 * touched different sections or fields. A deleted file is a conflict too.
 */
import { dequal } from "dequal";
import { hasDoc, record } from "../history";
import { carryIds, listIn, listKey, originsOf } from "../list";
import { merge3 } from "../../../shared/merge";
import type { Action, Doc, State } from "../types";

const isDirty = (doc: Doc) => !dequal(doc.saved, doc.value);

export function disk(state: State, action: Extract<Action, { type: "disk" }>): State {
  if (!hasDoc(state)) return state;
  const version = action.disk;
  if (version && version.hash === state.doc.hash) return state.conflict ? { ...state, conflict: null } : state;
  if (version && !isDirty(state.doc)) return takeDisk({ ...state, conflict: { disk: version } });
  return { ...state, conflict: { disk: version } };
}

/** The disk's version as the new base, with ids carried over from the edited list where entries correspond. */
function rebase(doc: Doc, version: { hash: string; value: Doc["value"] }) {
  const savedIds = carryIds(listIn(doc.kind, version.value), { list: listIn(doc.kind, doc.value), ids: doc.ids });
  return { hash: version.hash, saved: version.value, savedIds };
}

/** Keeps the edits: Save then replaces the disk's version (or, for a file deleted on disk, writes it again: hash ""). */
export function keepMine(state: State): State {
  if (!hasDoc(state) || !state.conflict) return state;
  const version = state.conflict.disk;
  if (!version) return { ...state, doc: { ...state.doc, hash: "", saved: null, savedIds: [] }, conflict: null };
  return { ...state, doc: { ...state.doc, ...rebase(state.doc, version) }, conflict: null };
}

export function takeDisk(state: State): State {
  const version = state.conflict?.disk;
  if (!hasDoc(state) || !version) return state;
  const base = rebase(state.doc, version);
  const next = record(state, { ...base, value: version.value, ids: base.savedIds });
  return { ...next, conflict: null, selected: base.savedIds.includes(state.selected ?? "") ? state.selected : (base.savedIds[0] ?? next.selected) };
}

export function mergeDisk(state: State): State {
  const version = state.conflict?.disk;
  if (!hasDoc(state) || !version) return state;
  const { doc } = state;
  const result = merge3(doc.saved, doc.value, version.value, listKey(doc.kind), { mineOrigins: originsOf(doc) });
  if (!result.ok) return state;
  const base = rebase(doc, version);
  const ids = result.origins ? result.origins.map((o, i) => (o === null ? (base.savedIds[i] ?? `m${i}`) : (doc.ids[o] as string))) : doc.ids;
  const next = record(state, { ...base, value: result.value, ids });
  return { ...next, conflict: null };
}
