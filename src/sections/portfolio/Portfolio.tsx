import type { PortfolioSection } from "@/generated/content";
import { Picture, SectionHeading, SectionShell } from "@/components/ui";
import { PageContext } from "@/components/page-context";
import { useContext } from "react";

export function Portfolio({ section }: { section: PortfolioSection }) {
  const page = useContext(PageContext);
  const items = section.sources.flatMap((src) => (page?.collections[src.collection] ?? []).slice(0, src.limit));
  return (
    <SectionShell type="portfolio" tone={section.tone} labelledBy="portfolio-heading">
      <SectionHeading id="portfolio-heading" kicker={section.kicker} heading={section.heading} tone={section.tone} />
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <li key={item.id} className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            <Picture image={item.image} width={800} height={600} className="aspect-[4/3] h-auto w-full object-cover" />
            <div className="p-5">
              <h3 className="text-lg font-semibold text-navy">{item.title}</h3>
              <p className="mt-1 text-sm text-slate-600">{item.summary}</p>
            </div>
          </li>
        ))}
      </ul>
    </SectionShell>
  );
}
