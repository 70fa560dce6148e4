import type { Section } from "@/generated/content";
import type { sectionData } from "@/generated/section-data";

/** Every section "type" value, e.g. "industries-grid". */
export type SectionType = Section["type"];

/** Section type -> its generated interface, e.g. "hero" -> HeroSection. */
export type SectionMap = { [S in Section as S["type"]]: S };

type DataFunctions = typeof sectionData;

/** Section type -> what its data function (src/sections/<type>/data.ts) hands it, or undefined. */
export type SectionData = { [K in SectionType]: K extends keyof DataFunctions ? ReturnType<DataFunctions[K]> : undefined };

/** A section component's props: the section as written in the page, and the collection entries it declared it reads. */
export interface SectionProps<K extends SectionType> {
  section: SectionMap[K];
  data: SectionData[K];
}

/** A section ready to render: one of SectionProps<K>, with its section and data of the same type. */
export type ResolvedSection = { [K in SectionType]: SectionProps<K> }[SectionType];
