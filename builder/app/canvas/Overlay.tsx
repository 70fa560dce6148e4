/**
 * Inside the canvas: the page itself is inert (a picture of the page, its links and form out of
 * reach of the keyboard, of clicks and of screen readers), and over each section lies a transparent
 * button that selects it, outlined with the section's name under the pointer. The selected section
 * has a toolbar (move, duplicate, copy, delete, its fields). One Tab stop for the whole canvas (the
 * selected section's button, then its toolbar; the arrow keys go to the other sections), Enter opens
 * the section's fields, Escape goes back to the builder.
 */
import { memo, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { createPortal, flushSync } from "react-dom";
import { InlineEditor } from "./InlineEditor";
import { useInlineEditing } from "./useInlineEditing";
import { type Box, boxOf } from "./boxes";
import { OverlaySection } from "./OverlaySection";
import type { ToolbarCommand } from "./Toolbar";
import { DropMarks } from "./DropMarks";
import { useDrops } from "./useDrops";

export type { ToolbarCommand };

export interface OverlayProps {
  /** The section elements, in order, with the id and name of each. */
  sections: { id: string; element: HTMLElement; name: string }[];
  selected: string | null;
  /** A new value moves the keyboard focus onto the selected section. */
  focus: number;
  onSelect(id: string, fields: boolean): void;
  /** A button of the selected section's toolbar (it acts on the selected section). */
  onCommand(command: ToolbarCommand): void;
  onLeave(): void;
  /** The site's checks on the text being edited in place. */
  problem: { id: string; pointer: string; text: string | null } | null;
  /** How much larger to draw the names, the toolbar and messages: the builder shows the canvas shrunk by as much. */
  zoom: number;
  /** A section dropped: a new one of a type from the library, or one of the page moved; at `index` (before the section there). */
  onDrop(drop: { section: string; index: number } | { id: string; index: number }): void;
  /** A picture file dropped on a section. */
  onPicture(id: string, file: File): void;
}

/** Drawn again when the sections, the selection or the focus request change, not on a keystroke. */
export const Overlay = memo(function Overlay({ sections, selected, focus, onSelect, onCommand, onLeave, problem, zoom, onDrop, onPicture }: OverlayProps) {
  const [boxes, setBoxes] = useState<Box[]>([]);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const layer = useRef<HTMLDivElement>(null);
  // The toolbar button last used: after a move or a deletion redraws the sections, the focus goes back to it (or to the section).
  const used = useRef<string | null>(null);

  const { targets, editing, startInline, endInline, input } = useInlineEditing(
    sections,
    selected,
    boxes,
    () => {
      used.current = null;
    },
    (index) => buttons.current[index]?.focus(),
  );

  const { drop, fileOver } = useDrops(boxes, sections, onDrop, onPicture);

  // The page under the buttons takes no focus, clicks or reading: inert (the buttons are outside it).
  useEffect(() => {
    for (const child of document.body.children) if (child.id !== "canvas-overlay" && !child.hasAttribute("inert")) child.setAttribute("inert", "");
  });

  // The buttons follow the sections as they change size (pictures arriving, text typed, a window resized) or order. Measured when
  // the observer reports (it does at once for a new list), once the browser has laid the page out, and drawn before that frame is shown.
  useLayoutEffect(() => {
    const measure = () => flushSync(() => setBoxes(sections.map((s) => boxOf(s.element))));
    const observer = new ResizeObserver(measure);
    for (const s of sections) observer.observe(s.element);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [sections]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new request moves the focus (not a new selection).
  useEffect(() => {
    if (focus === 0) return;
    const index = Math.max(
      0,
      sections.findIndex((s) => s.id === selected),
    );
    buttons.current[index]?.focus();
  }, [focus]);

  const tabStop = Math.max(
    0,
    sections.findIndex((s) => s.id === selected),
  );
  // A toolbar button pressed from the keyboard keeps the focus where the editor was, though its section moved or went.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured after each new list of sections.
  useLayoutEffect(() => {
    if (!used.current || (document.activeElement && document.activeElement !== document.body)) return;
    const again = layer.current?.querySelector<HTMLButtonElement>(`[data-command="${used.current}"]:not(:disabled)`);
    (again ?? buttons.current[tabStop])?.focus();
  }, [sections, selected]);

  const onKey = (event: KeyboardEvent, index: number) => {
    if (event.key === "Escape") return onLeave();
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp" && event.key !== "Home" && event.key !== "End") return;
    event.preventDefault();
    const next = event.key === "Home" ? 0 : event.key === "End" ? sections.length - 1 : index + (event.key === "ArrowDown" ? 1 : -1);
    const target = sections[next];
    if (!target) return;
    buttons.current[next]?.focus();
    onSelect(target.id, false);
  };

  return createPortal(
    <div ref={layer} id="canvas-overlay" className="pointer-events-none absolute top-0 left-0 z-[60] w-full">
      {sections.map((section, i) => (
        <OverlaySection
          key={section.id}
          section={section}
          index={i}
          count={sections.length}
          box={boxes[i]}
          selected={section.id === selected}
          tabStop={i === tabStop}
          editing={Boolean(editing)}
          targets={targets}
          zoom={zoom}
          buttonRef={(element) => {
            buttons.current[i] = element;
          }}
          startInline={startInline}
          onUsed={(command) => {
            used.current = command;
          }}
          onSelect={onSelect}
          onCommand={onCommand}
          onKey={onKey}
          onLeave={onLeave}
        />
      ))}
      <DropMarks file={fileOver !== null ? boxes[fileOver] : undefined} line={drop?.y} zoom={zoom} />
      {editing && (
        <InlineEditor
          key={`${editing.id} ${editing.field.pointer}`}
          element={editing.element}
          field={editing.field}
          label={editing.label}
          problem={problem && problem.id === editing.id && problem.pointer === editing.field.pointer ? problem.text : null}
          zoom={zoom}
          onInput={input}
          onEnd={endInline}
        />
      )}
    </div>,
    document.body,
  );
});
