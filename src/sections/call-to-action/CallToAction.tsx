import type { SectionProps } from "@/sections/types";
import { useId } from "react";
import { ButtonLink, SectionShell } from "@/components/ui";

export function CallToAction({ section }: SectionProps<"call-to-action">) {
  const id = useId();
  return (
    <SectionShell type="call-to-action" tone={section.tone} labelledBy={id}>
      <div className="mx-auto max-w-3xl text-center">
        <h2 id={id} className="text-3xl font-bold tracking-tight md:text-4xl">
          {section.heading}
        </h2>
        <p className="mt-4 text-lg opacity-90">{section.text}</p>
        <div className="mt-8">
          <ButtonLink link={section.cta} variant={section.tone === "dark" ? "light" : "primary"} />
        </div>
      </div>
    </SectionShell>
  );
}
