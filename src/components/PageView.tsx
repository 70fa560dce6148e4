import type { PageData } from "@/content/site.server";
import { SectionView } from "@/sections/registry";
import { DraftBadge } from "./DraftBadge";
import { ErrorCard } from "./ErrorCard";
import { PageContext } from "./page-context";

export function PageView({ page }: { page: PageData }) {
  return (
    <PageContext.Provider value={page}>
      {page.draft && <DraftBadge />}
      {page.pageProblems.length > 0 && <ErrorCard title="This page has content errors" problems={page.pageProblems} />}
      {page.slots.map((slot, i) =>
        slot.ok ? <SectionView key={i} section={slot.section} /> : <ErrorCard key={i} title={`Section ${slot.index} (${slot.type}) cannot be shown`} problems={slot.problems} />,
      )}
    </PageContext.Provider>
  );
}
