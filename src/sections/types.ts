import type { Section } from "@/generated/content";

/** Every section "type" value, e.g. "industries-grid". */
export type SectionType = Section["type"];

/** Section type -> its generated interface, e.g. "hero" -> HeroSection. */
export type SectionMap = { [S in Section as S["type"]]: S };
