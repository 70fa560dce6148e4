/** The builder's dialogs: the section library, the changes, the keyboard shortcuts, and a page's create, rename or delete. */
import type { DialogName } from "./types";
import { type ComponentProps, type Dispatch, useCallback, useRef } from "react";
import { SettingsOverride } from "@/page/page-context";
import type { EditorState, LibraryEntry } from "../api-client";
import type { Action, Doc } from "../state/types";
import { ChangesDialog } from "../files/ChangesDialog";
import { Library } from "../library/Library";
import { sharedEntries } from "../library/shared-entries";
import { PageDialog } from "../files/PageDialog";
import type { PageAction } from "../files/types";
import { ShortcutsDialog } from "./ShortcutsDialog";

export interface DialogsProps {
  dialog: DialogName;
  site: EditorState;
  doc: Doc;
  dispatch: Dispatch<Action>;
  announce(text: string): void;
  onClose(): void;
  onInsert(entry: LibraryEntry): void;
  onDiscarded(): void;
  runPageAction(action: PageAction, fixLinks?: boolean): ReturnType<ComponentProps<typeof PageDialog>["onRun"]>;
}

export function Dialogs({ dialog, site, doc, dispatch, announce, onClose, onInsert, onDiscarded, runPageAction }: DialogsProps) {
  // The library is not drawn again on every keystroke: its handler stays the same function.
  const latest = useRef(onInsert);
  latest.current = onInsert;
  const insert = useCallback(
    (entry: LibraryEntry) => {
      onClose();
      latest.current(entry);
    },
    [onClose],
  );
  return (
    <>
      {/* The thumbnails are the site's sections: they read the settings from here, not from a route's data (the studio has none). */}
      <SettingsOverride value={site.settings}>
        <Library open={dialog === "library"} entries={site.library} shared={sharedEntries(site)} onClose={onClose} onInsert={insert} />
      </SettingsOverride>
      <ShortcutsDialog open={dialog === "shortcuts"} onClose={onClose} />
      <ChangesDialog
        open={dialog === "changes"}
        site={site}
        doc={doc}
        onClose={onClose}
        onRevert={() => {
          dispatch({ type: "revert" });
          announce("Unsaved edits discarded; Ctrl+Z brings them back.");
        }}
        onDiscarded={onDiscarded}
      />
      {dialog && typeof dialog === "object" && (
        <PageDialog
          action={dialog}
          pages={site.files.filter((f) => f.kind === "page")}
          templates={site.pageTemplates}
          onCancel={onClose}
          onRun={async (action, fix) => {
            const result = await runPageAction(action, fix);
            if (!result) onClose();
            return result;
          }}
        />
      )}
    </>
  );
}
