/**
 * One section in the canvas's overlay: the transparent button over it (selects it; a click on a text
 * of the selected section edits it in place; dragged, it moves the section), its name under the
 * pointer, and for the selected section its toolbar and the outlines of its texts that can be edited.
 */
import type { KeyboardEvent } from "react";
import type { Box } from "./boxes";
import { DRAG_MOVE } from "./protocol";
import { Toolbar, type ToolbarCommand } from "./Toolbar";
import type { Target } from "./useInlineEditing";

export interface OverlaySectionProps {
  section: { id: string; element: HTMLElement; name: string };
  /** Its place in the page (from 0), and how many sections the page has. */
  index: number;
  count: number;
  /** Where the page shows it; undefined until measured. */
  box: Box | undefined;
  selected: boolean;
  /** Its button is the canvas's one Tab stop. */
  tabStop: boolean;
  /** A text is being edited in place (the buttons are not dragged meanwhile). */
  editing: boolean;
  /** The selected section's texts that can be edited in place. */
  targets: Target[];
  zoom: number;
  buttonRef(element: HTMLButtonElement | null): void;
  /** Starts editing a text in place: the one at `point`, else the first; false when there is none. */
  startInline(index: number, point: { x: number; y: number } | null): boolean;
  /** The toolbar button used (null: a click elsewhere): the focus goes back to it after the sections are drawn again. */
  onUsed(command: ToolbarCommand | null): void;
  onSelect(id: string, fields: boolean): void;
  onCommand(command: ToolbarCommand): void;
  onKey(event: KeyboardEvent, index: number): void;
  onLeave(): void;
}

export function OverlaySection({
  section,
  index: i,
  count,
  box,
  selected: on,
  tabStop,
  editing,
  targets,
  zoom,
  buttonRef,
  startInline,
  onUsed,
  onSelect,
  onCommand,
  onKey,
  onLeave,
}: OverlaySectionProps) {
  const place = box ? { top: box.top, left: box.left, width: box.width, height: box.height } : { display: "none" };
  return (
    <div className="contents">
      <button
        ref={buttonRef}
        type="button"
        tabIndex={tabStop ? 0 : -1}
        aria-pressed={on}
        aria-label={`Section ${i + 1} of ${count}: ${section.name}`}
        aria-keyshortcuts="ArrowUp ArrowDown Enter Escape"
        className={`group pointer-events-auto absolute block cursor-pointer bg-transparent outline-offset-[-3px] hover:outline-2 hover:outline-blue-500 focus-visible:outline-4 focus-visible:outline-blue-700 ${on ? "outline-3 outline-blue-600" : ""}`}
        style={place}
        onClick={(event) => {
          onUsed(null);
          // A click on a text of the selected section edits it there; elsewhere, the section's fields open.
          if (on && startInline(i, { x: event.clientX, y: event.clientY })) return;
          onSelect(section.id, true);
        }}
        onDoubleClick={(event) => {
          if (!on) onSelect(section.id, false);
          startInline(i, { x: event.clientX, y: event.clientY });
        }}
        onKeyDown={(e) => onKey(e, i)}
        // Dragged to another place in the page (the toolbar's arrows and Alt+Up/Down do the same from the keyboard).
        draggable={!editing}
        onDragStart={(event) => {
          event.dataTransfer.setData(DRAG_MOVE, section.id);
          event.dataTransfer.effectAllowed = "move";
          const name = event.currentTarget.querySelector("span");
          if (name) event.dataTransfer.setDragImage(name, 0, 0);
        }}
      >
        <span
          aria-hidden="true"
          className={`absolute top-0 left-0 origin-top-left rounded-br bg-blue-700 px-2 py-0.5 font-sans text-xs font-semibold text-white ${on ? "block" : "hidden group-hover:block group-focus-visible:block"}`}
          style={{ scale: zoom }}
        >
          {section.name}
        </span>
      </button>
      {on && box && (
        <Toolbar
          name={section.name}
          first={i === 0}
          last={i === count - 1}
          top={box.top}
          right={box.left + box.width}
          zoom={zoom}
          onCommand={(command) => {
            onUsed(command);
            onCommand(command);
          }}
          onFields={() => onSelect(section.id, true)}
          onText={targets.length > 0 ? () => startInline(i, null) : null}
          onLeave={onLeave}
        />
      )}
      {on &&
        !editing &&
        targets.map((t) => (
          <span
            key={t.field.pointer}
            aria-hidden="true"
            className="absolute outline-1 outline-offset-2 outline-blue-500/70 outline-dashed"
            style={{ top: t.box.top, left: t.box.left, width: t.box.width, height: t.box.height }}
          />
        ))}
    </div>
  );
}
