/**
 * The schema side of validation: one Ajv instance with every schema in
 * schemas/ and the custom keywords that check what JSON Schema cannot
 * (files on disk, routes, references between files).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { didYouMean } from "./problems.ts";

// ajv-formats is CommonJS; depending on the loader its default export is the
// function itself or a namespace holding it.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

export const SCHEMA_BASE = "https://site.local/schemas/";

/** Checks that need to know about the whole site; set for the duration of one validate() call. */
export interface KeywordContext {
  assetExists(path: string): boolean;
  assetSuggestion(path: string): string | undefined;
  routeExists(path: string): boolean;
  routeSuggestion(path: string): string | undefined;
  collectionIds(name: string): ReadonlySet<string> | undefined;
  report(pointer: string, message: string, hint?: string): void;
}

let active: KeywordContext | null = null;

/** Sets (or clears, with null) the context the site keywords report to. */
export function setKeywordContext(ctx: KeywordContext | null): void {
  active = ctx;
}

const COLLECTION_NOUN: Record<string, string> = {
  services: "service",
  industries: "industry",
  testimonials: "testimonial",
  partners: "partner",
};

function addSiteKeywords(ajv: Ajv) {
  ajv.addKeyword({
    keyword: "assetPath",
    type: "string",
    schemaType: "boolean",
    metaSchema: { type: "boolean", const: true },
    validate: (_schema: boolean, data: string, _parent?: unknown, cxt?: { instancePath: string }) => {
      if (active && cxt && !active.assetExists(data)) {
        const near = active.assetSuggestion(data);
        active.report(
          cxt.instancePath,
          `file "${data}" does not exist in public/`,
          near ? `Did you mean "${near}"?` : `Put the file in public${data.split("/").slice(0, -1).join("/")}/ or correct the path.`,
        );
      }
      return true;
    },
  });
  ajv.addKeyword({
    keyword: "link",
    type: "string",
    schemaType: "boolean",
    metaSchema: { type: "boolean", const: true },
    validate: (_schema: boolean, data: string, _parent?: unknown, cxt?: { instancePath: string }) => {
      if (!active || !cxt || !data.startsWith("/")) return true;
      const path = data.replace(/[?#].*$/, "");
      if (!active.routeExists(path)) {
        const near = active.routeSuggestion(path);
        active.report(
          cxt.instancePath,
          `link "${data}" goes to a page that does not exist`,
          near ? `Did you mean "${near}"?` : "Link to an existing page, or add the page under site-config/pages/.",
        );
      }
      return true;
    },
  });
  ajv.addKeyword({
    keyword: "collectionRef",
    type: "string",
    schemaType: "string",
    validate: (collection: string, data: string, _parent?: unknown, cxt?: { instancePath: string }) => {
      const ids = active?.collectionIds(collection);
      if (active && cxt && ids && !ids.has(data)) {
        const noun = COLLECTION_NOUN[collection] ?? "entry";
        const near = [...ids].find((id) => id.toLowerCase() === data.toLowerCase()) ?? didYouMean(data, ids);
        active.report(
          cxt.instancePath,
          `no ${noun} with id "${data}" in site-config/collections/${collection}.json`,
          near ? `Did you mean "${near}"?` : `Add it to site-config/collections/${collection}.json, or use one of its ids.`,
        );
      }
      return true;
    },
  });
  ajv.addKeyword({
    keyword: "requiresAlt",
    type: "object",
    schemaType: "boolean",
    metaSchema: { type: "boolean", const: true },
    validate: (_schema: boolean, data: Record<string, unknown>, _parent?: unknown, cxt?: { instancePath: string }) => {
      if (active && cxt && data.decorative !== true && (typeof data.alt !== "string" || data.alt.trim() === "")) {
        active.report(
          cxt.instancePath,
          "image has no alt text",
          'Add "alt": "what the picture shows", or "decorative": true if it only decorates.',
        );
      }
      return true;
    },
  });
}

export interface SchemaSet {
  ajv: Ajv;
  /** Schema file paths relative to schemas/, e.g. "sections/hero.schema.json". */
  files: string[];
  /** Raw schema objects by relative path. */
  raw: Map<string, Record<string, unknown>>;
  validator<T = unknown>(relPath: string): ValidateFunction<T>;
}

function listJson(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listJson(full));
    else if (entry.name.endsWith(".schema.json")) out.push(full);
  }
  return out.sort();
}

export function loadSchemas(schemasDir: string): SchemaSet {
  const ajv = new Ajv({ strict: true, allErrors: true, discriminator: true, verbose: true });
  addFormats(ajv);
  addSiteKeywords(ajv);
  // Form schemas (schemas/forms/) carry the exact error message per rule for
  // the form to show; an annotation only, it never fails validation.
  ajv.addKeyword({ keyword: "messages", schemaType: "object", metaSchema: { type: "object", additionalProperties: { type: "string" } } });
  const raw = new Map<string, Record<string, unknown>>();
  const files: string[] = [];
  for (const full of listJson(schemasDir)) {
    const rel = relative(schemasDir, full).split(sep).join("/");
    const schema = JSON.parse(readFileSync(full, "utf8")) as Record<string, unknown>;
    raw.set(rel, schema);
    files.push(rel);
    // Files carry no $id, so editors resolve relative $refs from the file's
    // own location; Ajv gets an equivalent base URL here.
    ajv.addSchema({ ...schema, $id: SCHEMA_BASE + rel }, SCHEMA_BASE + rel);
  }
  return {
    ajv,
    files,
    raw,
    validator<T>(relPath: string) {
      // Ajv caches compiled schemas itself; getSchema<T> is its typed guard.
      const found = ajv.getSchema<T>(SCHEMA_BASE + relPath);
      if (!found) throw new Error(`No schema ${relPath} in schemas/`);
      return found;
    },
  };
}

export type { ErrorObject };
