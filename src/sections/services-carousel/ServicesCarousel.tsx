import type { ServicesCarouselSection } from "@/generated/content";
import { Picture, SectionHeading, SectionShell, SmartLink } from "@/components/ui";
import { useCollection } from "@/components/page-context";
import { byIds } from "@/sections/pick";

export function ServicesCarousel({ section }: { section: ServicesCarouselSection }) {
  const services = byIds(useCollection("services"), section.services);
  return (
    <SectionShell type="services-carousel" tone={section.tone} labelledBy="top-services-heading">
      <SectionHeading id="top-services-heading" kicker={section.label} heading={section.heading} tone={section.tone} />
      <ul className="flex snap-x gap-[10px] overflow-x-auto pb-4">
        {services.map((s) => (
          <li key={s.id} className="w-80 shrink-0 snap-start overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            <Picture image={s.image} width={800} height={600} className="aspect-[4/3] h-auto w-full object-cover" />
            <div className="p-5">
              <Picture image={s.icon} width={48} height={48} className="mb-3 h-12 w-12" />
              <h3 className="text-lg font-semibold text-navy">{s.name}</h3>
              <p className="mt-2 text-sm text-slate-600">{s.smallDescription}</p>
              <SmartLink href={`/services/${s.id}`} className="mt-4 inline-block font-semibold text-brand">
                <span aria-hidden="true">→</span>
                <span className="sr-only">More about {s.name}</span>
              </SmartLink>
            </div>
          </li>
        ))}
      </ul>
    </SectionShell>
  );
}
