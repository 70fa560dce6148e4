/**
 * The open file changed on disk while it had unsaved edits (or was deleted): what changed there
 * and what the editor changed, in words, and the choice: merge both (when they touched different
 * sections or fields), keep my version (Save then replaces the disk's), or take the disk's (undo
 * brings my edits back).
 */
import { useMemo } from "react";
import { describeChanges, type DescribeOptions } from "../../shared/describe";
import { merge3 } from "../../shared/merge";
import { listKey, originsOf } from "../state/list";
import type { Doc, DiskVersion } from "../state/types";

export interface ConflictBannerProps {
  doc: Doc;
  disk: DiskVersion;
  options: DescribeOptions;
  /** A field's name in words, for a conflict inside the file's own fields. */
  fieldName(path: string[]): string;
  onMerge(): void;
  onKeepMine(): void;
  onTakeDisk(): void;
}

const BUTTON = "rounded-md px-3 py-1 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

export function ConflictBanner({ doc, disk, options, fieldName, onMerge, onKeepMine, onTakeDisk }: ConflictBannerProps) {
  const origins = useMemo(() => originsOf(doc), [doc]);
  const mine = useMemo(() => describeChanges(doc.saved, doc.value, { ...options, origins }), [doc, options, origins]);
  const theirs = useMemo(() => (disk ? describeChanges(doc.saved, disk.value, options) : []), [doc.saved, disk, options]);
  const merge = useMemo(
    () => (disk ? merge3(doc.saved, doc.value, disk.value, listKey(doc.kind), { mineOrigins: origins, fieldName }) : null),
    [doc, disk, origins, fieldName],
  );
  // In the studio: the colleague who saved it.
  const by = disk?.by?.name;
  const list = (lines: string[], none: string) =>
    lines.length > 0 ? (
      <ul className="list-disc space-y-0.5 pl-5">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    ) : (
      <p>{none}</p>
    );
  return (
    <section
      role="alert"
      aria-labelledby="conflict-title"
      className="max-h-[45%] overflow-y-auto border-b border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
    >
      <h2 id="conflict-title" className="font-bold">
        {by
          ? `${by} saved ${doc.path} while you were editing it.`
          : disk
            ? `${doc.path} changed on disk while you were editing it.`
            : `${doc.path} was deleted on disk while you were editing it.`}{" "}
        Nothing is lost: choose what to keep.
      </h2>
      <div className="mt-2 grid gap-3 md:grid-cols-2">
        <div>
          <h3 className="font-semibold">{by ? `Changed by ${by}` : "Changed on disk"}</h3>
          {disk ? list(theirs, "Nothing that shows (only the file's layout).") : <p>The file is gone.</p>}
        </div>
        <div>
          <h3 className="font-semibold">Your edits, not saved</h3>
          {list(mine, "None.")}
        </div>
      </div>
      {merge && !merge.ok && <p className="mt-2">Both cannot be kept together: {merge.conflicts.map((c) => c.text).join("; ")}.</p>}
      <div className="mt-2 flex flex-wrap gap-2">
        {merge?.ok && (
          <button type="button" className={`${BUTTON} bg-amber-800 text-white hover:bg-amber-900`} onClick={onMerge}>
            Keep both (merge)
          </button>
        )}
        <button type="button" className={`${BUTTON} bg-white ring-1 ring-amber-700 hover:bg-amber-100`} onClick={onKeepMine}>
          {by
            ? `Keep my version (Save replaces ${by}'s)`
            : disk
              ? "Keep my version (Save replaces the disk's)"
              : "Keep my version (Save writes the file again)"}
        </button>
        {disk && (
          <button type="button" className={`${BUTTON} bg-white ring-1 ring-amber-700 hover:bg-amber-100`} onClick={onTakeDisk}>
            {by ? `Take ${by}'s version (undo brings mine back)` : "Take the disk's version (undo brings mine back)"}
          </button>
        )}
      </div>
    </section>
  );
}
