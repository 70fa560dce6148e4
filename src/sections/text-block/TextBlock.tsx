import type { SectionProps } from "@/sections/types";
import { useId } from "react";
import { Picture, SectionShell, Kicker } from "@/components/ui";

export function TextBlock({ section }: SectionProps<"text-block">) {
  const id = useId();
  const left = section.imagePosition === "left";
  return (
    <SectionShell type="text-block" tone={section.tone} labelledBy={id}>
      <div className={`grid items-center gap-10 ${section.image ? "lg:grid-cols-2" : "max-w-3xl"}`}>
        <div className={left ? "lg:order-2" : ""}>
          {section.kicker && <Kicker tone={section.tone}>{section.kicker}</Kicker>}
          <h2 id={id} className="text-3xl font-bold tracking-tight md:text-4xl">
            {section.heading}
          </h2>
          {section.paragraphs.map((p) => (
            <p key={p} className="mt-4 text-lg text-slate-600">
              {p}
            </p>
          ))}
        </div>
        {section.image && <Picture image={section.image} slot="half" className="h-auto w-full rounded-2xl" />}
      </div>
    </SectionShell>
  );
}
