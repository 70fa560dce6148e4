import type { SectionProps } from "@/sections/types";
import { Card } from "@/components/Card";
import { SectionHeading, SectionShell } from "@/components/ui";
import { useId } from "react";

export function Portfolio({ section, data }: SectionProps<"portfolio">) {
  const headingId = useId();
  const { items } = data;
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
