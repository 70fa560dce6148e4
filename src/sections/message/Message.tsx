import type { MessageSection } from "@/generated/content";
import { ButtonLink } from "@/components/ui";

export function Message({ section }: { section: MessageSection }) {
  return (
    <section data-section="message" aria-labelledby="message-heading" className="flex min-h-[70svh] items-center justify-center bg-slate-100 px-4 pt-24 pb-16 text-center">
      <div className="max-w-xl">
        <h1 id="message-heading" className="text-4xl font-extrabold text-navy md:text-5xl">
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
