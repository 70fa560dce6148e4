import type { PortfolioSection } from "@/generated/content";
import { Card } from "@/components/Card";
import { SectionHeading, SectionShell } from "@/components/ui";
import { PageContext } from "@/components/page-context";
import { useContext, useId } from "react";

export function Portfolio({ section }: { section: PortfolioSection }) {
  const headingId = useId();
  const page = useContext(PageContext);
  const items = section.sources.flatMap((src) => (page?.collections[src.collection] ?? []).slice(0, src.limit));
  return (
    <SectionShell type="portfolio" tone={section.tone} labelledBy={headingId}>
      <SectionHeading id={headingId} kicker={section.kicker} heading={section.heading} tone={section.tone} />
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <Card key={item.id} image={item.image} title={item.title} text={item.summary} />
        ))}
      </ul>
    </SectionShell>
  );
}
