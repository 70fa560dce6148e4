import type { IndustriesGridSection } from "@/generated/content";
import { Picture, SectionHeading, SectionShell } from "@/components/ui";
import { useCollection } from "@/components/page-context";
import { byIds } from "@/sections/pick";

export function IndustriesGrid({ section }: { section: IndustriesGridSection }) {
  const industries = byIds(useCollection("industries"), section.industries);
  return (
    <SectionShell type="industries-grid" tone={section.tone} labelledBy="industries-heading">
      <SectionHeading id="industries-heading" kicker={section.kicker} heading={section.heading} intro={section.intro} tone={section.tone} />
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {industries.map((industry) => (
          <li key={industry.id} tabIndex={0} className="group relative overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-brand">
            <Picture image={industry.image} width={800} height={600} className="aspect-[4/3] h-auto w-full object-cover" />
            <div className="p-4">
              <h3 className="text-lg font-semibold text-navy">{industry.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{industry.description}</p>
            </div>
          </li>
        ))}
      </ul>
    </SectionShell>
  );
}
