/**
 * The page builder: the site's files on the left; the canvas in the middle, rendering the page with
 * the unsaved edits by the site's own components as they are typed; the open file's outline and the
 * selected thing's fields on the right. The site's own checks follow off the typing path. Nothing
 * is written until Save; unsaved edits are kept in the browser until then. The parts are in parts/,
 * the state in state/ (a reducer), the work with the server in hooks/.
 */
import { useCallback, useDeferredValue, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { fileTitle } from "../../shared/kinds";
import { fieldLabel } from "../../shared/labels";
import { Canvas } from "../canvas/Canvas";
import type { CanvasHandle } from "../canvas/types";
import { useCheck } from "./useCheck";
import { useDiskWatch } from "../files/useDiskWatch";
import { useEntryCommands } from "../outline/useEntryCommands";
import { useFileActions, useOpenFirst } from "../files/useFileActions";
import { useFields } from "../fields/useFields";
import { focusById, useFocusing } from "./useFocusing";
import { useKeptEdits, useUnsaved } from "../files/useKeptEdits";
import { useKeyCommands } from "./useKeyCommands";
import { useOnCanvas } from "../canvas/useOnCanvas";
import { useCodeWatch } from "../canvas/useCodeWatch";
import { useCanvasFeed } from "../canvas/useCanvasFeed";
import { useSelect } from "../outline/useSelect";
import { useShell } from "./useShell";
import { useSite } from "./useSite";
import { Banners } from "../files/Banners";
import { Dialogs } from "./Dialogs";
import { FileList } from "../files/FileList";
import { ProblemList } from "./ProblemList";
import { Sidebar } from "./Sidebar";
import { SkipLinks } from "./SkipLinks";
import { PaneSwitch } from "./PaneSwitch";
import { type Pane, paneOf, SHOW_PANE } from "./panes";
import { StatusBar } from "./StatusBar";
import { Studio } from "../studio/Studio";
import { useStudio } from "../studio/useStudio";
import { Toolbar } from "./Toolbar";
import { countingChanges, initialCounted } from "../state/counted";
import { useOutline, usePreviewRoute, useProblems } from "./views";
import { describeOptions } from "./words";

export function Editor() {
  const { site, failure, refresh, applyContent, addPicture, generation } = useSite();
  const [state, dispatch] = useReducer(countingChanges, initialCounted);
  // While typing or moving, the builder draws the state a step behind: the keystroke or the new order is shown at once
  // by the form and the canvas (rjsf's own state, onTyped, reordered), the rest follows in a render that yields. Any
  // other change (a selection, a new entry, an undo) is drawn at once: a form drawn late would take the next keys for
  // the entry it still shows. Actions (save, undo, move) read the state itself.
  const deferred = useDeferredValue(state);
  const shown = deferred.revision === state.revision ? deferred : state;
  const { doc, selected, conflict } = shown;
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
  const items = useOutline(doc, file, problems.mine);
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
  useDiskWatch({ doc: state.doc, dispatch, refresh, saving: actions.pendingSave, generation });
  useCodeWatch(refs.canvas, announce, site ? Boolean(site.studio) : null);
  const studio = useStudio(Boolean(site?.studio), doc?.path);

  useOpenFirst(site, actions.open);

  const save = useCallback(() => void actions.save(), [actions.save]);
  const { clipboard, dropped, onPicture } = useOnCanvas({ state, site, dispatch, announce, addPicture, typed, canvas: refs.canvas, problems, commands });
  const { undo, redo, canvasCommand } = useKeyCommands({ state, dispatch, announce, save, commands, copy: clipboard.copy, help: show.shortcuts });
  const { reveal, fromOutline, fromCanvas } = useSelect(dispatch, refs.heading);
  const openFile = useCallback((path: string) => path !== doc?.path && void actions.open(path), [doc?.path, actions.open]);
  const { dirty, unsaved } = useUnsaved(site?.files, doc);
  const settings = doc?.kind === "settings" ? (doc.value as never) : (checked?.result.settings ?? site?.settings ?? null);
  // In a narrow window one panel shows at a time (editor.css); focusing into another shows it (panes.ts).
  const shell = useRef<HTMLDivElement>(null);
  const [pane, setPane] = useState<Pane>("page");
  useEffect(() => {
    const show = (event: Event) => {
      const wanted = paneOf(event.target as Element);
      if (!wanted || !shell.current) return;
      // At once, so that the focus that follows finds the element shown; React draws the switch to match.
      shell.current.dataset.show = wanted;
      setPane(wanted);
    };
    document.addEventListener(SHOW_PANE, show);
    return () => document.removeEventListener(SHOW_PANE, show);
  }, []);

  if (failure && !site) return <p className="grid h-dvh place-items-center p-8 text-slate-800">The builder could not start: {failure}</p>;
  // Until the site and the first file are read, the shell holds only the canvas: its page loads meanwhile.
  const open = site && doc && file ? { site, doc, file } : null;
  const documentSchema = open ? open.site.schemas.documents[open.file.schema] : undefined;
  return (
    <div ref={shell} data-show={pane} className="ed-shell flex h-dvh flex-col overflow-hidden bg-slate-50 text-slate-900">
      {open ? (
        <>
          <SkipLinks go={focusing.skip} />
          <Toolbar
            path={open.doc.path}
            dirty={dirty}
            saving={actions.saving}
            viewport={viewport}
            canUndo={shown.past.length > 0}
            canRedo={shown.future.length > 0}
            previewRoute={open.site.studio ? null : route}
            onViewport={setViewport}
            onUndo={undo}
            onRedo={redo}
            onChanges={show.changes}
            onShortcuts={show.shortcuts}
            onSave={save}
          />
          {open.site.studio && (
            <Studio
              studio={studio}
              path={open.doc.path}
              title={fileTitle(open.file)}
              current={open.doc.value}
              options={describeOptions(open.file, open.site.schemas)}
              advice={problems.warnings}
              onRestored={() => announce("Restored: the draft is that version again; publish to make it live.", "ok")}
            />
          )}
          <PaneSwitch pane={pane} onPane={setPane} />
        </>
      ) : (
        <p role="status" className="border-b border-slate-200 bg-white px-4 py-3 text-slate-800">
          Opening the builder…
        </p>
      )}
      {/* Wide: files | the news over the page | outline and fields. Narrow: the news, then the panel shown. */}
      <div className="grid min-h-0 flex-1 grid-cols-1 content-start lg:grid-cols-[16rem_minmax(0,1fr)_24rem] lg:grid-rows-[auto_minmax(0,1fr)] lg:content-stretch 2xl:grid-cols-[18rem_minmax(0,1fr)_28rem]">
        {open && (
          // What the builder just did and any banner stay in view whichever panel is shown.
          <section aria-label="Status" className="min-w-0 lg:col-start-2 lg:row-start-1">
            <StatusBar
              text={status.text}
              tone={status.tone}
              onUndo={status.undoable && shown.past.length > 0 ? undo : undefined}
              checking={checking}
              errors={problems.errors}
              otherErrors={problems.otherErrors}
            />
            <Banners
              doc={open.doc}
              conflict={conflict}
              kept={kept}
              options={describeOptions(open.file, open.site.schemas)}
              fieldName={(path) => (documentSchema ? fieldLabel(documentSchema, path) : path.join(" > "))}
              dispatch={dispatch}
              announce={announce}
            />
          </section>
        )}
        {open ? (
          <FileList files={open.site.files} open={open.doc.path} unsaved={unsaved} editing={studio.others} onOpen={openFile} onNewPage={show.newPage} />
        ) : (
          <div className="max-lg:hidden" />
        )}
        <main id="pane-page" data-pane="page" aria-label="Preview" className="relative flex min-h-0 min-w-0 flex-col lg:col-start-2 lg:row-start-2">
          <Canvas
            ref={refs.canvas}
            page={page}
            settings={settings}
            viewport={viewport}
            // The selection as it is, not as last drawn: "show it in the canvas" goes with the selection it asks for.
            selected={state.doc?.kind === "page" || state.doc?.kind === "template" ? state.selected : null}
            moves={shown.moves}
            behind={shown !== state}
            reveal={reveal}
            onSelect={fromCanvas}
            onCommand={canvasCommand}
            onLeave={focusing.toOutline}
            onDrop={dropped}
            onPicture={onPicture}
          />
          {open && <ProblemList problems={problems.listed} onGo={focusing.goToProblem} />}
        </main>
        {open ? (
          <Sidebar
            doc={open.doc}
            file={open.file}
            site={open.site}
            selected={selected}
            items={items}
            fields={fields}
            problems={problems}
            commands={commands}
            refs={refs}
            addPicture={addPicture}
            dispatch={dispatch}
            onSelect={fromOutline}
            onLibrary={show.library}
            clip={clipboard.clip?.name ?? null}
            onPaste={clipboard.pasteClip}
            onPageAction={setDialog}
            onFocusField={focusById}
            onTyped={typed}
            revision={shown.revision}
          />
        ) : (
          <div className="max-lg:hidden" />
        )}
      </div>
      {open && (
        <Dialogs
          dialog={dialog}
          site={open.site}
          doc={open.doc}
          dispatch={dispatch}
          announce={announce}
          onClose={show.close}
          // The new section's row takes the focus (the button that opened the library may be scrolled out of view by then).
          onInsert={(entry) => focusing.toEntry(commands.insertSection(entry, fields?.entry?.index ?? null))}
          onDiscarded={() => void refresh()}
          runPageAction={actions.runPageAction}
        />
      )}
    </div>
  );
}
