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
 * A click usually wakes an island a moment before it lands (the pointer
 * arrives first), but its code may still be on the way, and React cannot
 * hydrate the island to take the click. Such a click is taken here before
 * React sees it and replayed on the same element once the island is
 * hydrated, so a tab or an arrow clicked early still works (a link in it
 * needs nothing: it works as a plain link). Keys pressed that early are not
 * replayed. When the visitor navigates away, the islands still waiting are
 * woken first (wakeIslands) and hydrated in place.
 */
import { use, useEffect, useSyncExternalStore, type ReactNode } from "react";
import { type Settling, settled, settling } from "@/runtime/chunk-load";
import { NEAR_VIEWPORT, whenNear } from "@/runtime/viewport";

const subscribeNever = () => () => {};

/** True while React hydrates pre-rendered HTML (it reads the "server" snapshot then), false in any later render. */
function useHydrating(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => false,
    () => true,
  );
}

const EVENTS = ["pointerover", "touchstart", "focusin"] as const;

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
    let stopWatching = () => {};
    const wake = () => {
      waiting.delete(element);
      stopWatching();
      if (waiting.size === 0) for (const type of EVENTS) window.removeEventListener(type, onEvent, { capture: true });
      resolve();
    };
    waiting.set(element, wake);
    if (near) stopWatching = whenNear(element, NEAR_VIEWPORT, wake);
  });
}

/** What each island waits for: wanted, then its code (settled once the code has arrived). */
const pending = new Map<string, Settling<unknown>>();

/** Islands whose pre-rendered HTML React has not hydrated yet, by id: that element, and the clicks kept for it. */
const dehydrated = new Map<string, { element: Element; clicks: HTMLElement[] }>();

/** What a click does without React: a link follows, a field, a label or a form's submit button acts natively. Replaying a click on those would do it twice. */
const NATIVE = "a[href],input,select,textarea,label,summary,[contenteditable],form button:not([type=button])";

/**
 * Listens on window in the capture phase, before React's listeners (on the document): a click on
 * an island whose code has not arrived is kept for the island and goes no further (React could not
 * hydrate the island to take it); once the code is there, React hydrates the island at once and
 * takes the click itself. A click's native action (a link, a field) happens either way.
 */
function onClick(event: Event) {
  const clicked = event.target;
  if (!event.isTrusted || !(clicked instanceof Element)) return;
  const found = [...dehydrated].find(([, island]) => island.element.contains(clicked));
  // Its code is there: React hydrates the island at once and takes the click itself.
  if (!found || pending.get(found[0])?.status === "fulfilled") return;
  const island = found[1];
  event.stopPropagation();
  // The element to click again: a button's icon (an SVG path) has no click() of its own.
  const target = clicked.closest<HTMLElement>("button") ?? (clicked instanceof HTMLElement ? clicked : clicked.closest<HTMLElement>("*:not(svg *)"));
  if (!target) return;
  // A link to a place on this page (a tab to its panel): following it would make React Router
  // render the page again around the island, which would drop the island's HTML. The section
  // takes the click once it runs instead.
  const inPage = target.closest<HTMLAnchorElement>('a[href^="#"]');
  if (inPage) {
    event.preventDefault();
    island.clicks.push(inPage);
  } else if (!target.closest(NATIVE)) island.clicks.push(target);
}

/** Taps the boot script kept before React took over (src/deploy/boot.js), each once, in the order of the page. */
function earlyClicks(island: Element): HTMLElement[] {
  return [...island.querySelectorAll<HTMLElement>("[data-early-click]")].flatMap((button) => {
    const count = Number(button.dataset.earlyClick) || 0;
    button.removeAttribute("data-early-click");
    return Array.from({ length: count }, () => button);
  });
}

/** The island `id` is hydrated: replays the clicks React dropped on it, on the same (now hydrated) elements, after React has finished this commit. */
function hydratedIsland(id: string) {
  const island = dehydrated.get(id);
  if (!island) return;
  dehydrated.delete(id);
  setTimeout(() =>
    island.clicks.forEach((target) => {
      target.isConnected && target.click();
    }),
  );
}

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

/** An island with nothing to wait for still calls use(): an attempt that suspended must call it again. */
const NOTHING_TO_WAIT_FOR = settled(undefined);

export function Island({ id, find, near = true, load, whileWaiting, children }: IslandProps) {
  const hydrating = useHydrating();
  let ready: Settling<unknown> = NOTHING_TO_WAIT_FOR;
  if (hydrating && typeof document !== "undefined") {
    const waitingFor = pending.get(id);
    if (waitingFor) ready = waitingFor;
    else {
      const element = find();
      // In development React reports any attribute it did not render when it hydrates; production ignores them.
      if (element instanceof HTMLElement && whileWaiting && !import.meta.env.DEV) whileWaiting(element);
      if (element) {
        // Adding it again is a no-op.
        window.addEventListener("click", onClick, true);
        dehydrated.set(id, { element, clicks: earlyClicks(element) });
      }
      ready = settling(wanted(element, near).then(load));
      pending.set(id, ready);
    }
  }
  use(ready);
  useEffect(() => hydratedIsland(id), [id]);
  return children;
}
