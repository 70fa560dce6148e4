/**
 * The page builder's library groups the section types by the "category" of their schema
 * (src/sections/<type>/schema.json), in this order; a type without one is listed under "Other".
 */
export const SECTION_CATEGORIES = ["Openings", "Text and steps", "Services", "Proof and clients", "Contact"] as const;

export type SectionCategory = (typeof SECTION_CATEGORIES)[number] | "Other";

export const categoryOf = (schema: { category?: unknown }): SectionCategory =>
  (SECTION_CATEGORIES as readonly unknown[]).includes(schema.category) ? (schema.category as SectionCategory) : "Other";
