/**
 * A file's history in the studio: every version that ever existed on either side (who, when, what,
 * whether it is live, the draft, or was set aside by a publish); one chosen is compared with the
 * draft now, in words and word by word; Restore (publishers) makes it the draft again, as a new version.
 */
import { DialogTop } from "../shell/DialogTop";
import { useEffect, useRef, useState } from "react";
import { describeChanges, type DescribeOptions } from "../../shared/describe";
import { api, type Version } from "../api-client";
import type { Json } from "../state/types";
import { Comparison } from "./Comparison";

export interface HistoryDialogProps {
  open: boolean;
  path: string;
  /** What a person calls the file: "Page /about-us". */
  title: string;
  current: Json;
  options: DescribeOptions;
  canRestore: boolean;
  onClose(): void;
  onRestored(): void;
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** Where a version stands, in words. */
const standing = (v: Version) =>
  [v.live ? "live now" : v.published ? "was published" : null, v.draft ? "the draft now" : null, v.setAside ? "set aside by a publish" : null]
    .filter(Boolean)
    .join(", ") || "draft";

export function HistoryDialog({ open, path, title, current, options, canRestore, onClose, onRestored }: HistoryDialogProps) {
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
      <DialogTop id="history-title" title={<>History of {title}</>} error={error} onClose={onClose} />
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
                  {v.author}, {when(v.date)} · {standing(v)}
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
              {then !== null ? (
                <Comparison before={then} after={current} options={options} label="That version compared with the draft now" />
              ) : (
                <p className="my-2 text-sm">That version is not a JSON file the builder can read.</p>
              )}
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
