import type { SectionProps } from "@/sections/types";
import { useId } from "react";
import { ButtonLink, VideoBackdrop } from "@/components/ui";
import { revealBelowFold } from "@/runtime/reveal";

export function Hero({ section }: SectionProps<"hero">) {
  const headingId = useId();
  return (
    <section ref={revealBelowFold} data-section="hero" aria-labelledby={headingId} className="relative isolate flex min-h-svh items-center text-white">
      <VideoBackdrop video={section.video} slot="hero" />
      <div className="mx-auto w-full max-w-7xl px-4 pt-24 pb-16 sm:px-6 lg:px-8">
        <div className="max-w-3xl">
          <h1 id={headingId} className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            {section.headline}
          </h1>
          {section.subline && <p className="mt-4 text-xl font-semibold text-sky">{section.subline}</p>}
          <p className="mt-6 max-w-2xl text-lg text-slate-200">{section.description}</p>
          <div className="mt-10">
            <ButtonLink link={section.cta} />
          </div>
        </div>
      </div>
    </section>
  );
}
