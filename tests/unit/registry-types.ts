/**
 * Compile-time tests, checked by `npm run typecheck` (part of npm test): the
 * registry type must reject an incomplete map and a mismatched component.
 * If either line below stops being an error, @ts-expect-error fails the build.
 */
import { registry, type SectionRegistry } from "@/sections/registry";
import type { SectionProps } from "@/sections/types";

const { hero: _hero, ...withoutHero } = registry;
// @ts-expect-error a registry missing a section type does not compile
export const incomplete: SectionRegistry = withoutHero;

// @ts-expect-error a loader of a component written for another section type does not compile
export const mismatched: SectionRegistry = { ...registry, hero: registry["call-to-action"] };

// A section's data is typed as exactly what its data.ts picked: reading another field does not compile.
export function readsUndeclaredField({ data }: SectionProps<"services-grid">) {
  // @ts-expect-error the services grid picked id, name, smallDescription and icon, not description
  return data.services.map((service) => service.description);
}
