import type { ContactSection } from "@/generated/content";
import { SectionShell } from "@/components/ui";
import { useSettings } from "@/components/page-context";
import { LazyEnquiryForm } from "@/enquiry/LazyEnquiryForm";

export function Contact({ section }: { section: ContactSection }) {
  const settings = useSettings();
  return (
    <SectionShell type="contact" tone={section.tone} labelledBy="contact-heading">
      <div className="grid gap-10 lg:grid-cols-2">
        <div>
          <p className="mb-2 text-sm font-semibold uppercase tracking-wider text-brand">{section.kicker}</p>
          <h2 id="contact-heading" className="text-3xl font-bold tracking-tight md:text-4xl">
            {section.heading}
          </h2>
          <p className="mt-4 text-lg text-slate-600">{section.pitch}</p>
        </div>
        <div className="rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
          <h3 className="text-xl font-semibold text-navy">{section.formTitle}</h3>
          <div data-slot="contact-form" className="mt-4 space-y-2 text-slate-700">
            <LazyEnquiryForm endpoint={settings.enquiry.endpoint} to={settings.email} />
          </div>
        </div>
      </div>
    </SectionShell>
  );
}
