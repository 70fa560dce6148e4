/**
 * The editor's state: the file being edited (its value as saved and as edited), which entry of
 * its list is selected, and the history for undo and redo.
 *
 * The entries of a list (a page's sections, a collection's items) carry ids for as long as the
 * file is open, so that the selection follows an entry through moves, undo and redo; the ids are
 * never written to the file. One action of the author is one step of history: typing in one field
 * is gathered into one step until a pause or another field, and a change that changes nothing is
 * no step at all.
 */
import type { FileKind } from "../api";
import type { JsonValue } from "./api-client";
import { deepEqual } from "../json-write";

export type Json = JsonValue;
export type JsonObject = { [key: string]: Json };

export interface Doc {
  path: string;
  kind: FileKind;
  /** The file's hash when read or last saved: a save is refused if the file on disk is no longer this. */
  hash: string;
  /** The value as saved. */
  saved: Json;
  /** The value as edited. */
  value: Json;
  /** Ids of the list's entries, in order (empty when the file has no list). */
  ids: string[];
}

interface Snapshot {
  value: Json;
  ids: string[];
  selected: string | null;
}

export interface State {
  doc: Doc | null;
  selected: string | null;
  past: Snapshot[];
  future: Snapshot[];
  /** The last edit's kind, to gather typing into one step. */
  last: { key: string; at: number } | null;
}

export type Action =
  /** Opens a file, selecting the entry at `selectIndex` (the first by default; null: none). */
  | { type: "open"; doc: Omit<Doc, "ids" | "value">; selectIndex?: number | null }
  | { type: "edit"; value: Json; ids?: string[]; key: string; select?: string | null; at?: number }
  | { type: "select"; id: string | null }
  | { type: "undo" }
  | { type: "redo" }
  | { type: "saved"; hash: string; value: Json }
  /** Ends the gathering of typing into one step (a field lost focus). */
  | { type: "seal" };

/** Edits of the same field this close together are one step. */
export const GATHER_MS = 500;

let counter = 0;
export const newId = () => `e${++counter}`;

/** The list the editor shows entries of: "sections" of pages and the template, "items" of collections. */
export const listKey = (kind: FileKind): "sections" | "items" | null =>
  kind === "page" || kind === "template" ? "sections" : kind === "collection" ? "items" : null;

export function listOf(doc: Pick<Doc, "kind" | "value">): Json[] {
  const key = listKey(doc.kind);
  const value = doc.value as JsonObject | null;
  const list = key && value && typeof value === "object" ? value[key] : undefined;
  return Array.isArray(list) ? list : [];
}

export const initialState: State = { doc: null, selected: null, past: [], future: [], last: null };

export function reducer(state: State, action: Action): State {
  switch (action.type) {
    case "open": {
      const value = action.doc.saved;
      const doc: Doc = { ...action.doc, value, ids: listOf({ kind: action.doc.kind, value }).map(() => newId()) };
      const index = action.selectIndex === undefined ? 0 : action.selectIndex;
      const selected = index === null ? null : (doc.ids[Math.min(index, doc.ids.length - 1)] ?? null);
      return { doc, selected, past: [], future: [], last: null };
    }
    case "edit": {
      const { doc } = state;
      if (!doc) return state;
      const ids = action.ids ?? doc.ids;
      if (deepEqual(doc.value, action.value) && ids.join() === doc.ids.join()) return state;
      const at = action.at ?? Date.now();
      const gather = state.last && state.last.key === action.key && at - state.last.at < GATHER_MS && state.past.length > 0;
      const snapshot: Snapshot = { value: doc.value, ids: doc.ids, selected: state.selected };
      return {
        doc: { ...doc, value: action.value, ids },
        selected: action.select === undefined ? state.selected : action.select,
        past: gather ? state.past : [...state.past, snapshot],
        future: [],
        last: { key: action.key, at },
      };
    }
    case "select":
      return { ...state, selected: action.id, last: null };
    case "seal":
      return { ...state, last: null };
    case "undo": {
      const previous = state.past.at(-1);
      if (!previous || !state.doc) return state;
      const current: Snapshot = { value: state.doc.value, ids: state.doc.ids, selected: state.selected };
      return {
        doc: { ...state.doc, value: previous.value, ids: previous.ids },
        selected: previous.selected,
        past: state.past.slice(0, -1),
        future: [current, ...state.future],
        last: null,
      };
    }
    case "redo": {
      const next = state.future[0];
      if (!next || !state.doc) return state;
      const current: Snapshot = { value: state.doc.value, ids: state.doc.ids, selected: state.selected };
      return {
        doc: { ...state.doc, value: next.value, ids: next.ids },
        selected: next.selected,
        past: [...state.past, current],
        future: state.future.slice(1),
        last: null,
      };
    }
    case "saved":
      return state.doc ? { ...state, doc: { ...state.doc, hash: action.hash, saved: action.value }, last: null } : state;
  }
}

export const isDirty = (doc: Doc | null) => Boolean(doc && !deepEqual(doc.saved, doc.value));

/** The value with its list replaced. */
export function withList(doc: Doc, list: Json[]): Json {
  const key = listKey(doc.kind);
  if (!key) throw new Error(`A ${doc.kind} file has no list of entries.`);
  return { ...(doc.value as JsonObject), [key]: list };
}
