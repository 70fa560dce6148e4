import { useEffect } from "react";
import { useLocation } from "react-router";
import { prefersReducedMotion } from "./motion";

/** SPEC s9: content animates in on scroll once, duration 500, offset -50. */
export const REVEAL = { once: true, duration: 500, offset: -50 } as const;
/** SPEC s9: smooth scroll duration 500 ms. */
export const SMOOTH_SCROLL_MS = 500;

let aos: Promise<Aos.Aos> | undefined;

/**
 * Scroll-in animations with aos. The pre-rendered HTML has no data-aos attributes, so every
 * section is visible without JavaScript; after hydration only sections that start below the
 * fold are marked (nothing already on screen blinks), and under reduced motion none are.
 */
export function useScrollReveal() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (prefersReducedMotion()) return;
    const frame = requestAnimationFrame(() => {
      const fold = window.innerHeight;
      const targets = [...document.querySelectorAll<HTMLElement>("main section[data-section] > div")].filter(
        (el) => !el.hasAttribute("data-aos") && el.getBoundingClientRect().top > fold,
      );
      if (targets.length === 0) return;
      for (const el of targets) el.setAttribute("data-aos", "fade-up");
      aos ??= import("aos").then(({ default: instance }) => {
        instance.init({ ...REVEAL });
        return instance;
      });
      void aos.then((a) => a.refreshHard());
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}

function easeInOut(t: number): number {
  return t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
}

/** Scrolls to the top of `target` in 500 ms (at once under reduced motion), below the fixed header. */
export function smoothScrollTo(target: HTMLElement) {
  const header = document.querySelector("header")?.getBoundingClientRect().height ?? 0;
  const start = window.scrollY;
  const end = Math.max(0, start + target.getBoundingClientRect().top - header - 8);
  if (prefersReducedMotion()) {
    window.scrollTo(0, end);
    return;
  }
  const t0 = performance.now();
  const step = (now: number) => {
    const t = Math.min(1, (now - t0) / SMOOTH_SCROLL_MS);
    window.scrollTo(0, start + (end - start) * easeInOut(t));
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
