/** The builder's keyboard shortcuts, in its own window (the canvas relays the same keys): Ctrl/Cmd+S save, +Z undo, +Shift+Z or +Y redo. */
import { useEffect, useRef } from "react";

export interface Shortcuts {
  save(): void;
  undo(): void;
  redo(): void;
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
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      if (runShortcut(current.current, event.key.toLowerCase(), event.shiftKey)) event.preventDefault();
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, []);
}
