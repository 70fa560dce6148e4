/**
 * The section library: every section type, with its title, what it is for, and a thumbnail
 * rendered by its own component from its schema's example (the same as /__sections). Choosing one
 * inserts its example after the selected section.
 */
import { memo, Suspense, useEffect, useRef } from "react";
import { SectionView } from "@/sections/registry";
import type { LibraryEntry } from "../api-client";

/** Thumbnails show the section as it looks 1280 pixels wide, at this scale. */
const THUMB_SCALE = 0.27;

export const Library = memo(function Library({
  open,
  entries,
  onClose,
  onInsert,
}: {
  open: boolean;
  entries: LibraryEntry[];
  onClose(): void;
  onInsert(entry: LibraryEntry): void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog ref={dialog} aria-labelledby="library-title" className="ed-dialog m-auto max-h-[90vh] w-[min(72rem,calc(100vw-2rem))]" onClose={onClose}>
      <div className="mb-3 flex items-center justify-between">
        <h2 id="library-title" className="text-lg font-bold">
          Add a section
        </h2>
        <button type="button" className="rounded px-3 py-1 text-sm ring-1 ring-slate-300 hover:bg-slate-100" onClick={onClose}>
          Close
        </button>
      </div>
      <p className="mb-3 text-sm text-slate-700">
        Each kind of section, shown with its example content. The one you choose goes after the selected section, with that example to change.
      </p>
      {open && (
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-3">
          {entries.map((entry) => (
            <li key={entry.type} className="relative flex h-full flex-col overflow-hidden rounded-lg border border-slate-300 hover:border-blue-700">
              {/* The thumbnail is a picture of the section: hidden from assistive technology, and nothing in it can be focused or clicked. */}
              <div aria-hidden="true" inert className="pointer-events-none relative h-44 w-full overflow-hidden border-b border-slate-200 bg-white">
                {/* Each thumbnail waits for its own section's code: the list itself shows at once. */}
                {entry.slot.ok && (
                  <Suspense fallback={null}>
                    <div className="absolute top-0 left-0 origin-top-left" style={{ width: 1280, transform: `scale(${THUMB_SCALE})` }}>
                      <SectionView resolved={entry.slot} />
                    </div>
                  </Suspense>
                )}
              </div>
              {/* The whole card is the button's target (its ::after covers it). */}
              <button
                type="button"
                data-library-entry={entry.type}
                className="block p-2 text-left after:absolute after:inset-0 focus-visible:outline-none focus-visible:after:rounded-lg focus-visible:after:outline-2 focus-visible:after:outline-blue-600"
                onClick={() => onInsert(entry)}
              >
                <span className="block text-sm font-semibold text-slate-900">{entry.title}</span>
                <span className="mt-0.5 block text-xs text-slate-700">{entry.purpose}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </dialog>
  );
});
