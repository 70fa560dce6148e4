import { useSyncExternalStore } from "react";

const QUERY = "(prefers-reduced-motion: reduce)";

/** window.matchMedia, or null where there is none (old engines, jsdom). */
export function media(query: string): MediaQueryList | null {
  return typeof window !== "undefined" && typeof window.matchMedia === "function" ? window.matchMedia(query) : null;
}

// The setting, read once and then kept up to date by its change event: asking matchMedia on every render made
// the browser work out the page's styles again mid-render.
let list: MediaQueryList | null | undefined;
let reduced = false;
// Set by holdStill(): no motion, whatever the setting.
let still = false;
const listeners = new Set<() => void>();
function watch(): boolean {
  if (list === undefined) {
    list = media(QUERY);
    reduced = still || (list?.matches ?? false);
    list?.addEventListener("change", (event) => {
      reduced = still || event.matches;
      for (const listener of listeners) listener();
    });
  }
  return reduced;
}

/**
 * The page as under prefers-reduced-motion, whatever the setting: for the page builder's canvas,
 * where a playing video and carousels moving on their own would move the page under the editor's
 * pointer and keep the browser busy (a third of a core) while they type.
 */
export function holdStill(): void {
  watch();
  still = true;
  reduced = true;
  for (const listener of listeners) listener();
}

/** True when the visitor asked the system for less motion. Re-renders when the setting changes. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    watch,
    // Pre-rendered HTML assumes motion is allowed; nothing moves before hydration anyway.
    () => false,
  );
}

export function prefersReducedMotion(): boolean {
  return watch();
}

/** Runs `start` once the page has finished loading (the `load` event), so media never competes with first paint. */
export function afterLoad(start: () => void): () => void {
  if (document.readyState === "complete") {
    const id = window.setTimeout(start, 0);
    return () => window.clearTimeout(id);
  }
  window.addEventListener("load", start, { once: true });
  return () => window.removeEventListener("load", start);
}
