import { useId, useRef, useState, type KeyboardEvent } from "react";
import type { SectionProps } from "@/sections/types";
import { Picture, SectionHeading, SectionShell, SmartLink } from "@/components/ui";

/** Tabs pattern (WAI-ARIA APG): arrow keys move between services, the panel follows. */
export function ServiceExplorer({ section, data }: SectionProps<"service-explorer">) {
  const { services } = data;
  const [selected, setSelected] = useState(0);
  const base = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKey = (e: KeyboardEvent) => {
    const last = services.length - 1;
    const next = { ArrowDown: selected + 1, ArrowRight: selected + 1, ArrowUp: selected - 1, ArrowLeft: selected - 1, Home: 0, End: last }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const i = (next + services.length) % services.length;
    setSelected(i);
    tabs.current[i]?.focus();
  };
  const current = services[selected]!;
  return (
    <SectionShell type="service-explorer" labelledBy={`${base}-h`}>
      <SectionHeading id={`${base}-h`} kicker={section.kicker} heading={section.heading} />
      <div className="grid gap-8 lg:grid-cols-[18rem_1fr]">
        <div role="tablist" aria-orientation="vertical" aria-label={section.heading} className="-mx-4 flex snap-x gap-2 overflow-x-auto px-4 pb-2 lg:mx-0 lg:max-h-[34rem] lg:snap-none lg:flex-col lg:gap-1 lg:overflow-x-visible lg:overflow-y-auto lg:px-0 lg:pr-1 lg:pb-0" onKeyDown={onKey}>
          {services.map((service, i) => (
            <button
              key={service.id}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              role="tab"
              type="button"
              id={`${base}-tab-${i}`}
              aria-selected={i === selected}
              aria-controls={`${base}-panel`}
              tabIndex={i === selected ? 0 : -1}
              onClick={() => setSelected(i)}
              className={`shrink-0 snap-start rounded-full px-4 py-2 text-left text-sm font-medium whitespace-nowrap transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand lg:rounded-lg lg:py-3 lg:text-base lg:whitespace-normal ${i === selected ? "bg-brand text-white shadow" : "bg-slate-100 text-slate-800 hover:bg-slate-200"}`}
            >
              {service.name}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${selected}`} tabIndex={0} className="grid gap-6 rounded-2xl bg-slate-50 p-6 md:grid-cols-2">
          <Picture image={current.image} width={800} height={600} className="h-auto w-full rounded-xl" />
          <div>
            <h3 className="text-2xl font-bold">{current.name}</h3>
            <p className="mt-3 text-slate-600">{current.summary}</p>
            <ul className="mt-4 space-y-2">
              {current.features.map((f) => (
                <li key={f.name} className="flex gap-2">
                  <span aria-hidden="true" className="text-teal">✔</span>
                  <span>
                    <strong>{f.name}</strong>: {f.description}
                  </span>
                </li>
              ))}
            </ul>
            <SmartLink href={`/services/${current.id}`} className="mt-6 inline-block font-semibold text-brand underline-offset-4 hover:underline">
              {section.readMoreLabel ?? "Read More"}
              <span className="sr-only">: {current.name}</span> →
            </SmartLink>
          </div>
        </div>
      </div>
    </SectionShell>
  );
}
