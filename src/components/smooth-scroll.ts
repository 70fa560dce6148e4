import { useEffect } from "react";
import { prefersReducedMotion } from "./motion";

/** SPEC s9: smooth scroll duration 500 ms. */
export const SMOOTH_SCROLL_MS = 500;

function easeInOut(t: number): number {
  return t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
}

/**
 * Scrolls to the top of `target` in 500 ms (at once under reduced motion), below the fixed header.
 * The destination is measured again on every frame: sections take their real height as they come
 * near the viewport (content-visibility), so a position measured once could be off by then.
 */
export function smoothScrollTo(target: HTMLElement) {
  const header = document.querySelector("header")?.getBoundingClientRect().height ?? 0;
  const destination = () => Math.max(0, window.scrollY + target.getBoundingClientRect().top - header - 8);
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
