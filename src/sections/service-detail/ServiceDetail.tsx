import { useId } from "react";
import type { SectionProps } from "@/sections/types";
import { Breadcrumb, Picture, SmartLink, VideoBackdrop } from "@/components/ui";
import { useSettings } from "@/page/page-context";
import { formatHours } from "@/components/hours";

export function ServiceDetail({ section, data }: SectionProps<"service-detail">) {
  const headingId = useId();
  const listId = useId();
  const { service, services } = data;
  const settings = useSettings();
  return (
    <div data-section="service-detail">
      <section aria-labelledby={headingId} className="relative isolate flex min-h-[22rem] items-center justify-center pt-20 text-center text-white">
        <VideoBackdrop video={section.video} slot="banner" />
        <div className="px-4">
          <h1 id={headingId} className="mb-4 text-4xl font-extrabold tracking-tight md:text-5xl">
            {service.name}
          </h1>
          <Breadcrumb
            trail={[
              { label: "Home", href: "/" },
              { label: "Services", href: "/services" },
            ]}
            current={service.name}
          />
        </div>
      </section>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-[18rem_1fr] lg:px-8">
        <article>
          <Picture image={service.image} slot="aside" className="mb-8 h-auto w-full rounded-2xl" />
          {service.description.map((p) => (
            <p key={p} className="mb-4 text-lg text-slate-700">
              {p}
            </p>
          ))}
          <h2 className="mt-10 text-2xl font-bold text-navy">{section.whatWeProvideHeading}</h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2">
            {service.features.map((f) => (
              <li key={f.name} className="rounded-2xl bg-slate-50 p-5 ring-1 ring-slate-200">
                <h3 className="font-semibold text-navy">{f.name}</h3>
                <p className="mt-2 text-slate-600">{f.description}</p>
              </li>
            ))}
          </ul>
        </article>
        <aside className="space-y-6 lg:order-first">
          <nav aria-labelledby={listId} className="rounded-2xl bg-slate-100 p-5">
            <h2 id={listId} className="mb-3 text-lg font-bold text-navy">
              {section.servicesHeading}
            </h2>
            <ul className="space-y-1">
              {services.map((s) => (
                <li key={s.id}>
                  <SmartLink
                    href={`/services/${s.id}`}
                    nav
                    className="block rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-white aria-[current=page]:bg-brand aria-[current=page]:text-white"
                  >
                    {s.name}
                  </SmartLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="rounded-2xl bg-navy p-5 text-white">
            <h2 className="text-lg font-bold">{section.helpHeading}</h2>
            <a href={`tel:${settings.phone.dial}`} className="mt-2 block text-xl font-semibold text-sky underline-offset-4 hover:underline">
              {settings.phone.display}
            </a>
          </div>
          <div className="rounded-2xl bg-slate-100 p-5">
            <h2 className="text-lg font-bold text-navy">{section.workingDaysHeading}</h2>
            <p className="mt-2 text-slate-700">{formatHours(settings.openingHours)}</p>
            <SmartLink
              href={section.appointment.href}
              className="mt-4 inline-block rounded-full bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-dark"
            >
              {section.appointment.label}
            </SmartLink>
          </div>
        </aside>
      </div>
    </div>
  );
}
