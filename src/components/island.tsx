/**
 * Hydration on demand. The pre-rendered HTML is complete and readable, and its
 * links work, before any JavaScript runs; React only has to take over the
 * parts a visitor is about to use. An <Island> (inside a <Suspense>) keeps its
 * pre-rendered HTML as it is while the page hydrates, and hydrates when it
 * comes within half a screen of the viewport, or at once when the visitor
 * points at, touches or tabs into it. Its code (`load`) is fetched only then.
 *
 * So a page's first hydration does the header and the first screen, not the
 * whole page, and the code of sections further down is not part of the
 * initial download. Rendered any other way (a client-side navigation, the
 * pre-render, tests), an island is its children.
 *
 * Limits: the pointer or focus arriving wakes an island before a click, and
 * its code is a small chunk from the same server; a click that still comes
 * before the code has arrived is dropped by React (a link in it still works,
 * as a plain link). When the visitor navigates away, the islands still
 * waiting are woken first (wakeIslands) and hydrated in place.
 */
import { use, useSyncExternalStore, type ReactNode } from "react";

const subscribeNever = () => () => {};

/** True while React hydrates pre-rendered HTML (it reads the "server" snapshot then), false in any later render. */
function useHydrating(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => false,
    () => true,
  );
}

/** How far below (and above) the viewport an island starts hydrating: half a screen, so it is ready (and its scroll-in animation set) before it shows. */
const NEAR = "50% 0px";
const EVENTS = ["pointerover", "touchstart", "focusin"] as const;

let observer: IntersectionObserver | undefined;
/** Islands still waiting: their element, and what wakes them. */
const waiting = new Map<Element, () => void>();

/**
 * One listener per event type on window, in the capture phase: React's own listeners (on the
 * document) stop pointer and focus events aimed at HTML it has not hydrated yet, so a listener on
 * the island's element would never hear them. React replays them once the island is hydrated.
 */
function onEvent(event: Event) {
  const target = event.target;
  if (!(target instanceof Node)) return;
  for (const [element, wake] of waiting) if (element.contains(target)) wake();
}

/** Resolves when `element` is wanted: near the viewport (if `near`), pointed at, touched or focused. */
function wanted(element: Element | null | undefined, near: boolean): Promise<void> {
  if (!element) return Promise.resolve();
  if (waiting.size === 0) for (const type of EVENTS) window.addEventListener(type, onEvent, { capture: true, passive: true });
  return new Promise<void>((resolve) => {
    const wake = () => {
      waiting.delete(element);
      observer?.unobserve(element);
      if (waiting.size === 0) for (const type of EVENTS) window.removeEventListener(type, onEvent, { capture: true });
      resolve();
    };
    waiting.set(element, wake);
    if (!near) return;
    if (typeof IntersectionObserver !== "function") return wake();
    observer ??= new IntersectionObserver(
      (entries) => {
        for (const entry of entries) if (entry.isIntersecting) waiting.get(entry.target)?.();
      },
      { rootMargin: NEAR },
    );
    observer.observe(element);
  });
}

const pending = new Map<string, Promise<unknown>>();

/**
 * Wakes every island still waiting and resolves when all their code is loaded
 * (rejects if a chunk cannot be loaded). A client-side navigation awaits it
 * before it changes the location: React then re-renders what is above the
 * islands, and an island whose code is still coming would be thrown away and
 * rendered afresh (the footer was absent for a moment); one whose promise has
 * settled is hydrated in place.
 */
export function wakeIslands(): Promise<unknown> {
  for (const wake of [...waiting.values()]) wake();
  return Promise.all(pending.values());
}

export interface IslandProps {
  /** Unique on the page: identifies this island's pre-rendered HTML between React's attempts to hydrate it. */
  id: string;
  /** Its pre-rendered root element. */
  find: () => Element | null | undefined;
  /** Hydrate when near the viewport (default), or only when touched, pointed at or focused (for a plain link that needs nothing from React). */
  near?: boolean;
  /** Fetches the code it needs, once it is wanted. */
  load?: () => Promise<unknown>;
  /** Called once with the pre-rendered element when the island starts waiting (production builds only, see PageView). */
  whileWaiting?: (element: HTMLElement) => void;
  children: ReactNode;
}

/** Already settled, as React's use() reads it: an island that has nothing to wait for still calls use() (React requires the same calls on every attempt). */
const NOTHING_TO_WAIT_FOR: Promise<unknown> = Object.assign(Promise.resolve(), { status: "fulfilled", value: undefined });

export function Island({ id, find, near = true, load, whileWaiting, children }: IslandProps) {
  const hydrating = useHydrating();
  let ready = NOTHING_TO_WAIT_FOR;
  if (hydrating && typeof document !== "undefined") {
    const waitingFor = pending.get(id);
    if (waitingFor) ready = waitingFor;
    else {
      const element = find();
      // In development React reports any attribute it did not render when it hydrates; production ignores them.
      if (element instanceof HTMLElement && whileWaiting && !import.meta.env.DEV) whileWaiting(element);
      ready = wanted(element, near).then(load);
      pending.set(id, ready);
    }
  }
  use(ready);
  return children;
}
