import type { ServicesCarouselSection } from "@/generated/content";
import { Card, SectionHeading, SectionShell, SmartLink } from "@/components/ui";
import { useCollection } from "@/components/page-context";
import { byIds } from "@/sections/pick";

export function ServicesCarousel({ section }: { section: ServicesCarouselSection }) {
  const services = byIds(useCollection("services"), section.services);
  return (
    <SectionShell type="services-carousel" tone={section.tone} labelledBy="top-services-heading">
      <SectionHeading id="top-services-heading" kicker={section.label} heading={section.heading} tone={section.tone} />
      <ul className="flex snap-x gap-[10px] overflow-x-auto pb-4">
        {services.map((s) => (
          <Card key={s.id} image={s.image} icon={s.icon} title={s.name} text={s.smallDescription} className="w-80 shrink-0 snap-start">
            <SmartLink href={`/services/${s.id}`} className="mt-4 inline-block font-semibold text-brand">
              <span aria-hidden="true">→</span>
              <span className="sr-only">More about {s.name}</span>
            </SmartLink>
          </Card>
        ))}
      </ul>
    </SectionShell>
  );
}
