import { useId } from "react";
import type { SectionProps } from "@/sections/types";
import { Picture, SectionHeading, SectionShell, SmartLink } from "@/components/ui";
import { Carousel, SERVICES_CAROUSEL } from "@/components/Carousel";

export function ServicesCarousel({ section, data }: SectionProps<"services-carousel">) {
  const headingId = useId();
  const { services } = data;
  return (
    <SectionShell type="services-carousel" tone={section.tone} labelledBy={headingId}>
      <SectionHeading id={headingId} kicker={section.label} heading={section.heading} tone={section.tone} capitalize />
      <Carousel
        settings={SERVICES_CAROUSEL}
        label={section.heading}
        slides={services.map((s) => ({
          key: s.id,
          content: (
            <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white text-left shadow-sm">
              <Picture image={s.image} slot="card" className="aspect-[4/3] h-auto w-full object-cover" />
              <div className="flex flex-1 flex-col p-5">
                <Picture image={s.icon} slot="icon" className="-mt-11 mb-3 h-12 w-12 rounded-xl bg-white p-1.5 shadow ring-1 ring-slate-200" />
                <h3 className="text-lg font-semibold text-navy">{s.name}</h3>
                <p className="mt-2 flex-1 text-sm text-slate-600">{s.smallDescription}</p>
                <SmartLink
                  href={`/services/${s.id}`}
                  className="mt-4 inline-flex h-10 w-10 items-center justify-center self-end rounded-full bg-brand text-white transition hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
                >
                  <span aria-hidden="true">→</span>
                  <span className="sr-only">More about {s.name}</span>
                </SmartLink>
              </div>
            </article>
          ),
        }))}
      />
    </SectionShell>
  );
}
