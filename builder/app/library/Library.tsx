/**
 * The section library: every section type, with its title, what it is for, and a thumbnail
 * rendered by its own component from its schema's example (the same as /__sections), grouped by
 * the schemas' categories and found by a search of names and descriptions. Choosing one inserts
 * its example after the selected section; dragging one onto the canvas puts it where it is dropped
 * (the library steps aside meanwhile).
 */
import { type DragEvent, memo, Suspense, useId, useRef, useState } from "react";
import { DRAG_NEW } from "../canvas/protocol";
import { useModal } from "../shell/useModal";
import { SECTION_CATEGORIES, type SectionCategory } from "@/content/section-categories";
import { SectionView } from "@/sections/registry";
import { FormIdPrefix } from "@/enquiry/layout";
import type { LibraryEntry } from "../api-client";

/** Thumbnails show the section as it looks 1280 pixels wide, at this scale. */
const THUMB_SCALE = 0.27;

const GROUPS: SectionCategory[] = [...SECTION_CATEGORIES, "Other"];

/** Every word of the search somewhere in the entry's name, description or type, in any case. */
function matches(entry: LibraryEntry, search: string): boolean {
  const text = `${entry.title} ${entry.purpose} ${entry.type.replace(/[-:]/g, " ")}`.toLowerCase();
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => text.includes(word));
}

export const Library = memo(function Library({
  open,
  entries,
  shared,
  onClose,
  onInsert,
}: {
  open: boolean;
  entries: LibraryEntry[];
  /** The shared sections (shared-entries.ts), placed by name. */
  shared: LibraryEntry[];
  onClose(): void;
  onInsert(entry: LibraryEntry): void;
}) {
  const dialog = useModal(open);
  // While a card is dragged, the library is out of sight and the pointer passes through it (not modal: the canvas behind takes the drop).
  const [dragging, setDragging] = useState(false);
  const switching = useRef(0);
  const reopen = (modal: boolean) => {
    const element = dialog.current;
    if (!element) return;
    switching.current += 1;
    element.close();
    if (modal) element.showModal();
    else element.show();
  };
  const drag = {
    start() {
      setDragging(true);
      reopen(false);
    },
    end(event: DragEvent) {
      setDragging(false);
      // Dropped on the canvas: done. Let go elsewhere: the library as it was.
      if (event.dataTransfer.dropEffect === "none") reopen(true);
      else onClose();
    },
  };
  return (
    <dialog
      ref={dialog}
      aria-labelledby="library-title"
      className={`ed-dialog m-auto max-h-[90vh] w-[min(72rem,calc(100vw-2rem))] ${dragging ? "pointer-events-none opacity-0" : ""}`}
      onClose={() => {
        if (switching.current > 0) switching.current -= 1;
        else onClose();
      }}
    >
      <div className="mb-3 flex items-center justify-between">
        <h2 id="library-title" className="text-lg font-bold">
          Add a section
        </h2>
        <button type="button" className="rounded px-3 py-1 text-sm ring-1 ring-slate-300 hover:bg-slate-100" onClick={onClose}>
          Close
        </button>
      </div>
      <p className="mb-3 text-sm text-slate-700">
        Each kind of section, shown with its example content. The one you choose goes after the selected section, with that example to change; or drag it onto
        the page, where it is to go.
      </p>
      {open && <Entries entries={entries} shared={shared} onInsert={onInsert} drag={drag} />}
    </dialog>
  );
});

const sharedCount = (n: number) => (n === 1 ? "1 shared section" : `${n} shared sections`);

/** A group's heading id: an id is one word ("Text and steps" would name three elements that do not exist). */
const groupId = (id: string, category: string) => `${id}-${category.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

/** The search and the groups; drawn only while the library is open (a new search each time). */
interface Drag {
  start(): void;
  end(event: DragEvent): void;
}

function Entries({ entries, shared, onInsert, drag }: { entries: LibraryEntry[]; shared: LibraryEntry[]; onInsert(entry: LibraryEntry): void; drag: Drag }) {
  // Filtered as typed (19 entries): a Tab right after typing lands on the first card found.
  const [searched, setSearch] = useState("");
  const id = useId();
  const found = entries.filter((entry) => matches(entry, searched));
  const sharedFound = shared.filter((entry) => matches(entry, searched));
  const groups = [
    { category: "Shared sections", entries: sharedFound },
    ...GROUPS.map((category) => ({ category: category as string, entries: found.filter((e) => e.category === category) })),
  ].filter((g) => g.entries.length > 0);
  return (
    <>
      <div className="mb-3">
        <label htmlFor={`${id}-search`} className="mb-1 block text-sm font-semibold text-slate-800">
          Search the sections
        </label>
        <input
          id={`${id}-search`}
          type="search"
          value={searched}
          onChange={(e) => setSearch(e.target.value)}
          aria-describedby={`${id}-count`}
          placeholder="carousel, contact, steps…"
          className="w-full max-w-md rounded-md border border-slate-400 px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-blue-600"
        />
        <p id={`${id}-count`} role="status" className="mt-1 text-xs text-slate-700">
          {found.length === entries.length && sharedFound.length === shared.length
            ? `${entries.length} kinds of section${shared.length ? `, ${sharedCount(shared.length)}` : ""}`
            : found.length + sharedFound.length === 0
              ? `No section matches "${searched}".`
              : `${found.length} of ${entries.length} kinds of section${shared.length ? ` and ${sharedFound.length} of ${sharedCount(shared.length)}` : ""} match "${searched}"`}
        </p>
      </div>
      {groups.map((group) => (
        <section key={group.category} aria-labelledby={groupId(id, group.category)} className="mb-4">
          <h3 id={groupId(id, group.category)} className="mb-2 text-sm font-bold tracking-wide text-slate-700 uppercase">
            {group.category}
          </h3>
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {group.entries.map((entry) => (
              <Card key={entry.type} entry={entry} onInsert={onInsert} drag={drag} />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

function Card({ entry, onInsert, drag }: { entry: LibraryEntry; onInsert(entry: LibraryEntry): void; drag: Drag }) {
  return (
    <li
      className="relative flex h-full cursor-grab flex-col overflow-hidden rounded-lg border border-slate-300 hover:border-blue-700"
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData(DRAG_NEW, entry.type);
        event.dataTransfer.effectAllowed = "copy";
        drag.start();
      }}
      onDragEnd={drag.end}
    >
      {/* The thumbnail is a picture of the section: hidden from assistive technology, and nothing in it can be focused or clicked. */}
      <div aria-hidden="true" inert className="ed-thumb pointer-events-none relative h-44 w-full overflow-hidden border-b border-slate-200 bg-white">
        {/* Each thumbnail waits for its own section's code: the list itself shows at once. */}
        {entry.slot.ok && (
          <Suspense fallback={null}>
            <div className="absolute top-0 left-0 origin-top-left" style={{ width: 1280, transform: `scale(${THUMB_SCALE})` }}>
              {/* A contact form's ids, its own in each card (the library may show the form more than once). */}
              <FormIdPrefix value={`library-${entry.type.replace(/[^a-z0-9-]/g, "-")}`}>
                <SectionView resolved={entry.slot} />
              </FormIdPrefix>
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
  );
}
