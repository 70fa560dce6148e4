import { useEffect } from "react";
import { prefersReducedMotion } from "./motion";

/** SPEC s9: content animates in on scroll once, duration 500, offset -50. */
export const REVEAL = { once: true, duration: 500, offset: -50 } as const;
/** SPEC s9: smooth scroll duration 500 ms. */
export const SMOOTH_SCROLL_MS = 500;

let aos: Promise<Aos.Aos> | undefined;

/** `fn` at most once per frame, however often the result is called within it. */
function oncePerFrame(fn: () => void) {
  let queued = false;
  return () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      fn();
    });
  };
}

/**
 * aos is fetched the first time a section needs it; sections marked in the same frame share one
 * refresh. aos measures where each section starts once; sections that take their real height only
 * near the viewport (content-visibility) move the ones below, so it measures again when <main>
 * changes height.
 */
const refreshAos = oncePerFrame(() => {
  aos ??= import("aos").then(({ default: instance }) => {
    instance.init({ ...REVEAL });
    const main = document.querySelector("main");
    if (main && "ResizeObserver" in window) new ResizeObserver(oncePerFrame(() => instance.refresh())).observe(main);
    return instance;
  });
  void aos.then((a) => a.refreshHard());
});

/**
 * Scroll-in animations with aos, as a ref callback on a section's <section>
 * element. The pre-rendered HTML has no data-aos attributes, so every section
 * is visible without JavaScript. Once a section is hydrated (each section is
 * hydrated on its own, see PageView), its content box is marked only if it
 * starts below the fold (nothing already on screen blinks), and under reduced
 * motion never. Marking after hydration, per section, means React never meets
 * an attribute it did not render.
 */
export function revealBelowFold(section: HTMLElement | null) {
  if (!section || prefersReducedMotion()) return;
  const frame = requestAnimationFrame(() => {
    const content = section.querySelector<HTMLElement>(":scope > div");
    if (!content || content.hasAttribute("data-aos") || content.getBoundingClientRect().top <= window.innerHeight) return;
    content.setAttribute("data-aos", "fade-up");
    refreshAos();
  });
  return () => cancelAnimationFrame(frame);
}

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
