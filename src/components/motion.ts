import { useSyncExternalStore } from "react";

const QUERY = "(prefers-reduced-motion: reduce)";

/** True when the visitor asked the system for less motion. Re-renders when the setting changes. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(QUERY);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(QUERY).matches,
    // Pre-rendered HTML assumes motion is allowed; nothing moves before hydration anyway.
    () => false,
  );
}

export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia(QUERY).matches;
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
