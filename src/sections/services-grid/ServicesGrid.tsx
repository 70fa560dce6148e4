import { useId } from "react";
import type { SectionProps } from "@/sections/types";
import { Picture, SectionHeading, SectionShell, SmartLink } from "@/components/ui";

export function ServicesGrid({ section, data }: SectionProps<"services-grid">) {
  const headingId = useId();
  const { services } = data;
  return (
    <SectionShell type="services-grid" tone={section.tone} labelledBy={headingId}>
      <SectionHeading id={headingId} kicker={section.kicker} heading={section.heading} tone={section.tone} />
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {services.map((s) => (
          <li key={s.id}>
            <SmartLink
              href={`/services/${s.id}`}
              className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-2 focus-visible:outline-brand"
            >
              <Picture image={s.icon} slot="icon" className="mb-4 h-12 w-12" />
              <h3 className="text-lg font-semibold text-navy">{s.name}</h3>
              <p className="mt-2 text-sm text-slate-600">{s.smallDescription}</p>
            </SmartLink>
          </li>
        ))}
      </ul>
    </SectionShell>
  );
}
