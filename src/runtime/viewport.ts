/**
 * Where things are relative to the screen, in one place: what comes near the viewport (sections
 * hydrate, the enquiry form loads), what starts below the fold (scroll-in animations), and when
 * the visitor first sees past the first screen.
 */

/** How near the viewport a part of the page wakes (an island hydrates, a carousel starts): half a screen, so it is ready (and its scroll-in animation set) before it shows. */
export const NEAR_VIEWPORT = "50% 0px";

const observers = new Map<string, { observer: IntersectionObserver; wakes: Map<Element, () => void> }>();

/**
 * Calls `wake` once, when `element` comes within `margin` of the viewport (CSS margin, e.g.
 * "50% 0px"); at once where IntersectionObserver is missing. Returns a function that stops
 * watching. One observer serves every element watched with the same margin.
 */
export function whenNear(element: Element, margin: string, wake: () => void): () => void {
  if (typeof IntersectionObserver !== "function") {
    wake();
    return () => {};
  }
  let entry = observers.get(margin);
  if (!entry) {
    const wakes = new Map<Element, () => void>();
    const observer = new IntersectionObserver(
      (changes) => {
        for (const change of changes) if (change.isIntersecting) wakes.get(change.target)?.();
      },
      { rootMargin: margin },
    );
    entry = { observer, wakes };
    observers.set(margin, entry);
  }
  const { observer, wakes } = entry;
  const stop = () => {
    wakes.delete(element);
    observer.unobserve(element);
  };
  wakes.set(element, () => {
    stop();
    wake();
  });
  observer.observe(element);
  return stop;
}

/**
 * Whether the content of `section` starts below the fold: the section's top plus its padding.
 * Measuring the section, not the box inside, keeps a section the browser skips
 * (content-visibility) skipped.
 */
export function startsBelowFold(section: HTMLElement): boolean {
  return section.getBoundingClientRect().top + parseFloat(getComputedStyle(section).paddingTop) > window.innerHeight;
}

/**
 * Resolves once the visitor could see past the first screen: the page is scrolled (now, or at the
 * first scroll, which a jump to an anchor, a Tab to a link further down or find-in-page also
 * cause), or the window changes size (turning a phone).
 */
export function pastFirstScreen(): Promise<void> {
  return new Promise((resolve) => {
    if (window.scrollY > 0) return resolve();
    const go = () => {
      for (const type of ["scroll", "resize"]) window.removeEventListener(type, go);
      resolve();
    };
    for (const type of ["scroll", "resize"]) window.addEventListener(type, go, { passive: true });
  });
}
