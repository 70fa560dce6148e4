/** What the builder just did (read aloud), and how the content stands: checking, or its errors. */
import type { Tone } from "./types";

export function StatusBar({
  text,
  tone,
  onUndo,
  checking,
  errors,
  otherErrors,
}: {
  text: string;
  tone: Tone;
  /** Offered beside a message about something undoable (a deletion). */
  onUndo?: () => void;
  checking: boolean;
  errors: number;
  otherErrors: number;
}) {
  const count = (n: number) => `${n} ${n === 1 ? "error" : "errors"}`;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 bg-white px-3 py-1.5 text-sm">
      <span role="status" aria-live="polite" className={tone === "error" ? "font-semibold text-red-800" : tone === "ok" ? "text-green-800" : "text-slate-700"}>
        {text}
      </span>
      {onUndo && (
        <button
          type="button"
          aria-label="Undo the deletion"
          className="rounded px-2 py-0.5 text-sm font-semibold text-blue-800 ring-1 ring-slate-300 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600"
          onClick={onUndo}
        >
          Undo
        </button>
      )}
      <span className="ml-auto shrink-0 text-xs text-slate-700" aria-live="off">
        {checking ? "Checking…" : errors > 0 ? `${count(errors)} in this file` : "No errors"}
        {otherErrors > 0 && ` · ${count(otherErrors)} in other files`}
      </span>
    </div>
  );
}
