import { Component, memo, Suspense, useCallback, useLayoutEffect, useMemo, useReducer, useRef, useState, type ReactNode } from "react";
import "./canvas.css";
import type { SiteSettings } from "@/generated/content";
import { DraftBadge } from "@/components/DraftBadge";
import { ErrorCard } from "@/components/ErrorCard";
import { ImagesContext } from "@/components/image-facts";
import { SettingsOverride } from "@/page/page-context";
import { holdStill } from "@/runtime/motion";
import { releaseScroll } from "@/runtime/smooth-scroll";
import { SectionView } from "@/sections/registry";
import { Footer } from "@/components/Footer";
import { FloatingChat } from "@/components/FloatingChat";
import { Header } from "@/components/Header";
import { typeTitle } from "../../shared/labels";
import { Overlay, type ToolbarCommand } from "./Overlay";
import type { CanvasSlot } from "./protocol";
import { EMPTY_VIEW, update } from "./view";
import { copySection, tell, useBuilderMessages, useInlineSection, useTypedSlot } from "./intake";

// The canvas shows the page still: no video playing, no carousel moving on its own, nothing fading in (runtime/motion.ts).
if (typeof window !== "undefined") holdStill();

const NONE: never[] = [];
const selectInBuilder = (id: string, fields: boolean) => tell({ type: "select", id, fields });
const leaveCanvas = () => tell({ type: "leave" });
const pictureInBuilder = (id: string, file: File) => tell({ type: "picture", id, file });
const dropInBuilder = (drop: { section: string; index: number } | { id: string; index: number }) =>
  tell("id" in drop ? { type: "move-to", id: drop.id, index: drop.index } : { type: "insert", section: drop.section, index: drop.index });

const ADVICE = "Fix the fields marked in red in the builder: the preview follows as you type.";

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

/** One section, rendered again only when its slot changes (from the page, or typed into). */
const CanvasSection = memo(function CanvasSection({ id, slot: pageSlot }: { id: string; slot: CanvasSlot }) {
  const latest = useTypedSlot(id) ?? pageSlot;
  // While a text of it is edited in place, a version that cannot be shown keeps the last one that could (the text box shows the text, its message says why).
  const held = useRef<CanvasSlot | null>(null);
  const editedHere = useInlineSection() === id;
  if (latest.ok) held.current = latest;
  const slot = !latest.ok && editedHere && held.current ? held.current : latest;
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
  const [view, dispatch] = useReducer(update, EMPTY_VIEW);
  const offset = (view.meta?.siteProblems.length ? 1 : 0) + (view.meta?.pageProblems.length ? 1 : 0);
  const [elements, setElements] = useState<HTMLElement[]>([]);

  useBuilderMessages(dispatch);

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
  const chosen = view.selected;
  const onToolbar = useCallback(
    (command: ToolbarCommand) => {
      if (command !== "copy") tell({ type: "command", command });
      else if (chosen) copySection(chosen);
    },
    [chosen],
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
          onCommand={onToolbar}
          onLeave={leaveCanvas}
          problem={view.inlineProblem}
          zoom={1 / view.scale}
          onDrop={dropInBuilder}
          onPicture={pictureInBuilder}
        />
      </ImagesContext>
    </SettingsOverride>
  );
}
