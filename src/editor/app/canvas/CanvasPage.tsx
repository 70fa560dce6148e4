/**
 * The page builder's canvas (in the iframe of /__edit/canvas): the page the builder sends, rendered
 * by the site's own header, footer and section registry, with the settings as edited; the iframe
 * has the width of a phone, a tablet or a desktop, so the site's media queries apply.
 * Sections are kept by the builder's ids: a message re-renders only the sections it carries, and a
 * move moves the rendered section. Clicking a section selects it in the builder; links do not
 * leave the canvas. The page is inert under a button per section (./Overlay): one Tab stop for the
 * whole canvas, the arrow keys from section to section, Enter to its fields, Escape back.
 */
import { commandFor, pressedOf } from "../shortcuts";
import { Component, memo, Suspense, useCallback, useLayoutEffect, useMemo, useReducer, useState, useSyncExternalStore, type ReactNode } from "react";
import { flushSync } from "react-dom";
import "../no-overlay.css";
import type { SiteSettings } from "@/generated/content";
import type { ImageFacts } from "@/images/slots";
import { DraftBadge } from "@/components/DraftBadge";
import { ErrorCard } from "@/components/ErrorCard";
import { ImagesContext } from "@/components/image-facts";
import { SettingsOverride } from "@/page/page-context";
import { releaseScroll } from "@/runtime/smooth-scroll";
import { preloadSections, SectionView } from "@/sections/registry";
import type { SectionType } from "@/sections/types";
import { Footer } from "@/components/Footer";
import { FloatingChat } from "@/components/FloatingChat";
import { Header } from "@/components/Header";
import { typeTitle } from "../../labels";
import { Overlay } from "./Overlay";
import { type CanvasMeta, type CanvasSlot, type CanvasWindow, type FromCanvas, isToCanvas, type ToCanvas, type Unsourced } from "./protocol";

const tell = (message: Unsourced<FromCanvas>) => parent.postMessage({ source: "site-canvas", ...message }, location.origin);

const NONE: never[] = [];
const selectInBuilder = (id: string, fields: boolean) => tell({ type: "select", id, fields });
const leaveCanvas = () => tell({ type: "leave" });

const ADVICE = "Fix the fields marked in red in the builder: the preview follows as you type.";

interface View {
  meta: CanvasMeta | null;
  order: string[];
  slots: Map<string, CanvasSlot>;
  images: Record<string, ImageFacts>;
  settings: SiteSettings | null;
  selected: string | null;
  /** Set when the selection was made in the builder: the canvas scrolls to it. */
  reveal: number;
  focus: number;
}

function update(view: View, message: ToCanvas): View {
  if (message.type === "focus") return { ...view, focus: view.focus + 1 };
  if (message.type === "prepare") return view;
  // A section typed into is drawn on its own (typedSlots below), not through the page.
  if (message.type === "slot") return view;
  if (message.type === "order") {
    const same = message.order.length === view.order.length && message.order.every((id) => view.slots.has(id));
    return same ? { ...view, order: message.order } : view;
  }
  if (message.type === "select") return { ...view, selected: message.id, reveal: message.reveal ? view.reveal + 1 : view.reveal };
  const slots = new Map<string, CanvasSlot>();
  for (const id of message.order) {
    const slot = message.slots[id] ?? view.slots.get(id);
    if (slot) slots.set(id, slot);
  }
  return {
    ...view,
    meta: message.meta,
    order: message.order,
    slots,
    images: message.images ?? view.images,
    settings: message.settings === undefined ? view.settings : message.settings,
    selected: message.selected,
  };
}

/** A section whose component fails (the edits may not fit its schema yet) shows a card instead of breaking the canvas, until its next version. */
class SectionBoundary extends Component<{ slot: CanvasSlot; children: ReactNode }, { failed: boolean; slot: CanvasSlot }> {
  override state = { failed: false, slot: this.props.slot };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  static getDerivedStateFromProps(props: { slot: CanvasSlot }, state: { slot: CanvasSlot }) {
    return props.slot === state.slot ? null : { failed: false, slot: props.slot };
  }
  override render() {
    const { slot } = this.props;
    const type = slot.ok ? slot.section.type : slot.type;
    if (this.state.failed) return <ErrorCard title={`This ${type.replace(/-/g, " ")} section cannot be shown yet`} problems={[]} advice={ADVICE} />;
    return this.props.children;
  }
}

/** Sections as last typed into ("slot" messages), until a page message brings them: a keystroke draws its section alone. */
const typedSlots = new Map<string, CanvasSlot>();
const typedListeners = new Map<string, Set<() => void>>();
const notifyTyped = (id: string) => {
  for (const listener of typedListeners.get(id) ?? []) listener();
};
function useTypedSlot(id: string): CanvasSlot | undefined {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const listeners = typedListeners.get(id) ?? new Set<() => void>();
      typedListeners.set(id, listeners);
      listeners.add(onChange);
      return () => {
        listeners.delete(onChange);
      };
    },
    [id],
  );
  return useSyncExternalStore(subscribe, () => typedSlots.get(id));
}

/** One section, rendered again only when its slot changes (from the page, or typed into). */
const CanvasSection = memo(function CanvasSection({ id, slot: pageSlot }: { id: string; slot: CanvasSlot }) {
  const slot = useTypedSlot(id) ?? pageSlot;
  if (!slot.ok) return <ErrorCard title={`This ${slot.type.replace(/-/g, " ")} section cannot be shown`} problems={slot.problems} advice={ADVICE} />;
  return (
    <SectionBoundary slot={slot}>
      {/* Every slot is one element from the start: the buttons over the sections count on it. */}
      <Suspense fallback={<section data-section={slot.section.type} aria-busy="true" className="min-h-48" />}>
        <SectionView resolved={slot} />
      </Suspense>
    </SectionBoundary>
  );
});

/** The site's header, footer and chat button: drawn again only when the settings change, not on every keystroke in a section. */
const Chrome = memo(function Chrome({ settings, part }: { settings: SiteSettings; part: "start" | "end" }) {
  if (part === "start") return <Header settings={settings} />;
  return (
    <>
      <Footer settings={settings} />
      <FloatingChat settings={settings} />
    </>
  );
});

/** The sections in <main>, in order (each error card counts as its section), after the page's own cards. */
const sectionElements = (offset: number) => [...document.querySelectorAll<HTMLElement>("main > [data-section]")].slice(offset);

export function CanvasPage() {
  const [view, dispatch] = useReducer(update, {
    meta: null,
    order: [],
    slots: new Map(),
    images: {},
    settings: null,
    selected: null,
    reveal: 0,
    focus: 0,
  });
  const offset = (view.meta?.siteProblems.length ? 1 : 0) + (view.meta?.pageProblems.length ? 1 : 0);
  const [elements, setElements] = useState<HTMLElement[]>([]);

  // Listening from the first commit, before the canvas paints: the builder sends the page as soon as it hears "ready".
  useLayoutEffect(() => {
    // A page with section types whose code is not here yet is drawn once that code is (one drawing, not one per
    // section as each arrives); messages after it wait their turn. "prepare" starts loading it before the page comes.
    const code = new Map<string, Promise<void>>();
    const loaded = new Set<string>();
    const load = (type: string) => {
      let done = code.get(type);
      if (!done) {
        const settle = () => void loaded.add(type);
        done = preloadSections([type as SectionType]).then(settle, settle);
        code.set(type, done);
      }
      return done;
    };
    let waiting: Promise<void> | null = null;
    const after = (work: () => void | Promise<void>) => {
      const next = (waiting ?? Promise.resolve()).then(work);
      waiting = next;
      void next.then(() => {
        if (waiting === next) waiting = null;
      });
    };
    const apply = (message: ToCanvas, now: boolean) => {
      const draw = (work: () => void) => (now ? flushSync(work) : work());
      if (message.type === "slot") {
        typedSlots.set(message.id, message.slot);
        return draw(() => notifyTyped(message.id));
      }
      // A page brings its sections' slots: what was typed into them is in it.
      if (message.type === "page") for (const id of [...typedSlots.keys()]) if (id in message.slots || !message.order.includes(id)) typedSlots.delete(id);
      draw(() => dispatch(message));
    };
    const take = (message: ToCanvas, now: boolean) => {
      if (message.type === "prepare") {
        for (const type of message.types) void load(type);
        return;
      }
      const missing =
        message.type === "page" ? Object.values(message.slots).flatMap((slot) => (slot.ok && !loaded.has(slot.section.type) ? [slot.section.type] : [])) : [];
      if (missing.length > 0) {
        const code = Promise.all(missing.map(load));
        after(() => code.then(() => apply(message, false)));
      } else if (waiting) after(() => apply(message, false));
      else apply(message, now);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== location.origin || event.source !== parent || !isToCanvas(event.data)) return;
      take(event.data, false);
    };
    // The builder's shortcuts, relayed (the section buttons handle their own arrows, Enter and Escape first).
    const onKey = (event: KeyboardEvent) => {
      const command = event.defaultPrevented ? null : commandFor(pressedOf(event));
      if (!command) return;
      event.preventDefault();
      tell({ type: "key", command });
    };
    // Taken inside the builder's event: drawn at once, as a copy (what a message would carry), not the builder's objects.
    (window as CanvasWindow).siteCanvas = { receive: (message) => take(structuredClone(message), true) };
    addEventListener("message", onMessage);
    document.addEventListener("keydown", onKey);
    tell({ type: "ready" });
    return () => {
      delete (window as CanvasWindow).siteCanvas;
      removeEventListener("message", onMessage);
      document.removeEventListener("keydown", onKey);
    };
  }, []);

  // The section elements, found again whenever <main>'s children change (a section's code arriving replaces its placeholder).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page (slots, order) renders new elements to find.
  useLayoutEffect(() => {
    const find = () =>
      setElements((known) => {
        const found = sectionElements(offset);
        return found.length === known.length && found.every((e, i) => e === known[i]) ? known : found;
      });
    find();
    const main = document.querySelector("main");
    if (!main) return;
    const observer = new MutationObserver(find);
    observer.observe(main, { childList: true });
    return () => observer.disconnect();
  }, [view.slots, view.order, offset]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new request to reveal scrolls, not a new page.
  useLayoutEffect(() => {
    const index = view.selected ? view.order.indexOf(view.selected) : -1;
    // Just after the canvas loaded, the site still holds its new page at the top (smooth-scroll.ts): this scroll is asked for.
    releaseScroll();
    elements[index]?.scrollIntoView({ block: "start" });
  }, [view.reveal]);

  // The buttons over the sections: the same list while only a section's content changes (a keystroke), so they are not measured again then.
  const types = view.order.map((id) => {
    const slot = view.slots.get(id);
    return slot ? (slot.ok ? slot.section.type : slot.type) : "";
  });
  const typesKey = types.join(" ");
  // biome-ignore lint/correctness/useExhaustiveDependencies: `types` is read through `typesKey`, so a keystroke keeps the list.
  const sections = useMemo(
    () => view.order.flatMap((id, i) => (elements[i] && types[i] ? [{ id, element: elements[i], name: typeTitle(types[i]) }] : [])),
    [view.order, elements, typesKey],
  );
  if (!view.meta) return <p className="p-8 text-slate-700">Waiting for the builder…</p>;
  const { meta: page } = view;
  const settings = view.settings;
  return (
    <SettingsOverride value={settings}>
      <ImagesContext value={view.images}>
        {settings && <Chrome settings={settings} part="start" />}
        <main id="main">
          {page.draft && <DraftBadge />}
          {page.siteProblems.length > 0 && (
            <ErrorCard title="Other files of the site have errors (the build refuses them)" problems={page.siteProblems} advice={ADVICE} />
          )}
          {page.pageProblems.length > 0 && <ErrorCard title="This page has errors" problems={page.pageProblems} advice={ADVICE} />}
          {view.order.map((id) => {
            const slot = view.slots.get(id);
            return slot ? <CanvasSection key={id} id={id} slot={slot} /> : null;
          })}
        </main>
        {settings && <Chrome settings={settings} part="end" />}
        <Overlay
          sections={sections.length === view.order.length ? sections : NONE}
          selected={view.selected}
          focus={view.focus}
          onSelect={selectInBuilder}
          onLeave={leaveCanvas}
        />
      </ImagesContext>
    </SettingsOverride>
  );
}
