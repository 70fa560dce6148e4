/**
 * The page builder's state: the file being edited (its value as on disk and as edited), which entry
 * of its list is selected, the history for undo and redo, and a change on disk that conflicts with
 * the edits. Every change to it is an action (./actions/, one file and one test each).
 */
import type { JsonValue } from "@/content/json-source";
import type { FileKind } from "../../shared/types";

export type Json = JsonValue;
export type JsonObject = { [key: string]: Json };

export interface Doc {
  path: string;
  kind: FileKind;
  /** The hash of the file on disk the edits start from: a save is refused if the file is no longer this. */
  hash: string;
  /** The value on disk (at `hash`). */
  saved: Json;
  /** The value as edited. */
  value: Json;
  /** Ids of the edited list's entries, in order (empty when the file has no list); never written to the file. */
  ids: string[];
  /** Ids of the saved list's entries: an id in both is the same entry, moved or changed. */
  savedIds: string[];
}

/** The file on disk, as read: its hash and value, or null once it is deleted. */
/** The file as saved by someone else (on disk, or in the studio by `by`), or null: deleted. */
export type DiskVersion = { hash: string; value: Json; by?: { name: string; date: string } | null } | null;

export interface Snapshot {
  value: Json;
  ids: string[];
  selected: string | null;
}

export interface State {
  doc: Doc | null;
  selected: string | null;
  past: Snapshot[];
  future: Snapshot[];
  /** The last edit's kind and time, to gather typing into one step. */
  last: { key: string; at: number } | null;
  /** The file changed on disk while it had unsaved edits: the version on disk, until the editor chooses. */
  conflict: { disk: DiskVersion } | null;
}

/**
 * What a form edits: one entry of the list (by id; `pointer`: only the value there, a JSON Pointer into the
 * entry), the file's own fields beside the list, or the whole file.
 */
export type Target = { entry: string; pointer?: string } | { fields: true } | { whole: true };

export type Action =
  /** Opens a file, selecting the entry at `selectIndex` (the first by default; null: none). */
  | { type: "open"; doc: { path: string; kind: FileKind; hash: string; saved: Json }; selectIndex?: number | null }
  | { type: "edit"; target: Target; value: Json; key: string; at?: number }
  /** `more`: further entries after it, each with its id (a paste of several sections: one undo step). */
  | { type: "insert"; index: number; entry: Json; id: string; more?: { entry: Json; id: string }[] }
  | { type: "move"; from: number; to: number }
  | { type: "duplicate"; id: string; newId: string }
  | { type: "remove"; id: string }
  | { type: "select"; id: string | null }
  /** Ends the gathering of typing into one step (a field lost focus). */
  | { type: "seal" }
  | { type: "undo" }
  | { type: "redo" }
  /** The file was saved with `value` (what was sent, with the ids it had then). */
  | { type: "saved"; hash: string; value: Json; ids: string[] }
  /** Saved, and merged by the studio with a colleague's save of other parts of the file: `value` is the file now. */
  | { type: "merged"; hash: string; sent: Json; ids: string[]; value: Json }
  /** The file on disk is now `disk` (read after a change was noticed). */
  | { type: "disk"; disk: DiskVersion }
  /** Conflict: keep the edits (Save will replace the disk's version). */
  | { type: "keep-mine" }
  /** Conflict (or a discard): take the disk's version; the edits go, undo brings them back. */
  | { type: "take-disk" }
  /** Conflict: both versions together, when they touched different things. */
  | { type: "merge" }
  /** Discards the unsaved edits (undo brings them back). */
  | { type: "revert" }
  /** Unsaved edits kept in the browser, made from `base`, brought back; `disk` is the file as it is now. */
  | { type: "restore"; base: { hash: string; value: Json }; value: Json; disk: { hash: string; value: Json } };
