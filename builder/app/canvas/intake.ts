/**
 * The canvas's side of the builder's messages: the typed-section store, and the listener that takes
 * the builder's messages (from its own events, or posted) and relays the builder's shortcuts.
 */
import { useCallback, useLayoutEffect, useSyncExternalStore } from "react";
import { flushSync } from "react-dom";
import { preloadSections } from "@/sections/registry";
import type { SectionType } from "@/sections/types";
import { commandFor, pressedOf } from "../shell/shortcuts";
import { type BuilderWindow, type CanvasSlot, type CanvasWindow, type FromCanvas, isToCanvas, type ToCanvas, type Unsourced } from "./protocol";

export const tell = (message: Unsourced<FromCanvas>) => parent.postMessage({ source: "site-canvas", ...message }, location.origin);

const builder = () => (parent as BuilderWindow).siteBuilder;

/** The toolbar's Copy: the section as JSON on the system clipboard (the click lets this page write it), and in the builder's. */
export function copySection(id: string) {
  const text = builder()?.copy?.(id);
  if (text) navigator.clipboard?.writeText(text).catch(() => {});
}

/** Sections as last typed into ("slot" messages), until a page message brings them: a keystroke draws its section alone. */
const typedSlots = new Map<string, CanvasSlot>();
const typedListeners = new Map<string, Set<() => void>>();
const notifyTyped = (id: string) => {
  for (const listener of typedListeners.get(id) ?? []) listener();
};
export function useTypedSlot(id: string): CanvasSlot | undefined {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const listeners = typedListeners.get(id) ?? new Set<() => void>();
      typedListeners.set(id, listeners);
      listeners.add(onChange);
      return () => {
        listeners.delete(onChange);
      };
    },
    [id],
  );
  return useSyncExternalStore(subscribe, () => typedSlots.get(id));
}

/** The section whose text is being edited in place: while it is, a version that cannot be shown (a required text emptied) keeps the last one that could. */
let inlineSection: string | null = null;
const inlineListeners = new Set<() => void>();
export function setInlineSection(id: string | null) {
  inlineSection = id;
  for (const listener of inlineListeners) listener();
}
const subscribeInline = (onChange: () => void) => {
  inlineListeners.add(onChange);
  return () => {
    inlineListeners.delete(onChange);
  };
};
export const useInlineSection = () => useSyncExternalStore(subscribeInline, () => inlineSection);

/** Listening from the first commit, before the canvas paints: the builder sends the page as soon as it hears "ready". */
export function useBuilderMessages(dispatch: (message: ToCanvas) => void) {
  useLayoutEffect(() => {
    // A page with section types whose code is not here yet is drawn once that code is (one drawing, not one per
    // section as each arrives); messages after it wait their turn. "prepare" starts loading it before the page comes.
    const code = new Map<string, Promise<void>>();
    const loaded = new Set<string>();
    const load = (type: string) => {
      let done = code.get(type);
      if (!done) {
        const settle = () => void loaded.add(type);
        done = preloadSections([type as SectionType]).then(settle, settle);
        code.set(type, done);
      }
      return done;
    };
    let waiting: Promise<void> | null = null;
    const after = (work: () => void | Promise<void>) => {
      const next = (waiting ?? Promise.resolve()).then(work);
      waiting = next;
      void next.then(() => {
        if (waiting === next) waiting = null;
      });
    };
    const apply = (message: ToCanvas, now: boolean) => {
      const draw = (work: () => void) => (now ? flushSync(work) : work());
      if (message.type === "slot") {
        typedSlots.set(message.id, message.slot);
        return draw(() => notifyTyped(message.id));
      }
      // A page brings its sections' slots: what was typed into them is in it.
      if (message.type === "page") for (const id of [...typedSlots.keys()]) if (id in message.slots || !message.order.includes(id)) typedSlots.delete(id);
      draw(() => dispatch(message));
    };
    const take = (message: ToCanvas, now: boolean) => {
      if (message.type === "prepare") {
        for (const type of message.types) void load(type);
        return;
      }
      const missing =
        message.type === "page" ? Object.values(message.slots).flatMap((slot) => (slot.ok && !loaded.has(slot.section.type) ? [slot.section.type] : [])) : [];
      if (missing.length > 0) {
        const code = Promise.all(missing.map(load));
        after(() => code.then(() => apply(message, false)));
      } else if (waiting) after(() => apply(message, false));
      else apply(message, now);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== location.origin || event.source !== parent || !isToCanvas(event.data)) return;
      take(event.data, false);
    };
    // The builder's shortcuts, relayed (the section buttons handle their own arrows, Enter and Escape first).
    const onKey = (event: KeyboardEvent) => {
      const command = event.defaultPrevented ? null : commandFor(pressedOf(event));
      if (!command) return;
      event.preventDefault();
      tell({ type: "command", command });
    };
    // Ctrl+C and Ctrl+V while the canvas has the focus: the builder answers inside the event (the page's text cannot be selected).
    const onCopy = (event: ClipboardEvent) => {
      const text = builder()?.copy?.(null);
      if (!text || !event.clipboardData) return;
      event.clipboardData.setData("text/plain", text);
      event.preventDefault();
    };
    const onPaste = (event: ClipboardEvent) => {
      const text = event.clipboardData?.getData("text/plain");
      if (!text) return;
      event.preventDefault();
      builder()?.paste?.(text);
    };
    // Taken inside the builder's event: drawn at once, as a copy (what a message would carry), not the builder's objects.
    (window as CanvasWindow).siteCanvas = { receive: (message) => take(structuredClone(message), true) };
    addEventListener("message", onMessage);
    document.addEventListener("keydown", onKey);
    document.addEventListener("copy", onCopy);
    document.addEventListener("paste", onPaste);
    tell({ type: "ready" });
    return () => {
      delete (window as CanvasWindow).siteCanvas;
      removeEventListener("message", onMessage);
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("copy", onCopy);
      document.removeEventListener("paste", onPaste);
    };
  }, [dispatch]);
}
