import { useEffect, useLayoutEffect } from "react";
import { useLocation, useNavigationType } from "react-router";
import { prefersReducedMotion } from "./motion";

/** SPEC s9: smooth scroll duration 500 ms. */
export const SMOOTH_SCROLL_MS = 500;

function easeInOut(t: number): number {
  return t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
}

/** The scroll position that puts the top of `target` just below the fixed header. */
function destinationOf(target: HTMLElement) {
  const header = document.querySelector("header")?.getBoundingClientRect().height ?? 0;
  return Math.max(0, window.scrollY + target.getBoundingClientRect().top - header - 8);
}

/** How long a new page's position is held while its sections take their real height. */
const HOLD_MS = 1000;

/** Ends the hold in progress, if any: a new navigation must not be pulled back to the last one's place. */
let endHold = () => {};

/** Ends a hold in progress: a scroll the page makes on purpose (the builder's canvas showing a section) wins over it. */
export function releaseScroll() {
  endHold();
}

/**
 * Puts a page that was just navigated to at a position at once, then keeps it there for a second,
 * frame by frame: the sections above it take their real height only as they near the viewport
 * (content-visibility), and a section's code may still be on its way, so a place measured once can
 * be off by a screen. `where` gives the position on each frame (null: not there yet, stay put).
 * Any wheel, touch, key or mouse press from the visitor ends the hold before its next frame.
 */
function holdScroll(where: () => number | null) {
  endHold();
  const t0 = performance.now();
  const events = ["wheel", "touchstart", "keydown", "mousedown"];
  let held = true;
  const end = () => {
    held = false;
    for (const e of events) removeEventListener(e, end);
  };
  endHold = end;
  for (const e of events) addEventListener(e, end, { passive: true });
  const step = () => {
    if (!held) return;
    const y = where();
    if (y !== null && Math.abs(window.scrollY - y) >= 1) window.scrollTo(0, y);
    if (performance.now() - t0 < HOLD_MS) requestAnimationFrame(step);
    else end();
  };
  step();
}

/**
 * Scrolls to the top of `target` in 500 ms (at once under reduced motion), below the fixed header.
 * The destination is measured again on every frame: sections take their real height as they come
 * near the viewport (content-visibility), so a position measured once could be off by then.
 */
export function smoothScrollTo(target: HTMLElement) {
  const destination = () => destinationOf(target);
  const start = window.scrollY;
  if (prefersReducedMotion()) {
    window.scrollTo(0, destination());
    requestAnimationFrame(() => window.scrollTo(0, destination()));
    return;
  }
  const t0 = performance.now();
  const step = (now: number) => {
    const t = Math.min(1, (now - t0) / SMOOTH_SCROLL_MS);
    window.scrollTo(0, start + (destination() - start) * easeInOut(t));
    if (t < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/** In-page links ("#contact") scroll smoothly and move keyboard focus to where they point. */
export function useSmoothAnchors() {
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = (e.target as HTMLElement | null)?.closest<HTMLAnchorElement>('a[href^="#"]');
      const id = link?.getAttribute("href")?.slice(1);
      const target = id ? document.getElementById(decodeURIComponent(id)) : null;
      if (!target) return;
      e.preventDefault();
      history.replaceState(history.state, "", `#${id}`);
      if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      target.focus({ preventScroll: true });
      smoothScrollTo(target);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);
}

const SCROLL_KEY = "scroll-positions";
/** Where the visitor was on each history entry of this tab (React Router's location key -> scrollY). */
const positions = new Map<string, number>();
/** Whether the page as loaded has been placed (by the browser): every later entry is placed here. */
let placed = false;
/** React Router's key for the browser's current history entry ("default" for an entry it has not keyed). */
const currentKey = () => (history.state as { key?: string } | null)?.key ?? "default";
/** The history entry the page was loaded on, read before the router starts. */
const loadedKey = typeof history === "undefined" ? "" : currentKey();

function savedPositions() {
  try {
    for (const [key, y] of Object.entries(JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? "{}") as Record<string, number>)) positions.set(key, y);
  } catch {
    // Storage off or corrupt: Back then goes to the top of the page instead.
  }
}

/** History state for a navigation that shows the same page at another address: no scroll. */
export const KEEP_SCROLL = { keepScroll: true } as const;

/**
 * Scrolling on client-side navigation, in place of React Router's <ScrollRestoration>
 * (which puts an inline script in every page and 768 bytes in the vendor chunk):
 * a new page starts at its #target or at the top; Back and Forward return to where
 * the visitor was on that page, across reloads of the tab too (sessionStorage).
 * Full page loads keep the browser's own restoration, as before hydration.
 */
export function useScrollOnNavigate() {
  const location = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    savedPositions();
    const save = () => {
      try {
        sessionStorage.setItem(SCROLL_KEY, JSON.stringify(Object.fromEntries(positions)));
      } catch {
        // Storage full or off: positions are still kept for this page's life.
      }
    };
    addEventListener("pagehide", save);
    return () => removeEventListener("pagehide", save);
  }, []);
  useEffect(() => {
    // Only while this entry is the browser's current one: once the next page is in the DOM, a
    // scroll event (the shorter page clamps the position) must not overwrite where the visitor was.
    const remember = () => {
      if (currentKey() === location.key) positions.set(location.key, window.scrollY);
    };
    remember();
    addEventListener("scroll", remember, { passive: true });
    return () => removeEventListener("scroll", remember);
  }, [location.key]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of history entry (its key) scrolls, not a re-render of the same entry; the hash, state and type read here come with that key.
  useLayoutEffect(() => {
    // The page as loaded: the browser has placed it already (its own restoration, or the #target).
    // Module state, not a ref: should React mount this again later, that is a navigation to scroll for.
    // A navigation made while the page was still hydrating is one too (its key is not the loaded one).
    endHold();
    if (!placed) {
      placed = true;
      if (location.key === loadedKey) return;
    }
    // The same page under another address (a trailing slash removed): the visitor stays put.
    if (type === "REPLACE" && (location.state as typeof KEEP_SCROLL | null)?.keepScroll === true) return;
    const y = type === "POP" ? positions.get(location.key) : undefined;
    const id = location.hash ? decodeURIComponent(location.hash.slice(1)) : "";
    if (y !== undefined) holdScroll(() => y);
    else if (id) {
      // Top first: if the #target never turns up, the page starts at its top, as any other.
      window.scrollTo(0, 0);
      let focused: HTMLElement | undefined;
      holdScroll(() => {
        const target = document.getElementById(id);
        if (!target) return null;
        // As an in-page link does: keyboard and screen reader users continue from the target. Again if
        // React replaced it meanwhile (an island rendered afresh), unless the visitor moved focus on.
        if (target !== focused && (!focused || document.activeElement === document.body)) {
          focused = target;
          if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
          target.focus({ preventScroll: true });
        }
        return destinationOf(target);
      });
    } else window.scrollTo(0, 0);
  }, [location.key]);
}
