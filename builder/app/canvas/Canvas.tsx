/**
 * The canvas: an iframe of /__edit/canvas at the width of a phone, a tablet or a desktop (so the
 * site's media queries apply), scaled down to fit when the window is narrower. It is sent the page
 * (only the sections that changed since the last message) and says which section was clicked. Its
 * page has nothing in the Tab order (see the canvas route): the "Go to the preview" link enters it,
 * the arrow keys go from section to section, Enter opens a section's fields, Escape leaves.
 */
import { forwardRef, memo, type RefObject, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState } from "react";
import type { SiteSettings } from "@/generated/content";
import type { Command } from "../shell/shortcuts";
import { pageMessage, type Sent } from "./page-message";
import { type CanvasPage, type CanvasSlot, type CanvasWindow, isFromCanvas, type ToCanvas, type Unsourced } from "./protocol";
import type { CanvasHandle, Viewport } from "./types";
import { useElementSize } from "./useElementSize";

export interface CanvasProps {
  page: CanvasPage | null;
  /** The settings with the unsaved edits (the figures, the phone number...). */
  settings: SiteSettings | null;
  viewport: Viewport;
  selected: string | null;
  /** How many moves the page includes (the builder's count): an order shown ahead by reorder() lasts until it includes that one. */
  moves: number;
  /** The page was drawn from an older state than the builder's (typing or moving, drawn a step behind): sections shown by preview() keep what was typed. */
  behind: boolean;
  /** Changes when the selection was made outside the canvas: the canvas scrolls to it. */
  reveal: number;
  onSelect(id: string, fields: boolean): void;
  /** A shortcut pressed in the canvas, or a button of its toolbar. */
  onCommand(command: Command): void;
  onLeave(): void;
  /** A section dropped in the canvas: a new one from the library at `index`, or a section moved there. */
  onDrop(drop: { section: string; index: number } | { id: string; index: number }): void;
  /** A picture file dropped on the section `id`. */
  onPicture(id: string, file: File): void;
  /** Another canvas beside the builder's (a review's two versions): its frame's name, and no id (the builder's skip link goes to its own). */
  frameTitle?: string;
}

export const Canvas = memo(
  forwardRef<CanvasHandle, CanvasProps>(function Canvas(
    { page, settings, viewport, selected, moves, behind, reveal, onSelect, onCommand, onLeave, onDrop, onPicture, frameTitle },
    ref,
  ) {
    const frame = useRef<HTMLIFrameElement>(null);
    const box = useRef<HTMLDivElement>(null);
    const size = useElementSize(box);
    // How many times the canvas said it is ready (each (re)load of the iframe gets the whole page again): for revealing.
    const [ready, setReady] = useState(0);
    const handlers = useRef({ onSelect, onCommand, onLeave, onDrop, onPicture });
    handlers.current = { onSelect, onCommand, onLeave, onDrop, onPicture };
    const sent = useRef<Sent>({ ready: 0, slots: new Map() });

    const post = useCallback(
      (message: Unsourced<ToCanvas>) => frame.current?.contentWindow?.postMessage({ source: "site-editor", ...message }, location.origin),
      [],
    );
    /** Hands the canvas a message inside the caller's event (see CanvasWindow); false before the canvas is ready. */
    const receiveNow = useCallback((message: Unsourced<ToCanvas>) => {
      const canvas = frame.current?.contentWindow as CanvasWindow | null | undefined;
      if (sent.current.ready === 0 || !canvas?.siteCanvas) return false;
      canvas.siteCanvas.receive({ source: "site-editor", ...message } as ToCanvas);
      return true;
    }, []);
    // Whether the canvas's page listens (it said it is ready), and the types to prepare once it does.
    const alive = useRef(false);
    const preparing = useRef<string[] | null>(null);
    // Sections shown by preview(): the page that follows with an equal slot need not send it again, and a page drawn
    // before the keystroke (a check's answer arriving meanwhile) must not put the text before it back.
    const previewed = useRef(new Map<string, CanvasSlot>());
    useImperativeHandle(ref, () => ({
      reload() {
        frame.current?.contentWindow?.location.reload();
      },
      focus() {
        frame.current?.contentWindow?.focus();
        post({ type: "focus" });
      },
      preview(id, slot) {
        if (sent.current.slots.has(id) && receiveNow({ type: "slot", id, slot })) previewed.current.set(id, slot);
      },
      reorder(order, move, selected) {
        // The move selects the moved section: drawn with it, so the page the builder draws next has nothing new.
        if (!receiveNow({ type: "order", order, selected })) return;
        sent.current.order = order;
        sent.current.selected = selected;
        ahead.current = { move, order };
      },
      inlineProblem(id, pointer, text) {
        post({ type: "inline-problem", id, pointer, text });
      },
      prepare(types) {
        if (alive.current) post({ type: "prepare", types });
        else preparing.current = types;
      },
    }));

    // The page as last drawn by the builder, and how many times the canvas said it is ready: its "ready" sends
    // the page at once, from its own event (a React update would wait behind a file being drawn).
    const latest = useRef({ page, settings, selected, moves, behind });
    latest.current = { page, settings, selected, moves, behind };
    const readyCount = useRef(0);
    // An order shown by reorder() before the builder drew the move: a page drawn before it (a selection or a check
    // sends the page as last drawn) keeps that order, until a page drawn with that move arrives.
    const ahead = useRef<{ move: number; order: string[] } | null>(null);
    const send = useCallback(() => {
      const { page, settings, selected, moves, behind } = latest.current;
      if (readyCount.current === 0 || !page) return;
      if (ahead.current && ahead.current.move <= moves) ahead.current = null;
      const order = ahead.current?.order ?? page.order;
      const { message, sent: now } = pageMessage({ page, settings, selected, order, behind }, sent.current, readyCount.current, previewed.current);
      sent.current = now;
      if (message && !receiveNow(message)) post(message);
    }, [post, receiveNow]);

    useEffect(() => {
      const onMessage = (event: MessageEvent) => {
        if (event.origin !== location.origin || event.source !== frame.current?.contentWindow || !isFromCanvas(event.data)) return;
        const message = event.data;
        if (message.type === "ready") {
          alive.current = true;
          if (preparing.current) post({ type: "prepare", types: preparing.current });
          preparing.current = null;
          readyCount.current += 1;
          send();
          setReady(readyCount.current);
        } else if (message.type === "select") handlers.current.onSelect(message.id, message.fields);
        else if (message.type === "command") handlers.current.onCommand(message.command);
        else if (message.type === "insert") handlers.current.onDrop({ section: message.section, index: message.index });
        else if (message.type === "picture") handlers.current.onPicture(message.id, message.file);
        else if (message.type === "move-to") handlers.current.onDrop({ id: message.id, index: message.index });
        else handlers.current.onLeave();
      };
      addEventListener("message", onMessage);
      return () => removeEventListener("message", onMessage);
    }, [post, send]);

    // Before the builder paints: the canvas draws in the same frame (inside this commit when it can take the page at once).
    // biome-ignore lint/correctness/useExhaustiveDependencies: send() reads them through `latest`; each is a reason to send.
    useLayoutEffect(() => send(), [page, settings, selected, send]);

    // biome-ignore lint/correctness/useExhaustiveDependencies: only a new request to reveal scrolls; `selected` is read, not watched.
    useEffect(() => {
      if (ready > 0 && reveal > 0) post({ type: "select", id: selected, reveal: true });
    }, [reveal, ready, post]);

    const scale = size.width > 0 ? Math.min(1, (size.width - 24) / viewport) : 1;
    useEffect(() => {
      if (ready > 0) post({ type: "scale", scale });
    }, [ready, scale, post]);
    return <CanvasFrame box={box} frame={frame} viewport={viewport} scale={scale} height={size.height} title={frameTitle} />;
  }),
);

/** The canvas's box, and in it the iframe at the viewport's width, shrunk by `scale` to fit the box's width; `height` is the box's. */
function CanvasFrame({
  box,
  frame,
  viewport,
  scale,
  height,
  title,
}: {
  box: RefObject<HTMLDivElement | null>;
  frame: RefObject<HTMLIFrameElement | null>;
  viewport: Viewport;
  scale: number;
  height: number;
  title?: string;
}) {
  const shown = `${viewport} pixels wide${scale < 1 ? `, shown at ${Math.round(scale * 100)}%` : ""}`;
  return (
    <div ref={box} className="relative min-h-0 flex-1 overflow-hidden bg-slate-200 max-lg:h-[max(18rem,75dvh)] max-lg:flex-none">
      <div className="mx-auto h-full bg-white shadow-lg" style={{ width: viewport * scale }}>
        <iframe
          ref={frame}
          id={title ? undefined : "canvas"}
          title={title ? `${title}, ${shown}` : `Preview of the page, ${shown}`}
          src="/__edit/canvas"
          className="block origin-top-left border-0"
          style={{ width: viewport, height: height / scale, transform: `scale(${scale})` }}
        />
      </div>
    </div>
  );
}
