/**
 * The builder's keyboard shortcuts, in its own window (the canvas relays the same keys): Ctrl/Cmd+S
 * save, +Z undo, +Shift+Z or +Y redo; Alt+Up and Alt+Down move the selected section (not while a
 * drop-down list has the focus: there Alt+Down opens it).
 */
import { useEffect, useRef } from "react";

export interface Shortcuts {
  save(): void;
  undo(): void;
  redo(): void;
  /** Moves the selected entry up (-1) or down (1). */
  move(by: -1 | 1): void;
}

/** What a key with Ctrl or Cmd does. */
export function runShortcut(shortcuts: Shortcuts, key: string, shift: boolean): boolean {
  if (key === "s") shortcuts.save();
  else if ((key === "z" && shift) || key === "y") shortcuts.redo();
  else if (key === "z") shortcuts.undo();
  else return false;
  return true;
}

export function useShortcuts(shortcuts: Shortcuts) {
  const current = useRef(shortcuts);
  current.current = shortcuts;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey && !event.ctrlKey && !event.metaKey && (event.key === "ArrowUp" || event.key === "ArrowDown")) {
        // The outline's rows move their own entry; a drop-down list keeps its own Alt+Down.
        if (event.defaultPrevented || (event.target instanceof Element && event.target.closest("select, [data-outline-item]"))) return;
        event.preventDefault();
        current.current.move(event.key === "ArrowUp" ? -1 : 1);
        return;
      }
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      if (runShortcut(current.current, event.key.toLowerCase(), event.shiftKey)) event.preventDefault();
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, []);
}
