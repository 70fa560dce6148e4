import { memo, Suspense } from "react";
import type { PageData } from "@/content/site.server";
import { loadSection, SectionView } from "@/sections/registry";
import type { ResolvedSection } from "@/sections/types";
import { loadChunk } from "@/runtime/chunk-load";
import { DraftBadge } from "@/components/DraftBadge";
import { ErrorCard, WarningList } from "@/components/ErrorCard";
import { ImagesContext } from "@/components/image-facts";
import { Island } from "@/runtime/island";
import { revealBelowFold } from "@/runtime/reveal";

/** The i-th pre-rendered section of <main> (each section, and each error card, is one `main > [data-section]`). */
const sectionElement = (i: number) => () => document.querySelectorAll("main > [data-section]")[i];

/**
 * A section in its own Suspense boundary. While the page hydrates, it keeps
 * its pre-rendered HTML until it comes near the viewport or is touched (see
 * Island), and its code is fetched only then; its scroll-in animation does
 * not wait for that (a section below the fold is marked for it at once).
 * On a page reached by a client-side navigation it renders like any
 * component: the route's clientLoader has fetched its code beforehand.
 */
const SectionSlot = memo(function SectionSlot({ resolved, index }: { resolved: ResolvedSection; index: number }) {
  return (
    <Suspense fallback={null}>
      <Island
        id={`section-${index}`}
        find={sectionElement(index)}
        load={() => loadChunk(resolved.section.type, () => loadSection(resolved.section.type))}
        whileWaiting={revealBelowFold}
      >
        <SectionView resolved={resolved} />
      </Island>
    </Suspense>
  );
});

/**
 * Memoised: a page's data does not change while it is shown, and a section
 * still waiting to hydrate must not get new props for nothing (React would
 * render it from scratch instead of taking over its HTML). When the visitor
 * leaves the page, the route's clientLoader first wakes the islands still
 * waiting and loads their code (wakeIslands), so that React hydrates them in
 * place when the router's state changes above them, before the next page
 * replaces them: a one-time cost on the first navigation.
 */
export const PageView = memo(function PageView({ page }: { page: PageData }) {
  const siteProblems = (import.meta.env.DEV && page.siteProblems) || [];
  const pageProblems = import.meta.env.DEV ? page.pageProblems : [];
  const warnings = (import.meta.env.DEV && page.warnings) || [];
  // Error cards are `main > [data-section]` too: sections are counted after them.
  const first = (siteProblems.length > 0 ? 1 : 0) + (pageProblems.length > 0 ? 1 : 0);
  return (
    <ImagesContext value={page.images}>
      {/* Drafts and content errors exist only in `npm run dev`: a production build has no drafts and refuses errors. */}
      {import.meta.env.DEV && page.draft && <DraftBadge />}
      {siteProblems.length > 0 && (
        <ErrorCard
          title={
            page.slots.length === 0 ? "This page cannot be shown until these content errors are fixed" : "The site has content errors (the build refuses them)"
          }
          problems={siteProblems}
        />
      )}
      {pageProblems.length > 0 && <ErrorCard title="This page has content errors" problems={pageProblems} />}
      {warnings.length > 0 && <WarningList problems={warnings} />}
      {/* Sections have no ids: a section is its place in the page (file path and position). */}
      {page.slots.map((slot, i) =>
        slot.ok ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <SectionSlot key={`${page.path}#${i}`} resolved={slot} index={first + i} />
        ) : (
          import.meta.env.DEV && (
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <ErrorCard key={`${page.path}#${i}`} title={`Section ${slot.index + 1} (${slot.type}) cannot be shown`} problems={slot.problems} />
          )
        ),
      )}
    </ImagesContext>
  );
});
