/**
 * A file's history in the studio: every version (who, when, what, and whether the live site has it);
 * one chosen shows what changed from it to the draft now, in words, and the two versions side by
 * side; Restore (publishers) makes it the draft again, as a new version.
 */
import { DialogTop } from "./DialogTop";
import { useEffect, useRef, useState } from "react";
import { describeChanges, type DescribeOptions } from "../../describe";
import { api, type Version } from "../api-client";
import type { Json } from "../state/types";

export interface HistoryDialogProps {
  open: boolean;
  path: string;
  current: Json;
  options: DescribeOptions;
  canRestore: boolean;
  onClose(): void;
  onRestored(): void;
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

export function HistoryDialog({ open, path, current, options, canRestore, onClose, onRestored }: HistoryDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [versions, setVersions] = useState<Version[] | null>(null);
  const [chosen, setChosen] = useState<{ version: Version; text: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!open) return void (element.open && element.close());
    if (!element.open) element.showModal();
    setChosen(null);
    setError(null);
    api.history(path).then(setVersions, (err: Error) => setError(err.message));
  }, [open, path]);

  const choose = (version: Version) =>
    api.version(path, version.commit).then(
      ({ text }) => setChosen({ version, text }),
      (err: Error) => setError(err.message),
    );
  let then: Json | null = null;
  try {
    then = chosen ? (JSON.parse(chosen.text) as Json) : null;
  } catch {}
  const lines = then !== null ? describeChanges(then, current, options) : [];
  return (
    <dialog ref={dialog} aria-labelledby="history-title" className="ed-dialog m-auto max-h-[90vh] w-[min(72rem,calc(100vw-2rem))]" onClose={onClose}>
      <DialogTop id="history-title" title={<>History of {path}</>} error={error} onClose={onClose} />
      <div className="grid gap-4 md:grid-cols-[20rem_1fr]">
        <ol className="max-h-[60vh] space-y-1 overflow-y-auto">
          {versions?.map((v) => (
            <li key={v.commit}>
              <button
                type="button"
                aria-current={chosen?.version.commit === v.commit ? "true" : undefined}
                className="w-full rounded border border-slate-200 p-2 text-left text-sm hover:bg-slate-50 aria-[current]:border-blue-700 aria-[current]:bg-blue-50"
                onClick={() => void choose(v)}
              >
                <span className="block font-medium">{v.message}</span>
                <span className="block text-xs text-slate-700">
                  {v.author}, {when(v.date)} · {v.published ? "published" : "draft"}
                </span>
              </button>
            </li>
          ))}
        </ol>
        <div>
          {!chosen && <p className="text-sm">Choose a version to compare it with the draft now.</p>}
          {chosen && (
            <>
              <h3 className="text-sm font-semibold">
                From the version of {when(chosen.version.date)} ({chosen.version.author}) to the draft now
              </h3>
              {lines.length > 0 ? (
                <ul className="my-2 list-disc pl-5 text-sm">
                  {lines.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              ) : (
                <p className="my-2 text-sm">No difference.</p>
              )}
              <div className="grid grid-cols-2 gap-2">
                <section aria-label="That version">
                  <h4 className="text-xs font-semibold">That version</h4>
                  <pre className="max-h-72 overflow-auto rounded bg-slate-50 p-2 text-xs">{chosen.text}</pre>
                </section>
                <section aria-label="The draft now">
                  <h4 className="text-xs font-semibold">The draft now</h4>
                  <pre className="max-h-72 overflow-auto rounded bg-slate-50 p-2 text-xs">{JSON.stringify(current, null, 2)}</pre>
                </section>
              </div>
              {canRestore && lines.length > 0 && (
                <button
                  type="button"
                  className="mt-3 rounded-md bg-blue-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-blue-800"
                  onClick={() =>
                    api.restore(path, chosen.version.commit).then(
                      () => onRestored(),
                      (err: Error) => setError(err.message),
                    )
                  }
                >
                  Restore this version
                </button>
              )}
            </>
          )}
        </div>
      </div>
    </dialog>
  );
}
