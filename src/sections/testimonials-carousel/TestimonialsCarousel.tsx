import { useId } from "react";
import type { SectionProps } from "@/sections/types";
import { Picture, SectionHeading, SectionShell } from "@/components/ui";
import { Carousel, TESTIMONIALS_CAROUSEL } from "@/components/Carousel";

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0])
    .filter(Boolean)
    .slice(0, 2)
    .join("")
    .toUpperCase();
}

export function TestimonialsCarousel({ section, data }: SectionProps<"testimonials-carousel">) {
  const headingId = useId();
  const { testimonials } = data;
  return (
    <SectionShell type="testimonials-carousel" tone={section.tone} labelledBy={headingId}>
      <SectionHeading id={headingId} kicker={section.label} heading={section.heading} tone={section.tone} capitalize />
      <Carousel
        settings={TESTIMONIALS_CAROUSEL}
        label={section.heading}
        slides={testimonials.map((t) => ({
          key: String(t.id),
          content: (
            <figure className="flex h-full flex-col rounded-2xl bg-white p-6 text-left border border-slate-200 shadow-sm">
              <p className="text-lg tracking-widest text-amber-600" role="img" aria-label="Rated 5 out of 5">
                <span aria-hidden="true">★★★★★</span>
              </p>
              <blockquote className="mt-3 flex-1 text-slate-700">
                <p>“{t.quote}”</p>
              </blockquote>
              <figcaption className="mt-5 flex items-center gap-3 border-t border-slate-100 pt-4">
                {t.photo ? (
                  // The name is written beside it: the photo adds nothing for a screen reader.
                  <Picture image={{ ...t.photo, decorative: true }} slot="avatar" className="h-11 w-11 shrink-0 rounded-full object-cover" />
                ) : (
                  <span aria-hidden="true" className="grid h-11 w-11 shrink-0 place-items-center rounded-full bg-brand/10 font-bold text-brand">
                    {initials(t.name)}
                  </span>
                )}
                <span>
                  <span className="block font-semibold text-navy">{t.name}</span>
                  <span className="text-sm text-slate-600">{t.title}</span>
                </span>
              </figcaption>
            </figure>
          ),
        }))}
      />
    </SectionShell>
  );
}
