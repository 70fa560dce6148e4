/** What can be done to the entries of the open file's list, each said aloud: select, move, duplicate, delete, insert. */
import { useCallback, useMemo, useRef } from "react";
import type { LibraryEntry } from "../api-client";
import type { OutlineItem } from "./types";
import type { Tone } from "../shell/types";
import { uniqueEntryId } from "../state/actions/duplicate";
import { listIn, newId } from "../state/list";
import type { Action, Doc, Json } from "../state/types";

const labelIn = (items: readonly OutlineItem[], id: string) => items.find((i) => i.id === id)?.label ?? "The entry";

export function useEntryCommands(
  /** The file as it is now (not as last drawn): a move is made on the list as it is. */
  doc: Doc | null,
  /** The outline as drawn: the entries' names. */
  items: OutlineItem[],
  dispatch: (action: Action) => void,
  announce: (text: string, tone?: Tone, undoable?: boolean) => void,
  /** Shows the new order in the canvas at once, with the moved entry selected (as the move selects it), before the builder draws again. */
  reordered?: (ids: string[], selected: string) => void,
) {
  const current = useRef({ doc, items });
  current.current = { doc, items };

  /** Moves an entry `by` places from where it is now (two quick clicks move it two places, drawn or not). */
  const move = useCallback(
    (id: string, by: number) => {
      const { doc, items } = current.current;
      const ids = [...(doc?.ids ?? [])];
      const from = ids.indexOf(id);
      const to = from + by;
      if (from < 0 || by === 0 || to < 0 || to >= ids.length) return;
      ids.splice(to, 0, ...ids.splice(from, 1));
      reordered?.(ids, id);
      dispatch({ type: "move", from, to });
      announce(`${labelIn(items, id)} moved to position ${to + 1} of ${ids.length}.`);
    },
    [dispatch, announce, reordered],
  );
  /** Moves an entry to the place before the one now at `index` (the count: the end), as a drop in the canvas says. */
  const moveTo = useCallback(
    (id: string, index: number) => {
      const from = current.current.doc?.ids.indexOf(id) ?? -1;
      if (from >= 0) move(id, (index > from ? index - 1 : index) - from);
    },
    [move],
  );
  const duplicate = useCallback(
    (id: string) => {
      dispatch({ type: "duplicate", id, newId: newId() });
      announce(`${labelIn(current.current.items, id)} duplicated.`);
    },
    [dispatch, announce],
  );
  const remove = useCallback(
    (id: string) => {
      const name = labelIn(current.current.items, id);
      dispatch({ type: "remove", id });
      announce(`${name} deleted. Ctrl+Z brings it back.`, "info", true);
    },
    [dispatch, announce],
  );
  /** A section from the library, after the selected one (or at the end); its id. */
  const insertSection = useCallback(
    (entry: LibraryEntry, after: number | null) => {
      const { items } = current.current;
      const at = after === null ? items.length : after + 1;
      const id = newId();
      dispatch({ type: "insert", index: at, entry: structuredClone(entry.example), id });
      announce(`${entry.title} section added at position ${at + 1} of ${items.length + 1}.`);
      return id;
    },
    [dispatch, announce],
  );
  /** A new collection entry at the end, from the schema's snippet, with an id of its own. */
  const addEntry = useCallback(
    (snippet: Json | undefined) => {
      const { doc, items } = current.current;
      if (!doc) return;
      dispatch({ type: "insert", index: items.length, entry: uniqueEntryId(structuredClone(snippet ?? {}), listIn(doc.kind, doc.value)), id: newId() });
      announce(`A new entry added at position ${items.length + 1}.`);
    },
    [dispatch, announce],
  );
  return useMemo(() => ({ move, moveTo, duplicate, remove, insertSection, addEntry }), [move, moveTo, duplicate, remove, insertSection, addEntry]);
}
