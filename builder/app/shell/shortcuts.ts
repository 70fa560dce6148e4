/**
 * The builder's keyboard shortcuts, one table for the builder's window and the canvas (which relays
 * them): what a key does, and the list the "Keyboard shortcuts" dialog shows.
 */

/** What a key or a button of the canvas asks for. Copy and paste come as the browser's own copy and paste events (see ./hooks/useClipboard.ts). */
export type Command = "save" | "undo" | "redo" | "move-up" | "move-down" | "delete" | "duplicate" | "copy" | "help";

/** A key as pressed, and where: `inText` when a text field, a drop-down list or an outline row has it. */
export interface Pressed {
  key: string;
  ctrl: boolean;
  meta: boolean;
  alt: boolean;
  shift: boolean;
  /** A field that takes text (or a drop-down list): Delete, Backspace and ? are its own there. */
  inText: boolean;
  /** A drop-down list (Alt+Down opens it) or an outline row (which moves its own entry). */
  ownsAltArrows: boolean;
  /** Inside a dialog: only the Ctrl/Cmd shortcuts apply there. */
  inDialog: boolean;
}

export function commandFor(p: Pressed): Command | null {
  const key = p.key.length === 1 ? p.key.toLowerCase() : p.key;
  if ((p.ctrl || p.meta) && !p.alt) {
    if (key === "s") return "save";
    if ((key === "z" && p.shift) || key === "y") return "redo";
    if (key === "z") return "undo";
    if (key === "d" && !p.shift && !p.inDialog) return "duplicate";
    return null;
  }
  if (p.inDialog || p.ctrl || p.meta) return null;
  if (p.alt && (key === "ArrowUp" || key === "ArrowDown")) return p.ownsAltArrows ? null : key === "ArrowUp" ? "move-up" : "move-down";
  if (p.alt || p.inText) return null;
  if (key === "Delete" || key === "Backspace") return "delete";
  if (key === "?") return "help";
  return null;
}

const TEXT =
  "input:not([type=button]):not([type=checkbox]):not([type=radio]):not([type=file]):not([type=submit]), textarea, select, [contenteditable]:not([contenteditable=false])";

/** The facts of a keydown event for commandFor. */
export function pressedOf(event: KeyboardEvent): Pressed {
  const target = event.target instanceof Element ? event.target : null;
  return {
    key: event.key,
    ctrl: event.ctrlKey,
    meta: event.metaKey,
    alt: event.altKey,
    shift: event.shiftKey,
    inText: Boolean(target?.closest(TEXT)),
    ownsAltArrows: Boolean(target?.closest("select, [data-outline-item]")),
    inDialog: Boolean(target?.closest("dialog")),
  };
}

/** The dialog's list, in the order a person learns them. */
export const SHORTCUT_LIST: { keys: string[]; what: string }[] = [
  { keys: ["Ctrl+S", "⌘S"], what: "Save the open file" },
  { keys: ["Ctrl+Z", "⌘Z"], what: "Undo" },
  { keys: ["Ctrl+Shift+Z", "Ctrl+Y", "⌘⇧Z"], what: "Redo" },
  { keys: ["Alt+↑", "Alt+↓"], what: "Move the selected section up or down" },
  { keys: ["Delete", "Backspace"], what: "Delete the selected section (Ctrl+Z brings it back)" },
  { keys: ["Ctrl+D", "⌘D"], what: "Duplicate the selected section" },
  { keys: ["Ctrl+C", "⌘C"], what: "Copy the selected section (as JSON: paste it on another page, or into a file in a text editor)" },
  { keys: ["Ctrl+V", "⌘V"], what: "Paste a section after the selected one (copied here, or JSON from a text editor)" },
  { keys: ["?"], what: "Show this list" },
];
