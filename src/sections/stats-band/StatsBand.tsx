import type { SectionProps } from "@/sections/types";
import { SectionShell } from "@/components/ui";
import { useSettings } from "@/page/page-context";

export function StatsBand({ section }: SectionProps<"stats-band">) {
  const { stats } = useSettings();
  return (
    <SectionShell type="stats-band" tone={section.tone} className="!py-12">
      {section.heading && <h2 className="mb-8 text-center text-2xl font-bold">{section.heading}</h2>}
      <dl className="grid grid-cols-3 gap-4 text-center sm:gap-8">
        {stats.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse">
            <dt className="mt-1 text-sm leading-snug opacity-80 sm:text-base">{stat.label}</dt>
            <dd className="text-3xl font-extrabold sm:text-4xl md:text-5xl">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </SectionShell>
  );
}
