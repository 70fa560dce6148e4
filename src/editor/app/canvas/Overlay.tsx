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
import type { InlineField } from "../inline";
import type { Command } from "../shortcuts";
import { InlineEditor, textElement } from "./InlineEditor";
import { setInlineSection } from "./intake";
import { type BuilderWindow, DRAG_MOVE, DRAG_NEW } from "./protocol";

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
}

/** A text of the selected section that can be edited in place, and where the page shows it. */
type Target = { field: InlineField; element: HTMLElement; box: Box };

const inlineApi = () => (parent as BuilderWindow).siteBuilder?.inline;

export type ToolbarCommand = Extract<Command, "move-up" | "move-down" | "duplicate" | "copy" | "delete">;

type Box = { top: number; left: number; width: number; height: number };

const boxOf = (element: HTMLElement): Box => {
  const r = element.getBoundingClientRect();
  return { top: r.top + scrollY, left: r.left + scrollX, width: r.width, height: r.height };
};

/** Drawn again when the sections, the selection or the focus request change, not on a keystroke. */
export const Overlay = memo(function Overlay({ sections, selected, focus, onSelect, onCommand, onLeave, problem, zoom, onDrop }: OverlayProps) {
  const [boxes, setBoxes] = useState<Box[]>([]);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const layer = useRef<HTMLDivElement>(null);
  // The toolbar button last used: after a move or a deletion redraws the sections, the focus goes back to it (or to the section).
  const used = useRef<string | null>(null);

  // The selected section's texts that can be edited in place (outlined), found again whenever the boxes are measured again.
  const [targets, setTargets] = useState<Target[]>([]);
  const [editing, setEditing] = useState<{ id: string; field: InlineField; element: HTMLElement; label: string } | null>(null);
  const selectedIndex = sections.findIndex((s) => s.id === selected);
  const selectedSection = sections[selectedIndex];
  useLayoutEffect(() => {
    if (!selectedSection || boxes.length === 0) return setTargets((t) => (t.length === 0 ? t : []));
    const fields = inlineApi()?.fields(selectedSection.id) ?? [];
    setTargets(
      fields.flatMap((field) => {
        const element = textElement(selectedSection.element, field.value);
        return element ? [{ field, element, box: boxOf(element) }] : [];
      }),
    );
  }, [selectedSection, boxes]);

  /** Starts editing a text of section `index` in place: the one at `point`, else the first (or the last, going back). */
  const startInline = (index: number, point: { x: number; y: number } | null, from?: { pointer: string; by: 1 | -1 }) => {
    const section = sections[index];
    if (!section) return false;
    const fields = inlineApi()?.fields(section.id) ?? [];
    const shown = (field: InlineField | undefined) => {
      const element = field && textElement(section.element, field.value);
      return field && element ? { field, element } : undefined;
    };
    const found = fields.flatMap((field) => shown(field) ?? []);
    let target = point
      ? found.find(({ element }) => {
          const r = element.getBoundingClientRect();
          return point.x >= r.left && point.x <= r.right && point.y >= r.top && point.y <= r.bottom;
        })
      : found[0];
    if (from) {
      // In the order of the fields (the text just kept may not read as the builder last drew it).
      target = undefined;
      for (let k = fields.findIndex((f) => f.pointer === from.pointer) + from.by; !target && k >= 0 && k < fields.length; k += from.by)
        target = shown(fields[k]);
    }
    if (!target) return false;
    used.current = null;
    setInlineSection(section.id);
    setEditing({ id: section.id, ...target, label: `${target.field.label}, section ${index + 1} (${section.name}), edited in place` });
    return true;
  };

  const endInline = (value: string, how: "keep" | "undo" | "next" | "previous") => {
    const now = editing;
    if (!now) return;
    inlineApi()?.end(now.id, now.field.pointer, value);
    setInlineSection(null);
    setEditing(null);
    const index = sections.findIndex((s) => s.id === now.id);
    if (how === "next" || how === "previous") {
      // The text as it is now: the section was drawn again with it.
      if (startInlineAfterDraw(index, now.field.pointer, how === "next" ? 1 : -1)) return;
    }
    if (how !== "keep" || document.activeElement === document.body) buttons.current[index]?.focus();
  };
  const startInlineAfterDraw = (index: number, pointer: string, by: 1 | -1) => startInline(index, null, { pointer, by });

  // A section dragged over the canvas (from the library, or one of the page): where it would go, shown by a line between sections.
  const [drop, setDrop] = useState<{ index: number; y: number } | null>(null);
  const dropped = useRef(onDrop);
  dropped.current = onDrop;
  useEffect(() => {
    const placeAt = (event: DragEvent) => {
      const y = event.clientY + scrollY;
      const index = boxes.findIndex((b) => y < b.top + b.height / 2);
      return index < 0 ? boxes.length : index;
    };
    const carries = (event: DragEvent) => {
      const types = event.dataTransfer?.types ?? [];
      return types.includes(DRAG_NEW) || types.includes(DRAG_MOVE);
    };
    const onOver = (event: DragEvent) => {
      if (!carries(event) || !event.dataTransfer || boxes.length === 0) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = event.dataTransfer.types.includes(DRAG_MOVE) ? "move" : "copy";
      const index = placeAt(event);
      const last = boxes[boxes.length - 1] as Box;
      const y = index < boxes.length ? (boxes[index] as Box).top : last.top + last.height;
      setDrop((now) => (now?.index === index && now.y === y ? now : { index, y }));
    };
    const onLeave = (event: DragEvent) => {
      if (!event.relatedTarget) setDrop(null);
    };
    const onDropped = (event: DragEvent) => {
      if (!carries(event) || !event.dataTransfer) return;
      event.preventDefault();
      const index = placeAt(event);
      const section = event.dataTransfer.getData(DRAG_NEW);
      const id = event.dataTransfer.getData(DRAG_MOVE);
      setDrop(null);
      if (section) dropped.current({ section, index });
      else if (id) dropped.current({ id, index });
    };
    const onEnd = () => setDrop(null);
    document.addEventListener("dragover", onOver);
    document.addEventListener("dragleave", onLeave);
    document.addEventListener("drop", onDropped);
    document.addEventListener("dragend", onEnd);
    return () => {
      document.removeEventListener("dragover", onOver);
      document.removeEventListener("dragleave", onLeave);
      document.removeEventListener("drop", onDropped);
      document.removeEventListener("dragend", onEnd);
    };
  }, [boxes]);

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
      {sections.map((section, i) => {
        const box = boxes[i];
        const on = section.id === selected;
        const place = box ? { top: box.top, left: box.left, width: box.width, height: box.height } : { display: "none" };
        return (
          <div key={section.id} className="contents">
            <button
              ref={(element) => {
                buttons.current[i] = element;
              }}
              type="button"
              tabIndex={i === tabStop ? 0 : -1}
              aria-pressed={on}
              aria-label={`Section ${i + 1} of ${sections.length}: ${section.name}`}
              aria-keyshortcuts="ArrowUp ArrowDown Enter Escape"
              className={`group pointer-events-auto absolute block cursor-pointer bg-transparent outline-offset-[-3px] hover:outline-2 hover:outline-blue-500 focus-visible:outline-4 focus-visible:outline-blue-700 ${on ? "outline-3 outline-blue-600" : ""}`}
              style={place}
              onClick={(event) => {
                used.current = null;
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
                last={i === sections.length - 1}
                top={box.top}
                right={box.left + box.width}
                zoom={zoom}
                onCommand={(command) => {
                  used.current = command;
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
      })}
      {drop && (
        <div aria-hidden="true" className="absolute left-0 h-1 w-full bg-blue-600" style={{ top: drop.y - 2 }}>
          <span
            className="absolute top-1 left-2 origin-top-left rounded bg-blue-600 px-2 py-0.5 font-sans text-xs font-semibold text-white"
            style={{ scale: zoom }}
          >
            Drop here
          </span>
        </div>
      )}
      {editing && (
        <InlineEditor
          key={`${editing.id} ${editing.field.pointer}`}
          element={editing.element}
          field={editing.field}
          label={editing.label}
          problem={problem && problem.id === editing.id && problem.pointer === editing.field.pointer ? problem.text : null}
          zoom={zoom}
          onInput={(value) => inlineApi()?.input(editing.id, editing.field.pointer, value)}
          onEnd={endInline}
        />
      )}
    </div>,
    document.body,
  );
});

const TOOLS: { command: ToolbarCommand; label: string; text: string }[] = [
  { command: "move-up", label: "Move up", text: "↑" },
  { command: "move-down", label: "Move down", text: "↓" },
  { command: "duplicate", label: "Duplicate", text: "Duplicate" },
  { command: "copy", label: "Copy", text: "Copy" },
  { command: "delete", label: "Delete", text: "Delete" },
];

/** The selected section's buttons, at its top right corner, after its own button in the Tab order: one Tab stop, the arrow keys go along. */
function Toolbar({
  name,
  first,
  last,
  top,
  right,
  zoom,
  onCommand,
  onFields,
  onText,
  onLeave,
}: {
  name: string;
  first: boolean;
  last: boolean;
  top: number;
  right: number;
  zoom: number;
  onCommand(command: ToolbarCommand): void;
  onFields(): void;
  /** Edits the section's first text in place (null: it has none the page shows as written). */
  onText: (() => void) | null;
  onLeave(): void;
}) {
  const [current, setCurrent] = useState(0);
  const tools = [
    ...TOOLS.map((tool) => ({
      ...tool,
      off: (tool.command === "move-up" && first) || (tool.command === "move-down" && last),
      run: () => onCommand(tool.command),
    })),
    ...(onText ? [{ command: "text", label: "Edit text here", text: "Edit text", off: false, run: onText }] : []),
    { command: "fields", label: "Edit fields", text: "Edit fields", off: false, run: onFields },
  ];
  const stop = tools[current]?.off ? tools.findIndex((t) => !t.off) : current;
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") return onLeave();
    const enabled = tools.flatMap((t, i) => (t.off ? [] : [i]));
    const at = enabled.indexOf(stop);
    const next =
      event.key === "ArrowRight"
        ? enabled[(at + 1) % enabled.length]
        : event.key === "ArrowLeft"
          ? enabled[(at - 1 + enabled.length) % enabled.length]
          : event.key === "Home"
            ? enabled[0]
            : event.key === "End"
              ? enabled.at(-1)
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    setCurrent(next);
    event.currentTarget.querySelectorAll<HTMLButtonElement>("button")[next]?.focus();
  };
  const button =
    "rounded px-2 py-1 font-sans text-xs font-semibold text-slate-900 hover:bg-blue-100 focus-visible:outline-3 focus-visible:outline-blue-700 disabled:text-slate-500 disabled:hover:bg-transparent";
  return (
    <div
      role="toolbar"
      aria-label={`${name}: section actions`}
      className="pointer-events-auto absolute flex origin-top-right gap-0.5 rounded-md border border-slate-300 bg-white p-0.5 whitespace-nowrap shadow-md"
      style={{ top: top + 8, right: `calc(100% - ${right - 8}px)`, scale: zoom }}
      onKeyDown={onKey}
    >
      {tools.map((tool, i) => (
        <button
          key={tool.command}
          type="button"
          data-command={tool.command}
          tabIndex={i === stop ? 0 : -1}
          className={button}
          aria-label={tool.label === tool.text ? undefined : tool.label}
          title={tool.label}
          disabled={tool.off}
          onFocus={() => setCurrent(i)}
          onClick={tool.run}
        >
          {tool.text}
        </button>
      ))}
    </div>
  );
}
