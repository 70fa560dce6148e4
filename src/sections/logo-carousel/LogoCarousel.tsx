import type { LogoCarouselSection } from "@/generated/content";
import { Picture, SectionHeading, SectionShell } from "@/components/ui";
import { useCollection } from "@/components/page-context";
import { byIds } from "@/sections/pick";

export function LogoCarousel({ section }: { section: LogoCarouselSection }) {
  const partners = byIds(useCollection("partners"), section.partners);
  return (
    <SectionShell type="logo-carousel" tone={section.tone} labelledBy="logos-heading">
      <SectionHeading id="logos-heading" heading={section.heading} tone={section.tone} />
      <ul className="flex flex-wrap items-center justify-center gap-[30px]">
        {partners.map((p) => (
          <li key={p.id}>
            <Picture image={p.logo} width={200} height={80} className="h-16 w-auto" />
          </li>
        ))}
      </ul>
    </SectionShell>
  );
}
