import { useId } from "react";
import type { SectionProps } from "@/sections/types";
import { Picture, SectionHeading, SectionShell } from "@/components/ui";

/**
 * Twelve cards; pointing at one (or focusing it with Tab) slides its description up over the
 * picture. On touch screens, which cannot hover, the description is always shown.
 */
export function IndustriesGrid({ section, data }: SectionProps<"industries-grid">) {
  const headingId = useId();
  const { industries } = data;
  return (
    <SectionShell type="industries-grid" tone={section.tone} labelledBy={headingId}>
      <SectionHeading id={headingId} kicker={section.kicker} heading={section.heading} intro={section.intro} tone={section.tone} />
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {industries.map((industry) => (
          <li
            key={industry.id}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: SPEC: keyboard focus reveals a card's description, as hover does.
            tabIndex={0}
            aria-labelledby={`${headingId}-${industry.id}`}
            data-testid="industry-card"
            className="group relative isolate aspect-[4/3] overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-lg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand"
          >
            <Picture
              image={industry.image}
              slot="quarter"
              className="absolute inset-0 -z-10 h-full w-full object-cover transition duration-500 group-hover:scale-105 motion-reduce:transition-none"
            />
            <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-navy via-navy/90 to-navy/0 px-4 pt-10 pb-4 text-white">
              <h3 id={`${headingId}-${industry.id}`} className="text-lg font-semibold">
                {industry.title}
              </h3>
              <p
                data-testid="industry-description"
                className="grid grid-rows-[0fr] text-sm text-slate-100 opacity-0 transition-all duration-300 group-hover:mt-2 group-hover:grid-rows-[1fr] group-hover:opacity-100 group-focus-visible:mt-2 group-focus-visible:grid-rows-[1fr] group-focus-visible:opacity-100 motion-reduce:transition-none pointer-coarse:mt-2 pointer-coarse:grid-rows-[1fr] pointer-coarse:opacity-100"
              >
                <span className="overflow-hidden">{industry.description}</span>
              </p>
            </div>
          </li>
        ))}
      </ul>
    </SectionShell>
  );
}
