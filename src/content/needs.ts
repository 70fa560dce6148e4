/**
 * Which collection entries each section type shows: used to hand each page
 * only the entries it renders (site.server.ts) and to warn about entries no
 * page shows (load.ts). Complete by type: a new section type must say.
 */
import type { Section } from "../generated/content.ts";
import type { SectionMap, SectionType } from "../sections/types.ts";
import type { CollectionName } from "./load.ts";

export interface Need {
  name: CollectionName;
  /** Entry ids; undefined = every entry. */
  ids?: readonly string[];
  /** The only fields of an entry the section reads; undefined = all of them. The page's data carries only these (see fieldsNeeded). */
  fields?: readonly string[];
}

const NEEDS: { [K in SectionType]: (section: SectionMap[K]) => Need[] } = {
  hero: () => [],
  "page-banner": () => [],
  "stats-band": () => [],
  "service-explorer": (s) => [{ name: "services", ids: s.services, fields: ["id", "name", "description", "features", "image"] }],
  "industries-grid": (s) => [{ name: "industries", ids: s.industries }],
  "testimonials-carousel": (s) => [{ name: "testimonials", ids: s.testimonials }],
  "services-carousel": (s) => [{ name: "services", ids: s.services, fields: ["id", "name", "smallDescription", "icon", "image"] }],
  "logo-carousel": (s) => [{ name: "partners", ids: s.partners }],
  portfolio: (s) => s.sources.map((src) => ({ name: src.collection })),
  contact: () => [],
  "contact-info": () => [],
  "text-block": () => [],
  "call-to-action": () => [],
  "feature-list": () => [],
  "services-grid": (s) => [{ name: "services", ids: s.services, fields: ["id", "name", "smallDescription", "icon"] }],
  "process-steps": () => [{ name: "process-steps" }],
  "offerings-grid": (s) => [{ name: s.collection }],
  message: () => [],
  // The list of all services: a link per service, its name.
  "service-detail": () => [{ name: "services", fields: ["id", "name"] }],
};

const needsOf = <K extends SectionType>(type: K, section: SectionMap[K]): Need[] => NEEDS[type](section);

/** Collection -> the ids these sections show, or "all". */
export function neededEntries(sections: Iterable<Section>): Map<CollectionName, Set<string> | "all"> {
  const wanted = new Map<CollectionName, Set<string> | "all">();
  for (const section of sections) {
    for (const need of needsOf(section.type, section)) {
      const current = wanted.get(need.name);
      if (current === "all" || need.ids === undefined) wanted.set(need.name, "all");
      else wanted.set(need.name, new Set([...(current ?? []), ...need.ids]));
    }
  }
  return wanted;
}

/**
 * Collection -> the fields these sections read, or "all". A page's data then
 * carries only those (a service page lists every service by name: it needs
 * 22 names, not 22 full descriptions).
 */
export function fieldsNeeded(sections: Iterable<Section>): Map<CollectionName, Set<string> | "all"> {
  const fields = new Map<CollectionName, Set<string> | "all">();
  for (const section of sections) {
    for (const need of needsOf(section.type, section)) {
      const current = fields.get(need.name);
      if (current === "all" || need.fields === undefined) fields.set(need.name, "all");
      else fields.set(need.name, new Set([...(current ?? []), ...need.fields]));
    }
  }
  return fields;
}
