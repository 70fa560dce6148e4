/** A builder dialog's top: its title, Close, and what went wrong, if anything. */
import type { ReactNode } from "react";

export function DialogTop({ id, title, error, onClose }: { id: string; title: ReactNode; error: string | null; onClose(): void }) {
  return (
    <>
      <div className="mb-3 flex items-start justify-between gap-2">
        <h2 id={id} className="text-lg font-bold">
          {title}
        </h2>
        <button type="button" className="shrink-0 rounded px-3 py-1 text-sm ring-1 ring-slate-300 hover:bg-slate-100" onClick={onClose}>
          Close
        </button>
      </div>
      {error && (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
    </>
  );
}
