/**
 * Which collection entries each section type shows: used to hand each page
 * only the entries it renders (site.server.ts) and to warn about entries no
 * page shows (load.ts). Complete by type: a new section type must say.
 */
import type { Section } from "../generated/content.ts";
import type { SectionMap, SectionType } from "../sections/types.ts";
import type { CollectionName, Collections } from "./load.ts";

/** A field name of some collection's entries (a misspelt one does not compile). */
type EntryField = { [K in CollectionName]: keyof Collections[K][number] & string }[CollectionName];

export interface Need {
  name: CollectionName;
  /** Entry ids; undefined = every entry. */
  ids?: readonly string[];
  /** The only fields of an entry the section reads; undefined = all of them. The page's data carries only these (see fieldsNeeded). */
  fields?: readonly EntryField[];
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

/** Collection -> the union of what these sections list under `key` (ids or fields), or "all" as soon as one of them lists none. */
function union(sections: Iterable<Section>, key: "ids" | "fields"): Map<CollectionName, Set<string> | "all"> {
  const out = new Map<CollectionName, Set<string> | "all">();
  for (const section of sections) {
    for (const need of needsOf(section.type, section)) {
      const current = out.get(need.name);
      const listed = need[key];
      if (current === "all" || listed === undefined) out.set(need.name, "all");
      else out.set(need.name, new Set([...(current ?? []), ...listed]));
    }
  }
  return out;
}

/** Collection -> the ids these sections show, or "all". */
export const neededEntries = (sections: Iterable<Section>) => union(sections, "ids");

/**
 * Collection -> the fields these sections read, or "all". A page's data then
 * carries only those (a service page lists every service by name: it needs
 * 22 names, not 22 full descriptions).
 */
export const fieldsNeeded = (sections: Iterable<Section>) => union(sections, "fields");
