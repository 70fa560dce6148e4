/**
 * The collections: one row per file in site-config/collections/. `schema` names its schema
 * (schemas/collections/<schema>.schema.json; two files may share one), `noun` what one entry is
 * called in messages ("no service with id ..."). Adding a collection is a row here and its schema.
 */
import type { CollectionSchemaTypes } from "../generated/content.ts";

export const COLLECTIONS = {
  services: { schema: "services", noun: "service" },
  industries: { schema: "industries", noun: "industry" },
  testimonials: { schema: "testimonials", noun: "testimonial" },
  "process-steps": { schema: "process-steps", noun: "process step" },
  "web-offerings": { schema: "offerings", noun: "offering" },
  "app-offerings": { schema: "offerings", noun: "offering" },
  partners: { schema: "partners", noun: "partner" },
  "web-portfolio": { schema: "portfolio", noun: "project" },
  "app-portfolio": { schema: "portfolio", noun: "project" },
} as const satisfies Record<string, { schema: keyof CollectionSchemaTypes; noun: string }>;

export type CollectionName = keyof typeof COLLECTIONS;
export const COLLECTION_NAMES = Object.keys(COLLECTIONS) as CollectionName[];

/** Collection name -> its entries, typed by its schema. */
export type Collections = { [N in CollectionName]: CollectionSchemaTypes[(typeof COLLECTIONS)[N]["schema"]]["items"] };
export type EntryOf<N extends CollectionName> = Collections[N][number];
