/**
 * The outline: a file's list (a page's sections, a collection's entries) in order. Select one;
 * move it by dragging its handle, by keyboard on the handle (Space to pick up, arrows, Space to
 * drop, with dnd-kit's announcements in words), with its Move up and Move down buttons or
 * Alt+Up/Down; duplicate it; delete it. Every move is said aloud for screen readers.
 */
import type { OutlineItem } from "./types";
import { memo } from "react";
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";

export interface OutlineProps {
  title: string;
  items: OutlineItem[];
  selected: string | null;
  onSelect(id: string): void;
  /** Moves the entry by `by` places (the entry as shown: the move is made on the list as it is now). */
  onMove(id: string, by: number): void;
  onDuplicate(id: string): void;
  onDelete(id: string): void;
}

const iconButton =
  "grid h-7 w-7 place-items-center rounded text-slate-600 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-30";

type RowProps = { item: OutlineItem; index: number; count: number; selected: boolean } & Pick<OutlineProps, "onSelect" | "onMove" | "onDuplicate" | "onDelete">;

/** Six dots, one path: the drag handle's icon. */
const GRIP = [3, 7, 11].flatMap((y) => [4, 10].map((x) => `M${x - 1.3} ${y}a1.3 1.3 0 1 0 2.6 0a1.3 1.3 0 1 0 -2.6 0`)).join("");

/** A row as dnd-kit moves it: its element and drag handle only, drawn again on every step of a drag; the rest is RowBody. */
const Row = memo(function Row(props: RowProps) {
  const { item, index, count, selected, onMove } = props;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.id });
  const style = { transform: CSS.Transform.toString(transform), transition };
  return (
    <li
      ref={setNodeRef}
      style={style}
      data-outline-item={item.id}
      data-selected={selected ? "" : undefined}
      className={`group flex items-center gap-1 rounded-md border px-1 py-1 ${selected ? "border-blue-700 bg-blue-50" : "border-transparent hover:bg-slate-100"} ${isDragging ? "z-10 bg-white shadow-lg" : ""}`}
      onKeyDown={(e) => {
        if (!e.altKey || (e.key !== "ArrowUp" && e.key !== "ArrowDown")) return;
        e.preventDefault();
        onMove(item.id, e.key === "ArrowUp" ? -1 : 1);
      }}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        className={`${iconButton} cursor-grab`}
        aria-label={`Drag ${item.label} (${index + 1} of ${count})`}
        {...attributes}
        {...listeners}
      >
        <svg aria-hidden="true" width="14" height="14" viewBox="0 0 14 14" fill="currentColor">
          <path d={GRIP} />
        </svg>
      </button>
      <RowBody {...props} />
    </li>
  );
});

/** The rest of a row: drawn again only when the entry, its place or the selection changes (not on each step of a drag). */
const RowBody = memo(function RowBody({ item, index, count, selected, onSelect, onMove, onDuplicate, onDelete }: RowProps) {
  return (
    <>
      <button
        type="button"
        aria-current={selected ? "true" : undefined}
        className="min-w-0 flex-1 rounded px-1 py-0.5 text-left focus-visible:outline-2 focus-visible:outline-blue-600"
        onClick={() => onSelect(item.id)}
      >
        <span className="block truncate text-sm font-medium text-slate-900">{item.label}</span>
        <span className="block truncate text-xs text-slate-600">
          {item.shared && (
            <span title={item.shared.pages} className="mr-1 rounded bg-violet-800 px-1 font-semibold text-white">
              {item.shared.badge}
            </span>
          )}
          {item.detail}
          {item.errors > 0 && <span className="ml-1 font-semibold text-red-700">· {item.errors === 1 ? "1 error" : `${item.errors} errors`}</span>}
          {item.errors === 0 && item.warnings > 0 && (
            <span className="ml-1 text-amber-800">· {item.warnings === 1 ? "1 warning" : `${item.warnings} warnings`}</span>
          )}
        </span>
      </button>
      <button type="button" className={iconButton} aria-label={`Move ${item.label} up`} disabled={index === 0} onClick={() => onMove(item.id, -1)}>
        <span aria-hidden="true">↑</span>
      </button>
      <button type="button" className={iconButton} aria-label={`Move ${item.label} down`} disabled={index === count - 1} onClick={() => onMove(item.id, 1)}>
        <span aria-hidden="true">↓</span>
      </button>
      <button type="button" className={iconButton} aria-label={`Duplicate ${item.label}`} onClick={() => onDuplicate(item.id)}>
        <svg aria-hidden="true" width="14" height="14" viewBox="0 0 14 14" fill="none" stroke="currentColor" strokeWidth="1.4">
          <rect x="4.5" y="4.5" width="8" height="8" rx="1" />
          <path d="M9.5 2.5v-1h-8v8h1" />
        </svg>
      </button>
      <button type="button" className={`${iconButton} hover:text-red-700`} aria-label={`Delete ${item.label}`} onClick={() => onDelete(item.id)}>
        <span aria-hidden="true">✕</span>
      </button>
    </>
  );
});

export const Outline = memo(function Outline({ title, items, selected, onSelect, onMove, onDuplicate, onDelete }: OutlineProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (id: UniqueIdentifier | undefined) => items.findIndex((i) => i.id === id) + 1;
  const label = (id: UniqueIdentifier) => items.find((i) => i.id === id)?.label ?? "The entry";
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${label(active.id)}, position ${position(active.id)} of ${items.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${label(active.id)} is over position ${position(over.id)} of ${items.length}.` : `${label(active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over ? `${label(active.id)} moved to ${position(over.id)} of ${items.length}.` : `${label(active.id)} was dropped where it was.`,
    onDragCancel: ({ active }) => `Moving ${label(active.id)} was cancelled; it is back at ${position(active.id)} of ${items.length}.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(String(active.id), position(over.id) - position(active.id));
  };
  return (
    <section aria-labelledby="outline-title">
      <h2 id="outline-title" className="mb-2 text-xs font-bold tracking-wider text-slate-600 uppercase">
        {title}
      </h2>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        // Rows measured before a drag starts too: an arrow key pressed at once after Space moves the row.
        measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              "To move an entry, press Space or Enter on its handle, then the arrow keys; Space or Enter drops it there, Escape cancels. Alt with the up or down arrow moves the entry you are on.",
          },
        }}
      >
        <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
          <ol className="space-y-1">
            {items.map((item, index) => (
              <Row
                key={item.id}
                item={item}
                index={index}
                count={items.length}
                selected={item.id === selected}
                onSelect={onSelect}
                onMove={onMove}
                onDuplicate={onDuplicate}
                onDelete={onDelete}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </section>
  );
});
