import type { TestimonialsCarouselSection } from "@/generated/content";
import { SectionHeading, SectionShell } from "@/components/ui";
import { useCollection } from "@/components/page-context";
import { byIds } from "@/sections/pick";

export function TestimonialsCarousel({ section }: { section: TestimonialsCarouselSection }) {
  const testimonials = byIds(useCollection("testimonials"), section.testimonials);
  return (
    <SectionShell type="testimonials-carousel" tone={section.tone} labelledBy="testimonials-heading">
      <SectionHeading id="testimonials-heading" kicker={section.label} heading={section.heading} tone={section.tone} />
      <ul className="flex snap-x gap-[30px] overflow-x-auto pb-4">
        {testimonials.map((t) => (
          <li key={t.id} className="w-80 shrink-0 snap-start rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <figure>
              <p className="text-amber" aria-label="Rated 5 out of 5">
                <span aria-hidden="true">★★★★★</span>
              </p>
              <blockquote className="mt-3 text-slate-700">“{t.quote}”</blockquote>
              <figcaption className="mt-4">
                <span className="block font-semibold text-navy">{t.name}</span>
                <span className="text-sm text-slate-500">{t.title}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </SectionShell>
  );
}
