import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Picture, SectionHeading, SectionShell, SmartLink } from "@/components/ui";
import type { SectionProps } from "@/sections/types";

/**
 * Tabs pattern (WAI-ARIA APG): arrow keys move between services, the panel follows. Every
 * service's panel is in the page and each tab is a link to its panel, so before the page's code
 * arrives (or without it) a tap shows the right panel (app.css: `.explorer`); React then takes the
 * tapped one as its selection.
 */
export function ServiceExplorer({ section, data }: SectionProps<"service-explorer">) {
  const { services } = data;
  const [selected, setSelected] = useState(0);
  const [hydrated, setHydrated] = useState(false);
  const base = useId();
  const tabs = useRef<(HTMLAnchorElement | null)[]>([]);
  const panelId = (i: number) => `${base}-${services[i]?.id ?? i}`;

  // The panel a tap chose before React arrived is the selection from now on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for what happened before React took over; later taps select through onClick.
  useEffect(() => {
    const chosen = services.findIndex((_, i) => location.hash === `#${panelId(i)}`);
    if (chosen >= 0) setSelected(chosen);
    setHydrated(true);
  }, []);

  const onKey = (e: KeyboardEvent) => {
    const last = services.length - 1;
    const next = { ArrowDown: selected + 1, ArrowRight: selected + 1, ArrowUp: selected - 1, ArrowLeft: selected - 1, Home: 0, End: last }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const i = (next + services.length) % services.length;
    setSelected(i);
    tabs.current[i]?.focus();
  };
  return (
    <SectionShell type="service-explorer" labelledBy={`${base}-h`}>
      <SectionHeading id={`${base}-h`} kicker={section.kicker} heading={section.heading} />
      <div className="explorer grid gap-8 lg:grid-cols-[18rem_1fr]" data-hydrated={hydrated ? "" : undefined}>
        <div
          role="tablist"
          aria-orientation="vertical"
          aria-label={section.heading}
          className="-mx-4 flex snap-x gap-2 overflow-x-auto px-4 pb-2 lg:mx-0 lg:max-h-[34rem] lg:snap-none lg:flex-col lg:gap-1 lg:overflow-x-visible lg:overflow-y-auto lg:px-0 lg:pr-1 lg:pb-0"
          onKeyDown={onKey}
        >
          {services.map((service, i) => (
            <a
              key={service.id}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              role="tab"
              href={`#${panelId(i)}`}
              id={`${base}-tab-${i}`}
              aria-selected={i === selected}
              aria-controls={panelId(i)}
              tabIndex={i === selected ? 0 : -1}
              onClick={(e) => {
                e.preventDefault();
                setSelected(i);
              }}
              className={`shrink-0 snap-start rounded-full px-4 py-2 text-left text-sm font-medium whitespace-nowrap transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand lg:rounded-lg lg:py-3 lg:text-base lg:whitespace-normal ${i === selected ? "bg-brand text-white shadow" : "bg-slate-100 text-slate-800 hover:bg-slate-200"}`}
            >
              {service.name}
            </a>
          ))}
        </div>
        <div className="explorer-panels">
          {services.map((service, i) => (
            <div
              key={service.id}
              role="tabpanel"
              id={panelId(i)}
              aria-labelledby={`${base}-tab-${i}`}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: the ARIA tabs pattern: the panel takes focus after its tab.
              tabIndex={0}
              data-selected={i === selected ? "" : undefined}
              className="explorer-panel scroll-mt-24 gap-6 rounded-2xl bg-slate-50 p-6 md:grid-cols-2"
            >
              <Picture image={service.image} slot="panel" className="h-auto w-full rounded-xl" />
              <div>
                <h3 className="text-2xl font-bold">{service.name}</h3>
                <p className="mt-3 text-slate-600">{service.summary}</p>
                <ul className="mt-4 space-y-2">
                  {service.features.map((f) => (
                    <li key={f.name} className="flex gap-2">
                      <span aria-hidden="true" className="text-teal">
                        ✔
                      </span>
                      <span>
                        <strong>{f.name}</strong>: {f.description}
                      </span>
                    </li>
                  ))}
                </ul>
                <SmartLink href={`/services/${service.id}`} className="mt-6 inline-block font-semibold text-brand underline-offset-4 hover:underline">
                  {section.readMoreLabel ?? "Read More"}
                  <span className="sr-only">: {service.name}</span> →
                </SmartLink>
              </div>
            </div>
          ))}
        </div>
      </div>
    </SectionShell>
  );
}
