/**
 * The builder's keyboard commands: Undo and Redo (said aloud), and every shortcut (../shortcuts.ts) in
 * its window and as the canvas relays them. A command for an entry acts on the one whose outline row
 * has the focus, else on the selection as it is (not as last drawn).
 */
import { type Dispatch, useCallback, useRef } from "react";
import type { Tone } from "./types";
import type { Command } from "./shortcuts";
import type { Action, State } from "../state/types";
import type { useEntryCommands } from "../outline/useEntryCommands";
import { useShortcuts } from "./useShortcuts";

/** The entry whose outline row has the keyboard focus, if any: Delete and Ctrl+D act on it. */
function focusedEntry(): string | null {
  return document.activeElement?.closest<HTMLElement>("[data-outline-item]")?.dataset.outlineItem ?? null;
}

export function useKeyCommands({
  state,
  dispatch,
  announce,
  save,
  commands,
  copy,
  help,
}: {
  state: State;
  dispatch: Dispatch<Action>;
  announce(text: string, tone?: Tone): void;
  save(): void;
  commands: ReturnType<typeof useEntryCommands>;
  copy(id: string): void;
  help(): void;
}) {
  const step = useCallback(
    (kind: "undo" | "redo") => {
      const possible = kind === "undo" ? state.past.length > 0 : state.future.length > 0;
      if (possible) dispatch({ type: kind });
      announce(possible ? (kind === "undo" ? "Undone." : "Redone.") : `Nothing to ${kind}.`);
    },
    [state.past.length, state.future.length, announce, dispatch],
  );
  const undo = useCallback(() => step("undo"), [step]);
  const redo = useCallback(() => step("redo"), [step]);
  const selectedEntry = state.selected && state.doc?.ids.includes(state.selected) ? state.selected : null;
  const runCommand = (command: Command) => {
    const entry = focusedEntry() ?? selectedEntry;
    if (command === "save") save();
    else if (command === "undo" || command === "redo") step(command);
    else if (command === "help") help();
    else if (!entry) announce("Select a section first (in the outline or the canvas).");
    else if (command === "delete") commands.remove(entry);
    else if (command === "duplicate") commands.duplicate(entry);
    else if (command === "copy") copy(entry);
    else commands.move(entry, command === "move-up" ? -1 : 1);
  };
  useShortcuts(runCommand);
  const runFromCanvas = useRef(runCommand);
  runFromCanvas.current = runCommand;
  const canvasCommand = useCallback((command: Command) => runFromCanvas.current(command), []);
  return { undo, redo, canvasCommand };
}
