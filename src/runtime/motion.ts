import { useSyncExternalStore } from "react";

const QUERY = "(prefers-reduced-motion: reduce)";

/** window.matchMedia, or null where there is none (old engines, jsdom). */
export function media(query: string): MediaQueryList | null {
  return typeof window !== "undefined" && typeof window.matchMedia === "function" ? window.matchMedia(query) : null;
}

/** True when the visitor asked the system for less motion. Re-renders when the setting changes. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = media(QUERY);
      list?.addEventListener("change", onChange);
      return () => list?.removeEventListener("change", onChange);
    },
    () => media(QUERY)?.matches ?? false,
    // Pre-rendered HTML assumes motion is allowed; nothing moves before hydration anyway.
    () => false,
  );
}

export function prefersReducedMotion(): boolean {
  return media(QUERY)?.matches ?? false;
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
