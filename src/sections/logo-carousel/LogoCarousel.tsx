import { useId } from "react";
import type { SectionProps } from "@/sections/types";
import { Picture, SectionHeading, SectionShell } from "@/components/ui";
import { Carousel, LOGO_CAROUSEL, fillForLoop } from "@/components/Carousel";

export function LogoCarousel({ section, data }: SectionProps<"logo-carousel">) {
  const headingId = useId();
  const { partners } = data;
  return (
    <SectionShell type="logo-carousel" tone={section.tone} labelledBy={headingId}>
      <SectionHeading id={headingId} heading={section.heading} tone={section.tone} />
      <Carousel
        settings={LOGO_CAROUSEL}
        label={section.heading}
        slides={fillForLoop(partners, LOGO_CAROUSEL).map(({ item, duplicate, n }) => ({
          key: `${item.id}-${n}`,
          duplicate,
          content: (
            <div className="grid h-24 place-items-center rounded-xl border border-slate-200 bg-white px-4">
              <Picture image={item.logo} slot="logo" className="h-14 w-auto max-w-full" />
            </div>
          ),
        }))}
      />
    </SectionShell>
  );
}
