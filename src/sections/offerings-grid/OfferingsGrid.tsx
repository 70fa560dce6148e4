import type { OfferingsGridSection } from "@/generated/content";
import { Picture, SectionHeading, SectionShell } from "@/components/ui";
import { useCollection } from "@/components/page-context";

export function OfferingsGrid({ section }: { section: OfferingsGridSection }) {
  const offerings = useCollection(section.collection);
  return (
    <SectionShell type="offerings-grid" tone={section.tone} labelledBy="offerings-heading">
      <SectionHeading id="offerings-heading" kicker={section.kicker} heading={section.heading} intro={section.intro} tone={section.tone} />
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {offerings.map((o) => (
          <li key={o.id} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <Picture image={o.icon} width={48} height={48} className="mb-4 h-12 w-12" />
            <h3 className="text-lg font-semibold text-navy">{o.title}</h3>
            <p className="mt-2 text-sm text-slate-600">{o.description}</p>
          </li>
        ))}
      </ul>
    </SectionShell>
  );
}
