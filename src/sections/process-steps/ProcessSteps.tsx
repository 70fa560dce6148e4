import { useId } from "react";
import type { SectionProps } from "@/sections/types";
import { Picture, SectionHeading, SectionShell } from "@/components/ui";

export function ProcessSteps({ section, data }: SectionProps<"process-steps">) {
  const headingId = useId();
  const { steps } = data;
  return (
    <SectionShell type="process-steps" tone={section.tone} labelledBy={headingId}>
      <SectionHeading id={headingId} kicker={section.kicker} heading={section.heading} intro={section.intro} tone={section.tone} />
      <ol className="space-y-12">
        {steps.map((step) => (
          <li key={step.id} data-step={step.id} data-parity={step.id % 2 === 0 ? "even" : "odd"} className="grid items-center gap-8 md:grid-cols-2">
            <Picture image={step.image} slot="half" className={`h-auto w-full rounded-2xl ${step.id % 2 === 0 ? "md:order-2" : ""}`} />
            <div>
              <p className="text-sm font-semibold uppercase tracking-wider text-brand">Step {step.id}</p>
              <h3 className="mt-1 text-2xl font-bold text-navy">{step.title}</h3>
              <p className="mt-3 text-slate-600">{step.description}</p>
            </div>
          </li>
        ))}
      </ol>
    </SectionShell>
  );
}
