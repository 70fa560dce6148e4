/**
 * What has changed, in words, file by file: the saved changes since the last Git commit, and the
 * open file's edits not saved yet (what Save would write), each with its JSON diff one click away.
 * Discard acts on one file only: its saved changes (back to the last commit), or the open file's
 * unsaved edits (undo brings them back).
 */
import { DialogTop } from "../shell/DialogTop";
import { useCallback, useEffect, useRef, useState } from "react";
import { describeChanges } from "../../shared/describe";
import { api, isAbort, type EditorFile, type EditorState, type FileChange } from "../api-client";
import { originsOf } from "../state/list";
import type { Doc, Json } from "../state/types";
import { describeOptions, fileTitle } from "../shell/words";
import { Scrolls } from "../shell/Scrolls";

export interface ChangesDialogProps {
  open: boolean;
  site: EditorState;
  doc: Doc;
  onClose(): void;
  /** The open file's unsaved edits are to go. */
  onRevert(): void;
  onDiscarded(path: string): void;
}

const parse = (text: string | null): Json | null => {
  try {
    return text === null ? null : (JSON.parse(text) as Json);
  } catch {
    return null;
  }
};

function Diff({ diff }: { diff: string }) {
  return (
    <Scrolls label="The lines changed" className="max-h-72 rounded border border-slate-200 bg-slate-50">
      <pre className="text-xs leading-5">
        {diff
          .split("\n")
          .filter((line) => !/^(diff --git|index |--- |\+\+\+ )/.test(line))
          .map((line, i) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: a diff's lines have no identity but their place.
              key={i}
              className={
                line.startsWith("+") ? "ed-diff-add" : line.startsWith("-") ? "ed-diff-del" : line.startsWith("@@") ? "bg-slate-200 text-slate-700" : ""
              }
            >
              {line || " "}
            </div>
          ))}
      </pre>
    </Scrolls>
  );
}

export function ChangesDialog({ open, site, doc, onClose, onRevert, onDiscarded }: ChangesDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [changes, setChanges] = useState<{ available: boolean; files: FileChange[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback((signal?: AbortSignal) => api.changes(signal).then(setChanges, (err: Error) => isAbort(err) || setError(err.message)), []);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!open) {
      if (element.open) element.close();
      return;
    }
    setChanges(null);
    setError(null);
    const controller = new AbortController();
    void load(controller.signal);
    if (!element.open) element.showModal();
    return () => controller.abort();
  }, [open, load]);

  const fileOf = (path: string): EditorFile | undefined => site.files.find((f) => f.path === path);
  // Closed, it shows nothing: nothing to work out on every keystroke.
  const unsaved = open && JSON.stringify(doc.saved) !== JSON.stringify(doc.value);
  const openFile = fileOf(doc.path);
  const listed = open ? [...(changes?.files ?? [])] : [];
  if (unsaved && !listed.some((c) => c.path === doc.path)) listed.unshift({ path: doc.path, status: "changed", diff: "", head: null, current: null });

  const discard = async (path: string) => {
    if (!confirm(`Put ${path} back as it was at the last commit? Its saved changes go.`)) return;
    try {
      await api.discard(path);
      onDiscarded(path);
      await load();
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <dialog ref={dialog} aria-labelledby="changes-title" className="ed-dialog m-auto max-h-[90vh] w-[min(64rem,calc(100vw-2rem))]" onClose={onClose}>
      <DialogTop id="changes-title" title="Changes since the last commit" error={error} onClose={onClose} />
      {!changes && !error && <p className="text-sm">Reading Git…</p>}
      {changes && !changes.available && <p className="text-sm">This folder is not a Git repository, so there is nothing to compare with.</p>}
      {changes?.available && listed.length === 0 && <p className="text-sm">No content file has changed since the last commit.</p>}
      <ul className="space-y-4">
        {listed.map((change) => {
          const file = fileOf(change.path);
          const saved =
            file && change.status === "changed" && change.head !== null
              ? describeChanges(parse(change.head), parse(change.current), describeOptions(file, site.schemas, site.shared))
              : [];
          const mine =
            change.path === doc.path && unsaved && openFile
              ? describeChanges(doc.saved, doc.value, { ...describeOptions(openFile, site.schemas, site.shared), origins: originsOf(doc) })
              : [];
          return (
            <li key={change.path} className="rounded-lg border border-slate-200 p-3">
              <div className="mb-1 flex flex-wrap items-center gap-2">
                <h3 className="text-sm font-semibold">{file ? fileTitle(file) : change.path}</h3>
                <span className="font-mono text-xs text-slate-700">{change.path}</span>
                {change.status !== "changed" && (
                  <span className="rounded bg-slate-100 px-1.5 text-xs">{change.status === "added" ? "new file" : "deleted"}</span>
                )}
              </div>
              {saved.length > 0 && (
                <>
                  <p className="text-sm font-medium">Saved, not committed:</p>
                  <ul className="mb-1 list-disc pl-5 text-sm">
                    {saved.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </>
              )}
              {mine.length > 0 && (
                <>
                  <p className="text-sm font-medium text-amber-900">Not saved yet (what Save writes):</p>
                  <ul className="mb-1 list-disc pl-5 text-sm">
                    {mine.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </>
              )}
              {change.diff && (
                <details className="mt-1">
                  <summary className="cursor-pointer text-sm text-blue-800">The saved changes as JSON</summary>
                  <Diff diff={change.diff} />
                </details>
              )}
              <div className="mt-2 flex flex-wrap gap-2">
                {mine.length > 0 && (
                  <button
                    type="button"
                    className="rounded px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-400 hover:bg-amber-50"
                    onClick={onRevert}
                  >
                    Discard unsaved edits
                  </button>
                )}
                {(change.diff || change.status !== "changed") && (
                  <button
                    type="button"
                    className="rounded px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-300 hover:bg-red-50"
                    onClick={() => void discard(change.path)}
                  >
                    {change.status === "added" ? "Delete this new file" : "Discard saved changes"}
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </dialog>
  );
}
