/**
 * The page builder's state and the work on it, wired together for Editor (Editor.tsx draws the
 * panels from what this returns): the site, the open file (drawn a step behind while typing), its
 * checks, problems, outline and fields, the canvas's feed, saving, the commands and the panel shown.
 */
import { useCallback, useDeferredValue, useMemo, useReducer, useRef } from "react";
import type { EditorFile, EditorState } from "../api-client";
import type { CanvasHandle } from "../canvas/types";
import { useCheck } from "./useCheck";
import { useDiskWatch } from "../files/useDiskWatch";
import { useEntryCommands } from "../outline/useEntryCommands";
import { useFileActions, useOpenFirst } from "../files/useFileActions";
import { useFields } from "../fields/useFields";
import { useMakeShared } from "../fields/useMakeShared";
import { useFocusing } from "./useFocusing";
import { useKeptEdits, useUnsaved } from "../files/useKeptEdits";
import { useKeyCommands } from "./useKeyCommands";
import { useOnCanvas } from "../canvas/useOnCanvas";
import { useCodeWatch } from "../canvas/useCodeWatch";
import { useCanvasFeed } from "../canvas/useCanvasFeed";
import { useSelect } from "../outline/useSelect";
import { useShell } from "./useShell";
import { useShownPane } from "./useShownPane";
import { useSite } from "./useSite";
import { useStudio } from "../studio/useStudio";
import { countingChanges, initialCounted } from "../state/counted";
import type { Doc } from "../state/types";
import { useOutline, usePreviewRoute, useProblems } from "./views";

/** The site and the file open in it, once both are read. */
export interface OpenFile {
  site: EditorState;
  doc: Doc;
  file: EditorFile;
}

/** What useEditor returns: the builder's parts are drawn from it. */
export type Editing = ReturnType<typeof useEditor>;

export function useEditor() {
  const { site, failure, refresh, refreshContent, applyContent, addPicture, generation } = useSite();
  const [state, dispatch] = useReducer(countingChanges, initialCounted);
  // While typing or moving, the builder draws the state a step behind: the keystroke or the new order is shown at once
  // by the form and the canvas (rjsf's own state, onTyped, reordered), the rest follows in a render that yields. Any
  // other change (a selection, a new entry, an undo) is drawn at once: a form drawn late would take the next keys for
  // the entry it still shows. Actions (save, undo, move) read the state itself.
  const deferred = useDeferredValue(state);
  const shown = deferred.revision === state.revision ? deferred : state;
  const { doc, selected } = shown;
  const { status, announce, viewport, setViewport, dialog, setDialog, show } = useShell();
  const canvasRef = useRef<CanvasHandle>(null);
  const outlineRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // One object for the builder's life: the panels it is handed to are not drawn again for a new one.
  const refs = useMemo(() => ({ canvas: canvasRef, outline: outlineRef, heading: headingRef }), []);

  const file = site?.files.find((f) => f.path === doc?.path);
  const route = usePreviewRoute(doc, file, site, selected);
  const { checked, checking } = useCheck(doc, route, announce);
  const problems = useProblems(doc, file, site, checked);
  const { page, typed, opening, reordered } = useCanvasFeed(refs.canvas, { doc, file, site, checked, route }, state.moves);
  const fields = useFields(doc, file, site, selected);
  const items = useOutline(doc, file, problems.mine, site?.shared);
  const kept = useKeptEdits(state.doc);
  // Save is refused for known errors only when they were found in exactly what would be saved.
  const actions = useFileActions({
    state,
    dispatch,
    site,
    refresh,
    applyContent,
    announce,
    knownErrors: checked && checked.sent.value === doc?.value ? problems.errors : 0,
    onOpening: opening,
  });
  const commands = useEntryCommands(state.doc, items, dispatch, announce, doc?.kind === "page" || doc?.kind === "template" ? reordered : undefined);
  const focusing = useFocusing(doc, dispatch, (path) => void actions.open(path), refs);
  useDiskWatch({ doc: state.doc, dispatch, refresh, refreshContent, applyContent, saving: actions.pendingSave, generation });
  useCodeWatch(refs.canvas, announce, site ? Boolean(site.studio) : null);
  const studio = useStudio(Boolean(site?.studio), doc?.path);

  useOpenFirst(site, actions.open);

  const save = useCallback(() => void actions.save(), [actions.save]);
  const { clipboard, dropped, onPicture } = useOnCanvas({ state, site, dispatch, announce, addPicture, typed, canvas: refs.canvas, problems, commands });
  const { undo, redo, canvasCommand } = useKeyCommands({ state, dispatch, announce, save, commands, copy: clipboard.copy, help: show.shortcuts });
  const { reveal, fromOutline, fromCanvas } = useSelect(dispatch, refs.heading);
  const openFile = useCallback((path: string) => path !== doc?.path && void actions.open(path), [doc?.path, actions.open]);
  const makeShared = useMakeShared(state, dispatch, announce, refreshContent);
  const { dirty, unsaved } = useUnsaved(site?.files, doc);
  const settings = doc?.kind === "settings" ? (doc.value as never) : (checked?.result.settings ?? site?.settings ?? null);
  const { shell, pane, setPane } = useShownPane();
  // Until the site and the first file are read, the shell holds only the canvas: its page loads meanwhile.
  const open: OpenFile | null = site && doc && file ? { site, doc, file } : null;
  return {
    site,
    failure,
    refresh,
    addPicture,
    state,
    dispatch,
    shown,
    open,
    route,
    checking,
    problems,
    page,
    typed,
    fields,
    items,
    kept,
    actions,
    commands,
    focusing,
    studio,
    save,
    clipboard,
    dropped,
    onPicture,
    undo,
    redo,
    canvasCommand,
    reveal,
    fromOutline,
    fromCanvas,
    status,
    announce,
    viewport,
    setViewport,
    dialog,
    setDialog,
    show,
    refs,
    openFile,
    makeShared,
    dirty,
    unsaved,
    settings,
    shell,
    pane,
    setPane,
  };
}
