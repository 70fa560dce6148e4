/**
 * The canvas: an iframe of /__edit/canvas at the width of a phone, a tablet or a desktop (so the
 * site's media queries apply), scaled down to fit when the window is narrower. It gets the page to
 * show over postMessage and says which section was clicked.
 */
import { memo, useCallback, useEffect, useRef, useState } from "react";
import type { PageData } from "@/content/site.server";
import type { SiteSettings } from "@/generated/content";
import { isFromCanvas, type ToCanvas, type Unsourced } from "./canvas-protocol";

export const VIEWPORTS = [
  { width: 375, label: "Phone" },
  { width: 768, label: "Tablet" },
  { width: 1280, label: "Desktop" },
] as const;
export type Viewport = (typeof VIEWPORTS)[number]["width"];

export interface CanvasProps {
  page: PageData | null;
  /** The settings with the unsaved edits (the figures, the phone number...). */
  settings: SiteSettings | null;
  viewport: Viewport;
  /** The selected section's index, outlined in the canvas. */
  selected: number | null;
  /** Changes when the selection was made in the outline: the canvas scrolls to it. */
  reveal: number;
  onSelect(index: number): void;
  onKey(key: string, shift: boolean): void;
}

export const Canvas = memo(function Canvas({ page, settings, viewport, selected, reveal, onSelect, onKey }: CanvasProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  // How many times the canvas said it is ready: each (re)load of the iframe (a Vite reload, say) gets the page again.
  const [ready, setReady] = useState(0);
  const handlers = useRef({ onSelect, onKey });
  handlers.current = { onSelect, onKey };

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => entry && setSize({ width: entry.contentRect.width, height: entry.contentRect.height }));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== location.origin || event.source !== frame.current?.contentWindow || !isFromCanvas(event.data)) return;
      const message = event.data;
      if (message.type === "ready") setReady((n) => n + 1);
      else if (message.type === "select") handlers.current.onSelect(message.index);
      else handlers.current.onKey(message.key, message.shift);
    };
    addEventListener("message", onMessage);
    return () => removeEventListener("message", onMessage);
  }, []);

  const post = useCallback(
    (message: Unsourced<ToCanvas>) => frame.current?.contentWindow?.postMessage({ source: "site-editor", ...message }, location.origin),
    [],
  );

  useEffect(() => {
    if (ready > 0) post({ type: "page", page, settings, selected });
  }, [ready, page, settings, selected, post]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new request to reveal scrolls; `selected` is read, not watched (see below).
  useEffect(() => {
    if (ready > 0 && reveal > 0) post({ type: "select", index: selected, reveal: true });
    // Only a new request to reveal scrolls (not a new page, nor a selection made in the canvas itself): `selected` is read, not watched.
  }, [reveal, ready, post]);

  const scale = size.width > 0 ? Math.min(1, (size.width - 24) / viewport) : 1;
  return (
    <div ref={box} className="relative min-h-0 flex-1 overflow-hidden bg-slate-200">
      <div className="mx-auto h-full bg-white shadow-lg" style={{ width: viewport * scale }}>
        <iframe
          ref={frame}
          title={`Preview of the page, ${viewport} pixels wide${scale < 1 ? `, shown at ${Math.round(scale * 100)}%` : ""}`}
          src="/__edit/canvas"
          className="block origin-top-left border-0"
          style={{ width: viewport, height: size.height / scale, transform: `scale(${scale})` }}
        />
      </div>
    </div>
  );
});
