/**
 * Reads and validates everything in site-config/: the one place content is
 * checked. The Vite plugin, `npm run validate`, the route loaders and the
 * tests all call loadSite(); nothing else reads site-config/.
 */
import { existsSync, readFileSync, readdirSync, realpathSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type {
  Industry,
  Offering,
  Page,
  Partner,
  PortfolioItem,
  ProcessStep,
  Service,
  ServiceTemplate,
  SiteSettings,
  Testimonial,
} from "../generated/content.ts";
import { problemsFromAjv, readablePath, splitPointer } from "./ajv-problems.ts";
import { JsonSyntaxError, parseJson, type JsonValue, type ParsedJson } from "./json-source.ts";
import { didYouMean, sortProblems, type Problem } from "./problems.ts";
import { neededEntries } from "./needs.ts";
import { isDraft, pagePath, routeList, servicePath } from "./routes-config.ts";
import { loadSchemas, setKeywordContext, type SchemaSet } from "./schemas.ts";
import { seoProblems } from "./seo-rules.ts";

export { pagePath, servicePath };

/** Collection file name (site-config/collections/<name>.json) -> schema (schemas/collections/<schema>.schema.json). */
export const COLLECTION_SCHEMAS = {
  services: "services",
  industries: "industries",
  testimonials: "testimonials",
  "process-steps": "process-steps",
  "web-offerings": "offerings",
  "app-offerings": "offerings",
  partners: "partners",
  "web-portfolio": "portfolio",
  "app-portfolio": "portfolio",
} as const;
export type CollectionName = keyof typeof COLLECTION_SCHEMAS;
export const COLLECTION_NAMES = Object.keys(COLLECTION_SCHEMAS) as CollectionName[];

export interface Collections {
  services: Service[];
  industries: Industry[];
  testimonials: Testimonial[];
  "process-steps": ProcessStep[];
  "web-offerings": Offering[];
  "app-offerings": Offering[];
  partners: Partner[];
  "web-portfolio": PortfolioItem[];
  "app-portfolio": PortfolioItem[];
}

export interface PageSource {
  /** File name without .json: "about-us"; "home" is the page at "/". */
  slug: string;
  /** Route path: "/" or "/about-us". */
  path: string;
  /** "site-config/pages/about-us.json" */
  file: string;
  parsed?: ParsedJson;
  /** The page, when it matches the schema. */
  doc?: Page;
  /** "status": "draft": shown by npm run dev, left out of the production build. */
  draft: boolean;
}

export interface LoadResult {
  problems: Problem[];
  settings?: SiteSettings;
  collections?: Collections;
  serviceTemplate?: ServiceTemplate;
  pages: PageSource[];
  /** Every route of the live site, pages first, then service pages; drafts are not in it. */
  routes: string[];
  /** Paths of draft pages (npm run dev shows them; a production build leaves them out). */
  draftRoutes: string[];
  facts: SiteFacts;
}

export interface ContentDirs {
  root: string;
  configDir: string;
  schemasDir: string;
  publicDir: string;
}

export function contentDirs(root: string): ContentDirs {
  return { root, configDir: join(root, "site-config"), schemasDir: join(root, "schemas"), publicDir: join(root, "public") };
}

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const schemaCache = new Map<string, { signature: string; set: SchemaSet }>();

function schemaSignature(dir: string): string {
  const parts: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, e.name);
      if (e.isDirectory()) walk(full);
      else parts.push(`${full}:${statSync(full).mtimeMs}`);
    }
  };
  walk(dir);
  return parts.sort().join("|");
}

/** The compiled schemas, reused while no schema file changes. */
export function schemaSet(dir: string): SchemaSet {
  const schemasDir = realpathSync(dir);
  const signature = schemaSignature(schemasDir);
  const cached = schemaCache.get(schemasDir);
  if (cached && cached.signature === signature) return cached.set;
  const set = loadSchemas(schemasDir);
  schemaCache.set(schemasDir, { signature, set });
  return set;
}

export function sectionTypes(set: SchemaSet): string[] {
  return set.files
    .filter((f) => f.startsWith("sections/"))
    .map((f) => f.slice("sections/".length, -".schema.json".length))
    .sort();
}

function listFiles(dir: string, base = dir): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, e.name);
    if (e.isDirectory()) out.push(...listFiles(full, base));
    else out.push("/" + relative(base, full).split(sep).join("/"));
  }
  return out;
}

interface Doc {
  file: string;
  parsed?: ParsedJson;
}

export function loadSite(root: string): LoadResult {
  const dirs = contentDirs(root);
  const schemas = schemaSet(dirs.schemasDir);
  const types = sectionTypes(schemas);
  const problems: Problem[] = [];
  const rel = (full: string) => relative(root, full).split(sep).join("/");

  const fileProblem = (file: string, message: string, hint?: string, line = 1, column = 1, path = "", pointer = "") =>
    problems.push({ severity: "error", file, line, column, path, message, hint, pointer });

  const read = (full: string): Doc => {
    const file = rel(full);
    let text: string;
    try {
      text = readFileSync(full, "utf8");
    } catch {
      fileProblem(file, "the file is missing", "Restore it from version control (git checkout -- " + file + ").");
      return { file };
    }
    try {
      const parsed = parseJson(text);
      for (const d of parsed.duplicates) {
        fileProblem(
          file,
          `field "${d.key}" appears twice (first on line ${d.first.line})`,
          "Remove one of them; only the last one would count.",
          d.second.line,
          d.second.column,
          readablePath(d.pointer, parsed.value),
          d.pointer,
        );
      }
      return { file, parsed };
    } catch (err) {
      if (err instanceof JsonSyntaxError) {
        fileProblem(file, err.message, err.hint, err.position.line, err.position.column);
        return { file };
      }
      throw err;
    }
  };

  // 1. Read and parse every file, so that cross-file checks know what exists.
  const settingsDoc = read(join(dirs.configDir, "settings.json"));
  const templateDoc = read(join(dirs.configDir, "templates", "service.json"));
  const collectionDocs = new Map<CollectionName, Doc>();
  for (const name of COLLECTION_NAMES) collectionDocs.set(name, read(join(dirs.configDir, "collections", `${name}.json`)));

  for (const extra of listFiles(join(dirs.configDir, "collections"))) {
    const name = extra.slice(1).replace(/\.json$/, "");
    if (!(COLLECTION_NAMES as string[]).includes(name)) {
      const near = didYouMean(name, COLLECTION_NAMES);
      fileProblem(
        `site-config/collections${extra}`,
        "this file is not a known collection",
        `${near ? `Did you mean collections/${near}.json? ` : ""}Collections: ${COLLECTION_NAMES.map((n) => n + ".json").join(", ")}.`,
      );
    }
  }

  const pages: PageSource[] = [];
  for (const name of listFiles(join(dirs.configDir, "pages")).sort()) {
    const file = `site-config/pages${name}`;
    if (!name.endsWith(".json")) {
      fileProblem(file, "only .json files belong in site-config/pages/", "Move or delete this file.");
      continue;
    }
    const slug = name.slice(1, -".json".length);
    if (!SLUG.test(slug)) {
      fileProblem(
        file,
        `"${slug}" cannot be a page address`,
        "Name page files in lower case with hyphens between words, e.g. web-development.json.",
      );
      continue;
    }
    const doc = read(join(dirs.configDir, "pages", name.slice(1)));
    pages.push({ slug, path: pagePath(slug), file, parsed: doc.parsed, draft: isDraft(doc.parsed?.value) });
  }
  const home = pages.find((p) => p.slug === "home");
  if (!home) {
    fileProblem("site-config/pages/home.json", "there is no home page", "Add site-config/pages/home.json: it becomes the page at /.");
  } else if (home.draft) {
    const loc = home.parsed?.locations.get("/status")?.value;
    fileProblem(home.file, "the home page cannot be a draft", 'Remove "status": "draft": the live site needs a page at /.', loc?.line, loc?.column, "status", "/status");
    // One message for one mistake: links to / are not also reported as links to a draft.
    home.draft = false;
  }

  // 2. What exists, read tolerantly: ids per collection and every route.
  // A collection that could not be read at all is reported once, not once per reference to it.
  const idsOf = (doc: Doc | undefined): Set<string> | undefined => {
    if (!doc?.parsed) return undefined;
    const ids = new Set<string>();
    const value = doc.parsed.value;
    if (value && typeof value === "object" && !Array.isArray(value) && Array.isArray(value.items)) {
      for (const item of value.items) {
        if (item && typeof item === "object" && !Array.isArray(item) && (typeof item.id === "string" || typeof item.id === "number")) {
          ids.add(String(item.id));
        }
      }
    }
    return ids;
  };
  const collectionIds = new Map<string, ReadonlySet<string> | undefined>(COLLECTION_NAMES.map((n) => [n, idsOf(collectionDocs.get(n))]));
  const routes = routeList(pages, [...(collectionIds.get("services") ?? [])], { drafts: false });
  const draftRoutes = pages.filter((p) => p.draft).map((p) => p.path);
  const assets = new Set(listFiles(dirs.publicDir));

  // 3. Validate each document against its schema, with the site-wide checks.
  const facts: SiteFacts = { schemas, sectionTypes: types, assets, routes, draftRoutes, collectionIds };
  const validate = <T>(doc: Doc, schemaFile: string, expectSchemaRef: string, options?: CheckOptions): T | undefined => {
    if (!doc.parsed) return undefined;
    const { valid, problems: found } = checkDocument<T>(facts, doc.file, doc.parsed, schemaFile, expectSchemaRef, options);
    problems.push(...found);
    return valid;
  };

  // Menus and footer lists leave out links to drafts in a production build (rootData), so those links are fine.
  const settings = validate<SiteSettings>(settingsDoc, "settings.schema.json", "../schemas/settings.schema.json", {
    draftLinkAllowed: (pointer) => MENU_LINK.test(pointer),
  });
  const serviceTemplate = validate<ServiceTemplate>(templateDoc, "service-template.schema.json", "../../schemas/service-template.schema.json");
  if (serviceTemplate && !serviceTemplate.sections.some((s) => s.type === "service-detail")) {
    const loc = templateDoc.parsed?.locations.get("/sections")?.value;
    fileProblem(
      templateDoc.file,
      'the service template has no "service-detail" section',
      'Add { "type": "service-detail", ... } to "sections": it shows the service itself.',
      loc?.line,
      loc?.column,
      "sections",
      "/sections",
    );
  }

  const items = <T>(name: CollectionName): T[] | undefined => {
    const doc = collectionDocs.get(name)!;
    const schema = COLLECTION_SCHEMAS[name];
    const valid = validate<{ items: T[] }>(doc, `collections/${schema}.schema.json`, `../../schemas/collections/${schema}.schema.json`);
    // Ids must be unique within a collection: pages refer to entries by id.
    const list = doc.parsed?.value;
    if (list && typeof list === "object" && !Array.isArray(list) && Array.isArray(list.items)) {
      const first = new Map<string, number>();
      list.items.forEach((item: JsonValue, index: number) => {
        if (!item || typeof item !== "object" || Array.isArray(item)) return;
        const id = item.id;
        if (typeof id !== "string" && typeof id !== "number") return;
        const key = String(id);
        const pointer = `/items/${index}/id`;
        const before = first.get(key);
        if (before === undefined) first.set(key, index);
        else {
          const loc = doc.parsed!.locations.get(pointer)!.value;
          const firstLoc = doc.parsed!.locations.get(`/items/${before}/id`)!.value;
          fileProblem(doc.file, `id ${JSON.stringify(id)} is used twice (first on line ${firstLoc.line})`, "Give each entry its own id.", loc.line, loc.column, readablePath(pointer, doc.parsed!.value), pointer);
        }
      });
    }
    return valid?.items;
  };
  const services = items<Service>("services");
  const industries = items<Industry>("industries");
  const testimonials = items<Testimonial>("testimonials");
  const processSteps = items<ProcessStep>("process-steps");
  const webOfferings = items<Offering>("web-offerings");
  const appOfferings = items<Offering>("app-offerings");
  const partners = items<Partner>("partners");
  const webPortfolio = items<PortfolioItem>("web-portfolio");
  const appPortfolio = items<PortfolioItem>("app-portfolio");
  const collections: Collections | undefined =
    services && industries && testimonials && processSteps && webOfferings && appOfferings && partners && webPortfolio && appPortfolio
      ? {
          services,
          industries,
          testimonials,
          "process-steps": processSteps,
          "web-offerings": webOfferings,
          "app-offerings": appOfferings,
          partners,
          "web-portfolio": webPortfolio,
          "app-portfolio": appPortfolio,
        }
      : undefined;

  for (const page of pages) {
    page.doc = validate<Page>({ file: page.file, parsed: page.parsed }, "page.schema.json", "../../schemas/page.schema.json", {
      draftLinkAllowed: () => page.draft,
    });
  }
  // Titles unique across pages and service pages; service page titles 10-60 characters.
  problems.push(
    ...seoProblems({
      pages,
      services: { ...collectionDocs.get("services")!, items: services },
      template: { ...templateDoc, titleSuffix: serviceTemplate?.titleSuffix },
    }),
  );

  // Entries no page shows: a warning (only when every page could be read, or the answer would be wrong).
  if (serviceTemplate && pages.every((p) => p.doc)) {
    const shown = neededEntries([...pages.flatMap((p) => p.doc!.sections), ...serviceTemplate.sections]);
    for (const name of COLLECTION_NAMES) {
      const doc = collectionDocs.get(name)!;
      const list = doc.parsed?.value;
      if (name === "services" || !list || typeof list !== "object" || Array.isArray(list) || !Array.isArray(list.items)) continue;
      const want = shown.get(name);
      if (want === "all") continue;
      const where = sectionsShowing(schemas, name);
      if (!want) {
        problems.push({
          severity: "warning",
          file: doc.file,
          line: 1,
          column: 1,
          path: "",
          message: "no page shows this collection",
          hint: `Show it on a page with ${where}, or delete the file.`,
          pointer: "",
        });
        continue;
      }
      list.items.forEach((item: JsonValue, index: number) => {
        if (!item || typeof item !== "object" || Array.isArray(item) || (typeof item.id !== "string" && typeof item.id !== "number")) return;
        if (want.has(String(item.id))) return;
        const pointer = `/items/${index}`;
        const loc = doc.parsed!.locations.get(pointer)!.value;
        problems.push({
          severity: "warning",
          file: doc.file,
          line: loc.line,
          column: loc.column,
          path: readablePath(pointer, doc.parsed!.value),
          message: `entry "${item.id}" is not shown on any page`,
          hint: `Add "${item.id}" to ${where} on a page, or delete the entry.`,
          pointer,
        });
      });
    }
  }

  return { problems: sortProblems(problems), settings, collections, serviceTemplate, pages, routes, draftRoutes, facts };
}

/** Links in the header menu and footer lists: dropped from the live site when they go to a draft. */
const MENU_LINK = /^\/(navigation|footer\/quickLinks|footer\/companyLinks)\/\d+\/href$/;

/** Where pages choose a collection's entries, from the schemas: '"testimonials" in a testimonials-carousel section'. */
function sectionsShowing(schemas: SchemaSet, collection: string): string {
  const places: string[] = [];
  for (const file of schemas.files.filter((f) => f.startsWith("sections/"))) {
    const type = file.slice("sections/".length, -".schema.json".length);
    const a = /^[aeiou]/.test(type) ? "an" : "a";
    // A list of ids ("collectionRef") or a choice of whole collection ("enum"), at any depth.
    const walk = (node: unknown, field: string) => {
      if (!node || typeof node !== "object" || Array.isArray(node)) return;
      const obj = node as Record<string, unknown>;
      const items = obj.items as Record<string, unknown> | undefined;
      if (items?.collectionRef === collection) places.push(`"${field}" in ${a} ${type} section`);
      else if (Array.isArray(obj.enum) && obj.enum.includes(collection)) places.push(`"${field}": "${collection}" in ${a} ${type} section`);
      for (const [name, prop] of Object.entries((obj.properties ?? {}) as Record<string, unknown>)) walk(prop, name);
      if (items) walk(items, field);
    };
    walk(schemas.raw.get(file), "");
  }
  return places.length > 0 ? places.join(" or ") : "a section that lists it";
}

/** What validation needs to know about the whole site. */
export interface SiteFacts {
  schemas: SchemaSet;
  sectionTypes: string[];
  assets: ReadonlySet<string>;
  routes: readonly string[];
  draftRoutes: readonly string[];
  collectionIds: ReadonlyMap<string, ReadonlySet<string> | undefined>;
}

export interface CheckOptions {
  /** Whether a link at this JSON Pointer may go to a draft page (default: no). */
  draftLinkAllowed?: (pointer: string) => boolean;
}

/**
 * Validates one parsed document against a schema (relative to schemas/) with
 * the site-wide checks. expectSchemaRef: the "$schema" value the file must
 * carry, or undefined for a value that is not a file of its own.
 */
export function checkDocument<T>(
  facts: SiteFacts,
  file: string,
  parsed: ParsedJson,
  schemaFile: string,
  expectSchemaRef?: string,
  options: CheckOptions = {},
): { valid: T | undefined; problems: Problem[] } {
  const validator = facts.schemas.validator<T>(schemaFile);
  const found: Problem[] = [];
  const value = parsed.value;
  const routeSet = new Set(facts.routes);
  const draftSet = new Set(facts.draftRoutes);
  const missingAlt: string[] = [];
  const altFallbacks = new Map<string, string>();
  const add = (severity: Problem["severity"], pointer: string, message: string, hint?: string) => {
    const loc = parsed.locations.get(pointer)?.value ?? { line: 1, column: 1 };
    found.push({ severity, file, line: loc.line, column: loc.column, path: readablePath(pointer, value), message, hint, pointer });
  };
  setKeywordContext({
    assetExists: (p) => facts.assets.has(p),
    assetSuggestion: (p) => didYouMean(p, facts.assets),
    routeExists: (p) => routeSet.has(p),
    routeSuggestion: (p) => didYouMean(p, facts.routes),
    routeIsDraft: (p) => draftSet.has(p),
    draftLinkAllowed: (pointer) => options.draftLinkAllowed?.(pointer) ?? false,
    collectionIds: (name) => facts.collectionIds.get(name),
    report: (pointer, message, hint) => add("error", pointer, message, hint),
    warn: (pointer, message, hint) => add("warning", pointer, message, hint),
    missingAlt: (pointer) => missingAlt.push(pointer),
    altFallback: (pointer, text) => altFallbacks.set(pointer, text),
  });
  let valid: T | undefined;
  try {
    if (validator(value)) valid = value;
  } finally {
    setKeywordContext(null);
  }
  for (const pointer of missingAlt) {
    const fallback = altFallbacks.get(pointer);
    if (fallback === undefined) {
      add("error", pointer, "image has no alt text", 'Add "alt": "what the picture shows", or "decorative": true if it only decorates.');
    } else {
      add("warning", pointer, `image has no alt text, so "${fallback}" is used instead`, 'Add "alt": "what the picture shows", or "decorative": true if it only decorates.');
      // The fallback is applied here, with the content, so components render alt as given.
      const image = valueAtPointer(value, pointer);
      if (image && typeof image === "object" && !Array.isArray(image)) image.alt = fallback;
    }
  }
  if (!valid) found.push(...problemsFromAjv(validator.errors ?? [], { file, parsed, sectionTypes: facts.sectionTypes }));
  // "$schema" is what gives authors autocompletion; a wrong one silently turns it off.
  if (expectSchemaRef !== undefined && value && typeof value === "object" && !Array.isArray(value) && value.$schema !== expectSchemaRef) {
    const loc = parsed.locations.get("/$schema");
    found.push({
      severity: "error",
      file,
      line: loc?.key?.line ?? 1,
      column: loc?.key?.column ?? 1,
      path: loc ? "$schema" : "",
      message: loc ? `"$schema" points at the wrong schema` : `missing "$schema"`,
      hint: `Make the first line inside { be "$schema": "${expectSchemaRef}", so your editor can check this file as you type.`,
      pointer: "/$schema",
    });
  }
  return { valid, problems: found };
}

function valueAtPointer(data: JsonValue, pointer: string): JsonValue | undefined {
  let node: JsonValue | undefined = data;
  for (const seg of splitPointer(pointer)) {
    if (node === null || typeof node !== "object") return undefined;
    node = Array.isArray(node) ? node[Number(seg)] : node[seg];
  }
  return node;
}

export const hasErrors = (problems: readonly Problem[]) => problems.some((p) => p.severity === "error");
