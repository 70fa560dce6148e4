/**
 * Inside the canvas: the page itself is inert (a picture of the page, its links and form out of
 * reach of the keyboard, of clicks and of screen readers), and over each section lies a transparent
 * button that selects it. One Tab stop for the whole canvas (the selected section's button; the
 * arrow keys go to the others), Enter opens the section's fields, Escape goes back to the builder.
 */
import { memo, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { createPortal, flushSync } from "react-dom";

export interface OverlayProps {
  /** The section elements, in order, with the id and name of each. */
  sections: { id: string; element: HTMLElement; name: string }[];
  selected: string | null;
  /** A new value moves the keyboard focus onto the selected section. */
  focus: number;
  onSelect(id: string, fields: boolean): void;
  onLeave(): void;
}

type Box = { top: number; left: number; width: number; height: number };

const boxOf = (element: HTMLElement): Box => {
  const r = element.getBoundingClientRect();
  return { top: r.top + scrollY, left: r.left + scrollX, width: r.width, height: r.height };
};

/** Drawn again when the sections, the selection or the focus request change, not on a keystroke. */
export const Overlay = memo(function Overlay({ sections, selected, focus, onSelect, onLeave }: OverlayProps) {
  const [boxes, setBoxes] = useState<Box[]>([]);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

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

  const tabStop = Math.max(
    0,
    sections.findIndex((s) => s.id === selected),
  );
  return createPortal(
    <div id="canvas-overlay" className="pointer-events-none absolute top-0 left-0 z-[60] w-full">
      {sections.map((section, i) => {
        const box = boxes[i];
        const on = section.id === selected;
        return (
          <button
            key={section.id}
            ref={(element) => {
              buttons.current[i] = element;
            }}
            type="button"
            tabIndex={i === tabStop ? 0 : -1}
            aria-pressed={on}
            aria-label={`Section ${i + 1} of ${sections.length}: ${section.name}`}
            aria-keyshortcuts="ArrowUp ArrowDown Enter Escape"
            className={`pointer-events-auto absolute block cursor-pointer bg-transparent outline-offset-[-3px] hover:outline-2 hover:outline-blue-400 focus-visible:outline-4 focus-visible:outline-blue-700 ${on ? "outline-3 outline-blue-600" : ""}`}
            style={box ? { top: box.top, left: box.left, width: box.width, height: box.height } : { display: "none" }}
            onClick={() => onSelect(section.id, true)}
            onKeyDown={(e) => onKey(e, i)}
          />
        );
      })}
    </div>,
    document.body,
  );
});
