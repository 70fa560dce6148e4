import { useId } from "react";
import type { SectionProps } from "@/sections/types";
import { Card } from "@/components/Card";
import { SectionHeading, SectionShell } from "@/components/ui";

export function OfferingsGrid({ section, data }: SectionProps<"offerings-grid">) {
  const headingId = useId();
  const { offerings } = data;
  return (
    <SectionShell type="offerings-grid" tone={section.tone} labelledBy={headingId}>
      <SectionHeading id={headingId} kicker={section.kicker} heading={section.heading} intro={section.intro} tone={section.tone} />
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {offerings.map((o) => (
          <Card key={o.id} icon={o.icon} title={o.title} text={o.description} />
        ))}
      </ul>
    </SectionShell>
  );
}
