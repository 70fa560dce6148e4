/**
 * Editing on the canvas itself, gathered for the Editor: texts edited in place, copy and paste,
 * sections dropped (from the library, or moved), picture files dropped on a section.
 */
import { type RefObject, useCallback } from "react";
import type { EditorProblem, EditorState, Uploaded } from "../api-client";
import type { CanvasHandle } from "./types";
import type { Tone } from "../shell/types";
import type { Action, Json, State } from "../state/types";
import { useClipboard } from "../outline/useClipboard";
import type { useEntryCommands } from "../outline/useEntryCommands";
import { useInlineEdits } from "./useInlineEdits";
import { usePictureDrop } from "./usePictureDrop";
import { sharedEntries } from "../library/shared-entries";

export function useOnCanvas({
  state,
  site,
  dispatch,
  announce,
  addPicture,
  typed,
  canvas,
  problems,
  commands,
}: {
  /** The state as it is (not as last drawn). */
  state: State;
  site: EditorState | null;
  dispatch(action: Action): void;
  announce(text: string, tone?: Tone): void;
  addPicture(uploaded: Uploaded): void;
  typed(id: string, section: Json): void;
  canvas: RefObject<CanvasHandle | null>;
  problems: { mine: EditorProblem[] };
  commands: ReturnType<typeof useEntryCommands>;
}) {
  useInlineEdits({ doc: state.doc, site, dispatch, typed, canvas, problems: problems.mine });
  const pictureDropped = usePictureDrop({ doc: state.doc, site, dispatch, announce, addPicture });
  const onPicture = useCallback((id: string, file: File) => void pictureDropped(id, file), [pictureDropped]);
  const clipboard = useClipboard({ doc: state.doc, selected: state.selected, site, dispatch, announce });
  // A section dropped in the canvas: from the library, or moved within it.
  const library = site?.library;
  const shared = site ? sharedEntries(site) : undefined;
  const dropped = useCallback(
    (drop: { section: string; index: number } | { id: string; index: number }) => {
      if ("id" in drop) return commands.moveTo(drop.id, drop.index);
      const entry = library?.find((e) => e.type === drop.section) ?? shared?.find((e) => e.type === drop.section);
      if (entry) commands.insertSection(entry, drop.index - 1);
    },
    [commands, library, shared],
  );
  return { clipboard, dropped, onPicture };
}
