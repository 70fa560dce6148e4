/**
 * The page builder: the site's files on the left; the canvas in the middle, rendering the page with
 * the unsaved edits by the site's own components as they are typed; the open file's outline and the
 * selected thing's fields on the right. The site's own checks follow off the typing path. Nothing
 * is written until Save; unsaved edits are kept in the browser until then. The parts are in parts/,
 * the state in state/ (a reducer), the work with the server in hooks/. Its hooks are wired together
 * in useEditor.ts; this file lays the panels out.
 */
import { fileTitle } from "../../shared/kinds";
import { fieldLabel } from "../../shared/labels";
import { Canvas } from "../canvas/Canvas";
import { focusById } from "./useFocusing";
import { Banners } from "../files/Banners";
import { Dialogs } from "./Dialogs";
import { FileList } from "../files/FileList";
import { ProblemList } from "./ProblemList";
import { Sidebar } from "./Sidebar";
import { SkipLinks } from "./SkipLinks";
import { PaneSwitch } from "./PaneSwitch";
import { StatusBar } from "./StatusBar";
import { Studio } from "../studio/Studio";
import { Toolbar } from "./Toolbar";
import { type Editing, type OpenFile, useEditor } from "./useEditor";
import { describeOptions } from "./words";

export function Editor() {
  const editor = useEditor();
  const { site, failure, state, shown, open, refs, focusing, actions, commands, studio, problems, fields, dialog, announce, show } = editor;
  if (failure && !site) return <p className="grid h-dvh place-items-center p-8 text-slate-800">The builder could not start: {failure}</p>;
  return (
    <div ref={editor.shell} data-show={editor.pane} className="ed-shell flex h-dvh flex-col overflow-hidden bg-slate-50 text-slate-900">
      {open ? (
        <EditorTop editor={editor} open={open} />
      ) : (
        <p role="status" className="border-b border-slate-200 bg-white px-4 py-3 text-slate-800">
          Opening the builder…
        </p>
      )}
      {/* Wide: files | the news over the page | outline and fields. Narrow: the news, then the panel shown. */}
      <div className="grid min-h-0 flex-1 grid-cols-1 content-start lg:grid-cols-[16rem_minmax(0,1fr)_24rem] lg:grid-rows-[auto_minmax(0,1fr)] lg:content-stretch 2xl:grid-cols-[18rem_minmax(0,1fr)_28rem]">
        {open && <StatusSection editor={editor} open={open} />}
        {open ? (
          <FileList
            files={open.site.files}
            open={open.doc.path}
            unsaved={editor.unsaved}
            editing={studio.others}
            onOpen={editor.openFile}
            onNewPage={show.newPage}
          />
        ) : (
          <div className="max-lg:hidden" />
        )}
        <main id="pane-page" data-pane="page" aria-label="Preview" className="relative flex min-h-0 min-w-0 flex-col lg:col-start-2 lg:row-start-2">
          <Canvas
            ref={refs.canvas}
            page={editor.page}
            settings={editor.settings}
            viewport={editor.viewport}
            // The selection as it is, not as last drawn: "show it in the canvas" goes with the selection it asks for.
            selected={state.doc?.kind === "page" || state.doc?.kind === "template" ? state.selected : null}
            moves={shown.moves}
            behind={shown !== state}
            reveal={editor.reveal}
            onSelect={editor.fromCanvas}
            onCommand={editor.canvasCommand}
            onLeave={focusing.toOutline}
            onDrop={editor.dropped}
            onPicture={editor.onPicture}
          />
          {open && <ProblemList problems={problems.listed} onGo={focusing.goToProblem} />}
        </main>
        {open ? (
          <Sidebar
            doc={open.doc}
            file={open.file}
            site={open.site}
            selected={shown.selected}
            items={editor.items}
            fields={fields}
            problems={problems}
            commands={commands}
            refs={refs}
            addPicture={editor.addPicture}
            dispatch={editor.dispatch}
            onSelect={editor.fromOutline}
            onLibrary={show.library}
            clip={editor.clipboard.clip?.name ?? null}
            onPaste={editor.clipboard.pasteClip}
            onPageAction={editor.setDialog}
            onFocusField={focusById}
            onTyped={editor.typed}
            revision={shown.revision}
            onMakeShared={editor.makeShared}
            onOpen={editor.openFile}
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
          dispatch={editor.dispatch}
          announce={announce}
          onClose={show.close}
          // The new section's row takes the focus (the button that opened the library may be scrolled out of view by then).
          onInsert={(entry) => focusing.toEntry(commands.insertSection(entry, fields?.entry?.index ?? null))}
          onDiscarded={() => void editor.refresh()}
          runPageAction={actions.runPageAction}
        />
      )}
    </div>
  );
}

/** Above the panels, once a file is open: the skip links, the toolbar, the studio's bar (in the studio) and the panel switch. */
function EditorTop({ editor, open }: { editor: Editing; open: OpenFile }) {
  const { shown, actions, show, announce } = editor;
  return (
    <>
      <SkipLinks go={editor.focusing.skip} />
      <Toolbar
        path={open.doc.path}
        dirty={editor.dirty}
        saving={actions.saving}
        viewport={editor.viewport}
        canUndo={shown.past.length > 0}
        canRedo={shown.future.length > 0}
        previewRoute={open.site.studio ? null : editor.route}
        onViewport={editor.setViewport}
        onUndo={editor.undo}
        onRedo={editor.redo}
        onChanges={show.changes}
        onShortcuts={show.shortcuts}
        onSave={editor.save}
      />
      {open.site.studio && (
        <Studio
          studio={editor.studio}
          path={open.doc.path}
          title={fileTitle(open.file)}
          current={open.doc.value}
          options={describeOptions(open.file, open.site.schemas, open.site.shared)}
          advice={editor.problems.warnings}
          site={open.site}
          onRestored={() => announce("Restored: the draft is that version again; publish to make it live.", "ok")}
        />
      )}
      <PaneSwitch pane={editor.pane} onPane={editor.setPane} />
    </>
  );
}

/** What the builder just did and any banner: they stay in view whichever panel is shown. */
function StatusSection({ editor, open }: { editor: Editing; open: OpenFile }) {
  const { status, shown, problems } = editor;
  const documentSchema = open.site.schemas.documents[open.file.schema];
  return (
    <section aria-label="Status" className="min-w-0 lg:col-start-2 lg:row-start-1">
      <StatusBar
        text={status.text}
        tone={status.tone}
        onUndo={status.undoable && shown.past.length > 0 ? editor.undo : undefined}
        checking={editor.checking}
        errors={problems.errors}
        otherErrors={problems.otherErrors}
      />
      <Banners
        doc={open.doc}
        conflict={shown.conflict}
        kept={editor.kept}
        options={describeOptions(open.file, open.site.schemas, open.site.shared)}
        fieldName={(path) => (documentSchema ? fieldLabel(documentSchema, path) : path.join(" > "))}
        dispatch={editor.dispatch}
        announce={editor.announce}
      />
    </section>
  );
}
