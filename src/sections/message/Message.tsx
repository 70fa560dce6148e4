import type { SectionProps } from "@/sections/types";
import { useId } from "react";
import { ButtonLink } from "@/components/ui";
import { revealBelowFold } from "@/runtime/reveal";

export function Message({ section }: SectionProps<"message">) {
  const headingId = useId();
  return (
    <section
      ref={revealBelowFold}
      data-section="message"
      aria-labelledby={headingId}
      className="flex min-h-[70svh] items-center justify-center bg-slate-100 px-4 pt-24 pb-16 text-center"
    >
      <div className="max-w-xl rounded-3xl bg-white px-6 py-12 shadow-sm ring-1 ring-slate-200 sm:px-12">
        <svg aria-hidden="true" className="mx-auto mb-6 h-16 w-16 text-teal" viewBox="0 0 64 64" fill="none">
          <circle cx="32" cy="32" r="30" fill="currentColor" opacity="0.12" />
          <circle cx="32" cy="32" r="22" fill="currentColor" />
          <path d="M22 33l7 7 13-15" stroke="#fff" strokeWidth="4.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <h1 id={headingId} className="text-4xl font-extrabold text-navy md:text-5xl">
          {section.heading}
        </h1>
        <p className="mt-4 text-lg text-slate-600">{section.text}</p>
        <div className="mt-8">
          <ButtonLink link={section.cta} />
        </div>
      </div>
    </section>
  );
}
