/**
 * A text of the canvas edited in place: a text box laid exactly over the page's own text (its font,
 * size, colour and wrapping copied), the page's text hidden under it while the section is drawn
 * again with each keystroke (so what follows moves as it will). Enter or Tab keeps the text, Escape
 * puts back the text from before, a click elsewhere keeps it; the site's checks show under it.
 */
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import type { InlineField } from "./inline";

const normal = (text: string) => text.replace(/\s+/g, " ").trim();

/** The element of `section` that shows `value` and nothing else (the innermost one), if the section shows it as it is. */
export function textElement(section: HTMLElement, value: string): HTMLElement | null {
  const wanted = normal(value);
  if (!wanted) return null;
  let found: HTMLElement | null = null;
  for (const element of section.querySelectorAll<HTMLElement>("*")) {
    if (element.closest("svg, script, style, template") || normal(element.textContent ?? "") !== wanted) continue;
    found = element;
  }
  // The last match in document order is the innermost of a nested run (a <p> in a <div> with the same text).
  return found;
}

type Box = { top: number; left: number; width: number; height: number };
const boxOf = (element: HTMLElement): Box => {
  const r = element.getBoundingClientRect();
  return { top: r.top + scrollY, left: r.left + scrollX, width: r.width, height: r.height };
};

const COPIED = [
  "fontFamily",
  "fontSize",
  "fontWeight",
  "fontStyle",
  "lineHeight",
  "letterSpacing",
  "textTransform",
  "textAlign",
  "color",
  "paddingTop",
  "paddingRight",
  "paddingBottom",
  "paddingLeft",
  "wordSpacing",
] as const;

export interface InlineEditorProps {
  element: HTMLElement;
  field: InlineField;
  /** "Heading of section 1 (Hero)". */
  label: string;
  /** The site's checks on the text, or null when it passes. */
  problem: string | null;
  /** How much larger to draw the message: the builder shows the canvas shrunk by as much. */
  zoom: number;
  onInput(value: string): void;
  /** `how`: kept (Enter, a click away), put back (Escape), or kept and on to the section's next or previous text (Tab). */
  onEnd(value: string, how: "keep" | "undo" | "next" | "previous"): void;
}

export function InlineEditor({ element, field, label, problem, zoom, onInput, onEnd }: InlineEditorProps) {
  const box = useRef<HTMLTextAreaElement>(null);
  const [place, setPlace] = useState<Box>(() => boxOf(element));
  const ended = useRef(false);

  // The page's text is hidden under the box (still laid out, so the page around it moves as the text grows).
  useLayoutEffect(() => {
    const before = { visibility: element.style.visibility, minHeight: element.style.minHeight };
    const style = getComputedStyle(element);
    element.style.visibility = "hidden";
    // An emptied text keeps its line, so the box stays where the text was and the page does not jump.
    element.style.minHeight = Number.isFinite(Number.parseFloat(style.lineHeight)) ? style.lineHeight : `${Number.parseFloat(style.fontSize) * 1.2}px`;
    const observer = new ResizeObserver(() => element.isConnected && setPlace(boxOf(element)));
    observer.observe(element);
    observer.observe(document.body);
    const input = box.current;
    if (input) {
      for (const key of COPIED) input.style[key] = style[key];
      input.focus();
      input.setSelectionRange(input.value.length, input.value.length);
    }
    return () => {
      observer.disconnect();
      element.style.visibility = before.visibility;
      element.style.minHeight = before.minHeight;
    };
  }, [element]);

  const end = (how: "keep" | "undo" | "next" | "previous") => {
    if (ended.current) return;
    ended.current = true;
    onEnd(how === "undo" ? field.value : (box.current?.value ?? field.value), how);
  };
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      end("keep");
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      end("undo");
    } else if (event.key === "Tab") {
      event.preventDefault();
      end(event.shiftKey ? "previous" : "next");
    } else if ((event.ctrlKey || event.metaKey) && ["z", "y"].includes(event.key.toLowerCase())) {
      // The builder's undo takes the whole text back: the edit ends first, so the box does not keep its own version.
      end("keep");
    }
  };
  const problemId = "inline-problem";
  return (
    <>
      <textarea
        ref={box}
        aria-label={label}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        defaultValue={field.value}
        spellCheck
        rows={1}
        className="pointer-events-auto absolute m-0 block resize-none overflow-hidden border-0 bg-transparent outline-2 outline-offset-2 outline-blue-600 outline-dashed"
        style={{ top: place.top, left: place.left, width: Math.max(place.width, 24), height: Math.max(place.height, 16) }}
        // A paragraph is one line of text in the file: line breaks pasted in become spaces.
        onChange={(e) => onInput(e.target.value.replace(/\s*\n\s*/g, " "))}
        onKeyDown={onKey}
        onBlur={() => end("keep")}
      />
      {problem && (
        <p
          id={problemId}
          role="alert"
          className="absolute max-w-md origin-top-left rounded bg-red-700 px-2 py-1 font-sans text-sm font-semibold text-white shadow"
          style={{ top: place.top + place.height + 6, left: place.left, scale: zoom }}
        >
          {problem}
        </p>
      )}
    </>
  );
}
