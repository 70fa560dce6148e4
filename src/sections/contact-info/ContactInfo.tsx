import type { SectionProps } from "@/sections/types";
import { useId } from "react";
import { Picture } from "@/components/ui";
import { EmailAddress } from "@/components/links";
import { useSettings } from "@/page/page-context";
import { formatHours } from "@/components/hours";
import { revealBelowFold } from "@/runtime/reveal";

export function ContactInfo({ section }: SectionProps<"contact-info">) {
  const headingId = useId();
  const s = useSettings();
  return (
    <section
      ref={revealBelowFold}
      data-section="contact-info"
      aria-labelledby={headingId}
      className="relative isolate overflow-hidden bg-slate-100 py-16 md:py-24"
    >
      <Picture image={section.map} slot="full" className="absolute inset-0 -z-10 h-full w-full object-cover" />
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="max-w-md rounded-2xl bg-white/95 p-8 shadow-lg">
          <h2 id={headingId} className="text-2xl font-bold text-navy">
            {section.heading}
          </h2>
          <dl className="mt-6 space-y-4 text-slate-700">
            <div>
              <dt className="font-semibold text-navy">Phone</dt>
              <dd>
                <a className="text-brand underline" href={`tel:${s.phone.dial}`}>
                  {s.phone.display}
                </a>
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-navy">E-mail</dt>
              <dd>
                <a className="text-brand underline" href={`mailto:${s.email}`}>
                  <EmailAddress address={s.email} />
                </a>
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-navy">Address</dt>
              <dd>{`${s.address.street}, ${s.address.locality}, ${s.address.city}, ${s.address.region} ${s.address.postalCode}, ${s.address.country}`}</dd>
            </div>
            <div>
              <dt className="font-semibold text-navy">Opening hours</dt>
              <dd>{formatHours(s.openingHours)}</dd>
            </div>
          </dl>
        </div>
      </div>
    </section>
  );
}
