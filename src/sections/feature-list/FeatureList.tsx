import type { SectionProps } from "@/sections/types";
import { useId } from "react";
import { Picture, SectionHeading, SectionShell } from "@/components/ui";

export function FeatureList({ section }: SectionProps<"feature-list">) {
  const id = useId();
  return (
    <SectionShell type="feature-list" tone={section.tone} labelledBy={id}>
      <div className={`grid items-center gap-10 ${section.image ? "lg:grid-cols-2" : ""}`}>
        <div>
          <SectionHeading id={id} kicker={section.kicker} heading={section.heading} intro={section.intro} tone={section.tone} center={false} />
          <ul className="space-y-5">
            {section.items.map((item) => (
              <li key={item.title} className="flex gap-4">
                <span aria-hidden="true" className="mt-1 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand text-white">
                  ✔
                </span>
                <div>
                  <h3 className="text-lg font-semibold">{item.title}</h3>
                  <p className="opacity-80">{item.description}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
        {section.image && <Picture image={section.image} slot="half" className="h-auto w-full rounded-2xl" />}
      </div>
    </SectionShell>
  );
}
