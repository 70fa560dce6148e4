import type { SectionProps } from "@/sections/types";
import { useId } from "react";
import { Breadcrumb, VideoBackdrop } from "@/components/ui";
import { revealBelowFold } from "@/runtime/reveal";

export function PageBanner({ section }: SectionProps<"page-banner">) {
  const headingId = useId();
  return (
    <section
      ref={revealBelowFold}
      data-section="page-banner"
      aria-labelledby={headingId}
      className="relative isolate flex min-h-[22rem] items-center justify-center pt-20 text-center text-white"
    >
      <VideoBackdrop video={section.video} slot="banner" />
      <div className="px-4">
        <h1 id={headingId} className="mb-4 text-4xl font-extrabold tracking-tight md:text-5xl">
          {section.title}
        </h1>
        <Breadcrumb trail={section.breadcrumb} current={section.title} />
      </div>
    </section>
  );
}
