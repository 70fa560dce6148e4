import { Suspense } from "react";
import type { PageData } from "@/content/site.server";
import { SectionView } from "@/sections/registry";
import { DraftBadge } from "./DraftBadge";
import { ErrorCard } from "./ErrorCard";
import { PageContext } from "./page-context";

/**
 * Each section is its own Suspense boundary. Nothing in it suspends; the
 * boundary is there for hydration: React hydrates the page shell first and
 * then each section in its own small, interruptible piece of work (a
 * dehydrated boundary is hydrated at offscreen priority, which yields to the
 * browser every few milliseconds), instead of one long task for the whole
 * page that would block input. A click on a section that is not hydrated
 * yet hydrates that section at once and is then handled.
 */
export function PageView({ page }: { page: PageData }) {
  return (
    <PageContext.Provider value={page}>
      {page.draft && <DraftBadge />}
      {page.pageProblems.length > 0 && <ErrorCard title="This page has content errors" problems={page.pageProblems} />}
      {page.slots.map((slot, i) =>
        slot.ok ? (
          <Suspense key={i} fallback={null}>
            <SectionView section={slot.section} />
          </Suspense>
        ) : <ErrorCard key={i} title={`Section ${slot.index} (${slot.type}) cannot be shown`} problems={slot.problems} />,
      )}
    </PageContext.Provider>
  );
}
