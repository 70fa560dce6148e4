/** The content files changed since the last Git commit, each with its diff and "Discard changes". */
import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "./api-client";

type Change = { path: string; status: string; diff: string };

export function ChangesDialog({ open, onClose, onDiscarded }: { open: boolean; onClose(): void; onDiscarded(path: string): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [changes, setChanges] = useState<{ available: boolean; files: Change[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => api.changes().then(setChanges, (err: Error) => setError(err.message)), []);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open) {
      setChanges(null);
      setError(null);
      void load();
      if (!element.open) element.showModal();
    } else if (element.open) element.close();
  }, [open, load]);

  const discard = async (path: string) => {
    if (!confirm(`Discard every change to ${path} since the last commit?`)) return;
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
      <div className="mb-3 flex items-center justify-between">
        <h2 id="changes-title" className="text-lg font-bold">
          Changes since the last commit
        </h2>
        <button type="button" className="rounded px-3 py-1 text-sm ring-1 ring-slate-300 hover:bg-slate-100" onClick={onClose}>
          Close
        </button>
      </div>
      {error && (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
      {!changes && !error && <p className="text-sm">Reading Git…</p>}
      {changes && !changes.available && <p className="text-sm">This folder is not a Git repository, so there is nothing to compare with.</p>}
      {changes?.available && changes.files.length === 0 && <p className="text-sm">No content file has changed since the last commit.</p>}
      <ul className="space-y-4">
        {changes?.files.map((change) => (
          <li key={change.path}>
            <div className="mb-1 flex items-center gap-2">
              <h3 className="font-mono text-sm font-semibold">{change.path}</h3>
              <span className="rounded bg-slate-100 px-1.5 text-xs">{change.status}</span>
              <button
                type="button"
                className="ml-auto rounded px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-300 hover:bg-red-50"
                onClick={() => void discard(change.path)}
              >
                Discard changes
              </button>
            </div>
            {change.diff && (
              <pre className="max-h-72 overflow-auto rounded border border-slate-200 bg-slate-50 text-xs leading-5" title={`Changes to ${change.path}`}>
                {change.diff
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
            )}
          </li>
        ))}
      </ul>
    </dialog>
  );
}
