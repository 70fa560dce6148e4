/**
 * The schema side of validation: one Ajv instance with every schema in schemas/ and the custom
 * keywords that check what JSON Schema cannot (files on disk, routes, references between files).
 * Those keywords report to the context a validation is called with (Ajv's passContext):
 * `validator.call(context, data)`.
 */
import { readFileSync } from "node:fs";
import { relative, sep } from "node:path";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { filesUnder } from "../lib/files.ts";
import { SLOTS } from "../images/slots.ts";
import { lookAlikeFault } from "./characters.ts";
import { type FileKind, missingFileAdvice } from "./paths.ts";
import { altTextFault, linkTextFault } from "./authoring.ts";
import { plainTextFault } from "./plain-text.ts";
import { choices } from "./problems.ts";

// ajv-formats is CommonJS; depending on the loader its default export is the
// function itself or a namespace holding it.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as typeof addFormatsModule;

export const SCHEMA_BASE = "https://site.local/schemas/";

/** What one validation call needs to know about the whole site, and where its findings go. */
export interface KeywordContext {
  assetExists(path: string): boolean;
  assetSuggestion(path: string): string | undefined;
  routeExists(path: string): boolean;
  routeSuggestion(path: string): string | undefined;
  /** The routes to list when none is close: those under the same first part of the path, or the pages. */
  routesLike(path: string): string[];
  /** A page that exists but is a draft (left out of the live site). */
  routeIsDraft(path: string): boolean;
  /** Whether a link at this pointer may go to a draft page (from a draft page, or a menu that drops it). */
  draftLinkAllowed(pointer: string): boolean;
  collectionIds(name: string): ReadonlySet<string> | undefined;
  collectionNoun(name: string): string;
  collectionSuggestion(id: string, ids: ReadonlySet<string>): string | undefined;
  report(pointer: string, message: string, hint?: string): void;
  /** A link to `path`, which is no page: an error, or with other links to it one about the page file (validate.ts). */
  missingRoute(pointer: string, path: string, message: string, hint: string): void;
  /** A problem that is printed but does not fail the build. */
  warn(pointer: string, message: string, hint?: string): void;
  /** An image without alt text and not marked decorative. */
  missingAlt(pointer: string): void;
  /** The text shown as alt when the image at pointer has none. */
  altFallback(pointer: string, text: string): void;
  /** A file in public/ that content uses (a picture or a video), checked once validation is done (src/content/media.ts). */
  mediaUse(pointer: string, path: string): void;
  /** The image at pointer is shown in this slot (src/images/slots.ts) at its widest. */
  imageSlot(pointer: string, slot: string): void;
}

interface DataCxt {
  instancePath: string;
  parentData?: unknown;
  parentDataProperty?: string | number;
}

/** Ajv calls a keyword with `this` set to what validate was called with: a KeywordContext, or nothing (a plain schema check). */
type Keyword<S, D> = (this: KeywordContext | undefined, schema: S, data: D, parentSchema?: unknown, cxt?: DataCxt) => boolean;

/** A video field names the file ending its rule asks for ("pattern": "^/.+\\.webm$"); any other file field takes a picture. */
function fileKind(parent: unknown, cxt: DataCxt): FileKind {
  const pattern = parent && typeof parent === "object" && "pattern" in parent && typeof parent.pattern === "string" ? parent.pattern : "";
  const ending = /\\\.(webm|mp4)\$$/.exec(pattern)?.[1];
  return ending ? { video: true, ending, field: String(cxt.parentDataProperty ?? ending) } : { video: false };
}

const isContext = (value: unknown): value is KeywordContext => typeof value === "object" && value !== null && "report" in value;

function addSiteKeywords(ajv: Ajv) {
  const assetPath: Keyword<boolean, string> = function (_schema, data, parent, cxt) {
    if (isContext(this) && cxt && this.assetExists(data)) this.mediaUse(cxt.instancePath, data);
    else if (isContext(this) && cxt) {
      const advice = missingFileAdvice(data, { exists: (p) => this.assetExists(p), suggestion: (p) => this.assetSuggestion(p) }, fileKind(parent, cxt));
      this.report(cxt.instancePath, advice.message, advice.hint);
    }
    return true;
  };
  const link: Keyword<boolean, string> = function (_schema, data, _parent, cxt) {
    if (!isContext(this) || !cxt || !data.startsWith("/")) return true;
    const path = data.replace(/[?#].*$/, "");
    if (this.routeIsDraft(path)) {
      if (!this.draftLinkAllowed(cxt.instancePath)) {
        this.report(
          cxt.instancePath,
          `link "${data}" goes to a draft page, which is not on the live site`,
          `Remove the link, or publish the page: delete "status": "draft" from site-config/pages/${path === "/" ? "home" : path.slice(1)}.json.`,
        );
      }
    } else if (!this.routeExists(path)) {
      const slip = lookAlikeFault(data);
      if (slip && this.routeExists(slip.fixed.replace(/[?#].*$/, ""))) {
        this.report(cxt.instancePath, `link "${data}" goes to a page that does not exist: ${slip.what}`, `Write "${slip.fixed}".`);
        return true;
      }
      const near = this.routeSuggestion(path);
      this.missingRoute(
        cxt.instancePath,
        path,
        `link "${data}" goes to a page that does not exist`,
        near ? `Did you mean "${near}"?` : `Link to an existing page (${choices(this.routesLike(path))}), or add the page under site-config/pages/.`,
      );
    }
    return true;
  };
  const collectionRef: Keyword<string, string> = function (collection, data, _parent, cxt) {
    const ids = isContext(this) ? this.collectionIds(collection) : undefined;
    if (isContext(this) && cxt && ids && !ids.has(data)) {
      const slip = lookAlikeFault(data);
      if (slip && ids.has(slip.fixed)) {
        this.report(cxt.instancePath, `no ${this.collectionNoun(collection)} with id "${data}": ${slip.what}`, `Write "${slip.fixed}".`);
        return true;
      }
      const near = this.collectionSuggestion(data, ids);
      this.report(
        cxt.instancePath,
        `no ${this.collectionNoun(collection)} with id "${data}" in site-config/collections/${collection}.json`,
        near ? `Did you mean "${near}"?` : `Use one of its ids (${choices(ids)}), or add it to site-config/collections/${collection}.json.`,
      );
    }
    return true;
  };
  // An error, or a warning where the schema names a fallback (altFallback): decided once validation is done.
  const requiresAlt: Keyword<boolean, Record<string, unknown>> = function (_schema, data, _parent, cxt) {
    if (!isContext(this) || !cxt || data.decorative === true) return true;
    if (typeof data.alt !== "string" || data.alt.trim() === "") this.missingAlt(cxt.instancePath);
    else {
      const fault = altTextFault(data.alt, typeof data.src === "string" ? data.src : undefined);
      if (fault) this.warn(`${cxt.instancePath}/alt`, fault.message, fault.hint);
    }
    return true;
  };
  // The words of a link or button that are all it says: "Click here" says nothing in a screen reader's list of links.
  const linkText: Keyword<boolean, string> = function (_schema, data, _parent, cxt) {
    const fault = isContext(this) && cxt ? linkTextFault(data) : undefined;
    if (fault && isContext(this) && cxt) this.warn(cxt.instancePath, fault.message, fault.hint);
    return true;
  };
  // Next to an image property: the field of the same entry whose text stands in for missing alt text.
  const altFallback: Keyword<string, unknown> = function (field, _data, _parent, cxt) {
    const owner = cxt?.parentData;
    if (isContext(this) && cxt && owner && typeof owner === "object" && field in owner) {
      const text = (owner as Record<string, unknown>)[field];
      if (typeof text === "string" && text.trim() !== "") this.altFallback(cxt.instancePath, text);
    }
    return true;
  };
  // Beside an image property: where it is shown at its widest, for the check that the file is wide enough.
  const imageSlot: Keyword<string, unknown> = function (slot, _data, _parent, cxt) {
    if (isContext(this) && cxt) this.imageSlot(cxt.instancePath, slot);
    return true;
  };
  // Texts are shown as written: an HTML tag, an HTML code, Markdown or a line break would reach visitors as those characters.
  const plainText: Keyword<boolean, string> = function (_schema, data, _parent, cxt) {
    const fault = isContext(this) && cxt ? plainTextFault(data, Array.isArray(cxt.parentData)) : undefined;
    if (fault && isContext(this) && cxt) this.report(cxt.instancePath, fault.message, fault.hint);
    return true;
  };
  // Longer text is allowed (up to maxLength) but reads badly: a warning, not an error.
  const recommendedMaxLength: Keyword<number, string> = function (limit, data, _parent, cxt) {
    if (isContext(this) && cxt && data.length > limit) {
      // No field name in the words: the path before it (and the builder's label above it) names the field.
      this.warn(
        cxt.instancePath,
        `it is long: ${data.length} characters, where up to ${limit} read best`,
        "Shorten it: long headings wrap onto many lines on phones.",
      );
    }
    return true;
  };

  // On a section type whose page would break with two of it (the contact form's fields have fixed ids): the value says why.
  const oncePerPage: Keyword<string, Record<string, unknown>> = function (reason, data, _parent, cxt) {
    const list = cxt?.parentData;
    const index = cxt?.parentDataProperty;
    if (!isContext(this) || !cxt || !Array.isArray(list) || typeof index !== "number") return true;
    const first = list.findIndex((other: unknown) => typeof other === "object" && other !== null && (other as { type?: unknown }).type === data.type);
    if (first >= 0 && first < index) {
      this.report(
        cxt.instancePath,
        `this page already has a ${String(data.type)} section (section ${first + 1})`,
        `Remove one of the two: a page can have only one. ${reason}`,
      );
    }
    return true;
  };

  const boolean = { schemaType: "boolean", metaSchema: { type: "boolean", const: true } } as const;
  ajv.addKeyword({ keyword: "assetPath", type: "string", ...boolean, validate: assetPath });
  ajv.addKeyword({ keyword: "link", type: "string", ...boolean, validate: link });
  ajv.addKeyword({ keyword: "collectionRef", type: "string", schemaType: "string", validate: collectionRef });
  ajv.addKeyword({ keyword: "requiresAlt", type: "object", ...boolean, validate: requiresAlt });
  ajv.addKeyword({ keyword: "linkText", type: "string", ...boolean, validate: linkText });
  // A section's headings in the order it renders them (src/content/authoring.ts checks a page's outline with them).
  ajv.addKeyword({
    keyword: "headings",
    schemaType: "array",
    metaSchema: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["level"],
        properties: { level: { type: "integer", minimum: 1, maximum: 6 }, field: { type: "string" } },
      },
    },
  });
  // No "type": it sits beside a "$ref", and strict mode wants a type declared wherever a typed keyword is.
  ajv.addKeyword({ keyword: "altFallback", schemaType: "string", validate: altFallback });
  ajv.addKeyword({ keyword: "imageSlot", schemaType: "string", metaSchema: { enum: Object.keys(SLOTS) }, validate: imageSlot });
  ajv.addKeyword({ keyword: "plainText", type: "string", ...boolean, validate: plainText });
  ajv.addKeyword({ keyword: "recommendedMaxLength", type: "string", schemaType: "number", validate: recommendedMaxLength });
  ajv.addKeyword({ keyword: "oncePerPage", type: "object", schemaType: "string", metaSchema: { type: "string", minLength: 1 }, validate: oncePerPage });
}

/**
 * Keywords for editors, not for validation: VS Code's completion snippets
 * (defaultSnippets) and descriptions of enum values. Registered so that
 * strict mode accepts them; Ajv ignores their values.
 */
export const EDITOR_KEYWORDS = [
  "defaultSnippets",
  "enumDescriptions",
  "markdownEnumDescriptions",
  "markdownDescription",
  "errorMessage",
  // The rule of a "pattern" or "format" in words: VS Code shows it when the value breaks it, and so do the site's messages.
  "patternErrorMessage",
  "itemTitle",
  "enumTitles",
  // A section's group in the page builder's library (src/content/section-categories.ts).
  "category",
  // A text the page builder lets editors change in place in its canvas (builder/app/canvas/inline.ts).
  "inlineEdit",
  // The TypeScript type json-schema-to-typescript writes where a schema cannot say it (a shared section's own fields: any value).
  "tsType",
] as const;

/** Keywords whose values are data (examples, defaults, snippets), not schemas to look into. */
const DATA_KEYWORDS = new Set(["examples", "default", "defaultSnippets", "enum", "const", "enumDescriptions", "enumTitles"]);
/** What makes a text field something other than text people read: an address, a path, an id, one of fixed values. */
const NOT_PROSE = ["pattern", "format", "enum", "const", "assetPath", "link", "collectionRef"];

/**
 * A copy of a content schema where every text field people read is marked "plainText": a string
 * with no pattern, format, fixed values, path, link or reference (those have rules of their own).
 * Marked here rather than by hand in each schema, so that a new section's texts cannot miss it.
 */
export function withPlainText<T>(schema: T, key?: string): T {
  if (Array.isArray(schema)) return schema.map((item) => withPlainText(item)) as T;
  if (!schema || typeof schema !== "object") return schema;
  const node = schema as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (DATA_KEYWORDS.has(k)) out[k] = v;
    else if (k === "properties" && v && typeof v === "object")
      out[k] = Object.fromEntries(Object.entries(v).map(([name, sub]) => [name, withPlainText(sub, name)]));
    else out[k] = withPlainText(v);
  }
  const prose = node.type === "string" && key !== "$schema" && NOT_PROSE.every((k) => !(k in node));
  return (prose ? { ...out, plainText: true } : out) as T;
}

export interface SchemaSet {
  ajv: Ajv;
  /** Schema file paths relative to schemas/, e.g. "sections/hero.schema.json". */
  files: string[];
  /** Raw schema objects by relative path. */
  raw: Map<string, Record<string, unknown>>;
  validator<T = unknown>(relPath: string): ValidateFunction<T>;
  /** Every section type, from the files in schemas/sections/. */
  sectionTypes: string[];
  /** Whether `value` keeps the text rules of a field's schema (type, pattern, format, length, allowed values): a fix a message suggests must. */
  fits(schema: unknown, value: string): boolean;
}

/** The rules of a text field that a value can be checked against on its own (no site keywords, no references). */
const TEXT_RULES = ["pattern", "format", "minLength", "maxLength", "enum", "const"] as const;

const listJson = (dir: string): string[] => filesUnder(dir).filter((file) => file.endsWith(".schema.json"));

export function loadSchemas(schemasDir: string): SchemaSet {
  const ajv = new Ajv({ strict: true, allErrors: true, discriminator: true, verbose: true, passContext: true });
  addFormats(ajv);
  addSiteKeywords(ajv);
  // Form schemas (schemas/forms/) carry the exact error message per rule for
  // the form to show; an annotation only, it never fails validation.
  ajv.addKeyword({ keyword: "messages", schemaType: "object", metaSchema: { type: "object", additionalProperties: { type: "string" } } });
  ajv.addVocabulary([...EDITOR_KEYWORDS]);
  const raw = new Map<string, Record<string, unknown>>();
  const files: string[] = [];
  const fitChecks = new Map<string, ValidateFunction>();
  for (const full of listJson(schemasDir)) {
    const rel = relative(schemasDir, full).split(sep).join("/");
    const schema = JSON.parse(readFileSync(full, "utf8")) as Record<string, unknown>;
    raw.set(rel, schema);
    files.push(rel);
    // Files carry no $id, so editors resolve relative $refs from the file's
    // own location; Ajv gets an equivalent base URL here.
    ajv.addSchema({ ...(rel.startsWith("forms/") ? schema : withPlainText(schema)), $id: SCHEMA_BASE + rel }, SCHEMA_BASE + rel);
  }
  return {
    ajv,
    files,
    raw,
    sectionTypes: files
      .filter((f) => f.startsWith("sections/"))
      .map((f) => f.slice("sections/".length, -".schema.json".length))
      .sort(),
    fits(schema, value) {
      if (!schema || typeof schema !== "object") return true;
      const own = schema as Record<string, unknown>;
      const rules = Object.fromEntries(TEXT_RULES.filter((k) => k in own).map((k) => [k, own[k]]));
      const key = JSON.stringify(rules);
      let check = fitChecks.get(key);
      if (!check) {
        check = ajv.compile({ type: "string", ...rules });
        fitChecks.set(key, check);
      }
      return check(value) as boolean;
    },
    validator<T>(relPath: string) {
      // Ajv caches compiled schemas itself; getSchema<T> is its typed guard.
      const found = ajv.getSchema<T>(SCHEMA_BASE + relPath);
      if (!found) throw new Error(`No schema ${relPath} in schemas/`);
      return found;
    },
  };
}

export type { ErrorObject };
