/** The builder's own little state beside the content: the status line, the open dialog, the canvas width. */
import { useCallback, useMemo, useState } from "react";
import type { Viewport } from "../canvas/types";
import type { DialogName } from "./types";
import type { Tone } from "./types";

export function useShell() {
  // `undoable`: the status bar offers Undo beside the message (a deletion).
  const [status, setStatus] = useState<{ text: string; tone: Tone; undoable?: boolean }>({ text: "", tone: "info" });
  const announce = useCallback((text: string, tone: Tone = "info", undoable = false) => setStatus({ text, tone, undoable }), []);
  const [viewport, setViewport] = useState<Viewport>(1280);
  const [dialog, setDialog] = useState<DialogName>(null);
  // One object for the builder's life: the parts it is handed to are not drawn again.
  const show = useMemo(
    () => ({
      close: () => setDialog(null),
      changes: () => setDialog("changes"),
      library: () => setDialog("library"),
      shortcuts: () => setDialog("shortcuts"),
      newPage: () => setDialog({ kind: "create", slug: "", from: "" }),
    }),
    [],
  );
  return { status, announce, viewport, setViewport, dialog, setDialog, show };
}
