import { pastFirstScreen, startsBelowFold } from "@/runtime/viewport";
import { prefersReducedMotion } from "./motion";

/** SPEC s9: content animates in on scroll once, duration 500, offset -50. */
export const REVEAL = { once: true, duration: 500, offset: -50 } as const;

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
 * aos is fetched the first time a section needs it, and starts when the visitor scrolls: starting
 * measures every marked section, which makes the browser lay out the sections it skips
 * (content-visibility): a long task that a visitor who reads the first screen need not wait through. Sections marked in the same frame share
 * one refresh. aos measures where each section starts once; sections that take their real height
 * only near the viewport (content-visibility) move the ones below, so it measures again when
 * <main> changes height.
 */
const refreshAos = oncePerFrame(() => {
  aos ??= Promise.all([import("aos"), pastFirstScreen()]).then(([{ default: instance }]) => {
    instance.init({ ...REVEAL });
    const main = document.querySelector("main");
    if (main && "ResizeObserver" in window) new ResizeObserver(oncePerFrame(() => instance.refresh())).observe(main);
    return instance;
  });
  void aos.then((a) => a.refreshHard());
});

/** Sections waiting for the next frame to be measured, and the frame that measures them. */
const pending = new Set<HTMLElement>();
let frame = 0;

/**
 * One frame measures every section asked for since the last, then marks those below the fold:
 * all reads before all writes, so the browser lays the page out once instead of once per section.
 */
function measureAndMark() {
  frame = 0;
  const below = [...pending].flatMap((section) => {
    const content = section.querySelector<HTMLElement>(":scope > div");
    if (!content || content.hasAttribute("data-aos")) return [];
    return startsBelowFold(section) ? [content] : [];
  });
  pending.clear();
  below.forEach((content) => {
    content.setAttribute("data-aos", "fade-up");
  });
  if (below.length > 0) refreshAos();
}

/**
 * Scroll-in animations with aos, for one section's <section> element: its
 * ref callback, and PageView calls it too while the section waits to
 * hydrate. The pre-rendered HTML has no data-aos attributes, so every section
 * is visible without JavaScript. The content box is marked only if it starts
 * below the fold (nothing already on screen blinks), never under reduced
 * motion, and once (a second call finds the mark).
 */
export function revealBelowFold(section: HTMLElement | null) {
  if (!section || prefersReducedMotion()) return;
  pending.add(section);
  frame ||= requestAnimationFrame(measureAndMark);
  return () => {
    pending.delete(section);
    if (pending.size === 0 && frame) {
      cancelAnimationFrame(frame);
      frame = 0;
    }
  };
}
