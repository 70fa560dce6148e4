import type { SectionProps } from "@/sections/types";
import { useId } from "react";
import { SectionShell, Kicker } from "@/components/ui";
import { EmailAddress } from "@/components/links";
import { useSettings } from "@/page/page-context";
import { LazyEnquiryForm } from "@/enquiry/LazyEnquiryForm";

export function Contact({ section }: SectionProps<"contact">) {
  const headingId = useId();
  const settings = useSettings();
  return (
    <SectionShell type="contact" tone={section.tone} labelledBy={headingId}>
      <div className="grid gap-10 lg:grid-cols-2">
        <div>
          <Kicker tone={section.tone}>{section.kicker}</Kicker>
          <h2 id={headingId} className="text-3xl font-bold tracking-tight md:text-4xl">
            {section.heading}
          </h2>
          <p className="mt-4 text-lg text-slate-600">{section.pitch}</p>
          <ul className="mt-8 space-y-3 text-slate-700">
            <li>
              Prefer to talk? Call{" "}
              <a className="font-semibold text-brand underline-offset-4 hover:underline" href={`tel:${settings.phone.dial}`}>
                {settings.phone.display}
              </a>
            </li>
            <li>
              Or write to{" "}
              <a className="font-semibold text-brand underline-offset-4 hover:underline" href={`mailto:${settings.email}`}>
                <EmailAddress address={settings.email} />
              </a>
            </li>
          </ul>
        </div>
        <div className="rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
          <h3 className="text-xl font-semibold text-navy">{section.formTitle}</h3>
          <div data-slot="contact-form" className="mt-4 space-y-2 text-slate-700">
            <LazyEnquiryForm endpoint={settings.enquiry.endpoint} formPost={settings.enquiry.formPost ?? true} to={settings.email} />
          </div>
        </div>
      </div>
    </SectionShell>
  );
}
