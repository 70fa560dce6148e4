/**
 * What the route loaders hand to the browser: one page's sections plus only
 * the collection entries those sections show. Runs at build time (and in
 * dev on each request); never shipped in the client bundle.
 */
import type { Section, Service, SiteSettings } from "@/generated/content";
import { parseJson } from "./json-source.ts";
import { pageMeta } from "./seo.ts";
import { fieldsNeeded, neededEntries } from "./needs.ts";
import { contentRoot, includeDrafts } from "./routes-config.ts";
import { formatProblem, type Problem } from "./problems.ts";
import { checkDocument, COLLECTION_NAMES, hasErrors, loadSite, sectionTypes, type CollectionName, type Collections, type LoadResult } from "./load.ts";

export type SectionSlot =
  | { ok: true; section: Section }
  | { ok: false; type: string; index: number; problems: string[] };

export interface PageData {
  path: string;
  title: string;
  description: string;
  /** Kept out of search engines and the sitemap. */
  noindex?: boolean;
  slots: SectionSlot[];
  collections: Partial<Collections>;
  /** On service pages: the service shown. */
  service?: Service;
  /** Problems with the page itself (dev only; a build with problems fails first). */
  pageProblems: string[];
  /** A draft page: only npm run dev shows it, with a "Draft" badge. */
  draft: boolean;
}

export interface RootData {
  settings: SiteSettings;
  routes: string[];
}

let cached: LoadResult | undefined;

/** The whole site; re-read on every call in dev so edits show on reload. */
export function site(): LoadResult {
  if (import.meta.env?.DEV || !cached) cached = loadSite(contentRoot());
  return cached;
}

/** Thrown when content is too broken to render any page; the error screen shows it. */
function fatal(result: LoadResult): never {
  const lines = result.problems.filter((p) => p.severity === "error").map(formatProblem);
  throw new Error(`Content errors in site-config/ (fix them and reload):\n${lines.join("\n")}`);
}

/** A page's data with its head tags (title, description, canonical, link previews, JSON-LD), computed at build time for the route's `meta`. */
export function withHeadTags(page: PageData) {
  return { ...page, meta: pageMeta(page, rootData().settings) };
}

export function rootData(): RootData {
  const result = site();
  if (!result.settings) fatal(result);
  return { settings: includeDrafts() ? result.settings : withoutDraftLinks(result.settings, result.draftRoutes), routes: result.routes };
}

/** The live site's menus and footer lists leave out links to draft pages (validation allows only those). */
function withoutDraftLinks(settings: SiteSettings, drafts: readonly string[]): SiteSettings {
  if (drafts.length === 0) return settings;
  const live = <T extends { href?: string }>(items: T[]) => items.filter((item) => item.href === undefined || !drafts.includes(item.href.replace(/[?#].*$/, "")));
  return {
    ...settings,
    navigation: live(settings.navigation),
    footer: { ...settings.footer, quickLinks: live(settings.footer.quickLinks), companyLinks: live(settings.footer.companyLinks) },
  };
}


/** The collection entries these sections show, each with only the fields they read (see NEEDS in needs.ts). */
function pick(collections: Collections, sections: Section[]): Partial<Collections> {
  const wanted = neededEntries(sections);
  const fields = fieldsNeeded(sections);
  const out: Partial<Collections> = {};
  for (const name of COLLECTION_NAMES) {
    const want = wanted.get(name);
    if (want) assign(out, name, collections, want, fields.get(name) ?? "all");
  }
  return out;
}

function assign<K extends CollectionName>(out: Partial<Collections>, name: K, from: Collections, want: Set<string> | "all", fields: Set<string> | "all") {
  const items: Collections[K] = from[name];
  const chosen = want === "all" ? items : items.filter((item) => want.has(String(item.id)));
  // Typed as whole entries: the sections that asked for fewer fields read only those (NEEDS says which).
  out[name] = (fields === "all" ? chosen : chosen.map((item) => Object.fromEntries(Object.entries(item).filter(([key]) => fields.has(key))))) as Collections[K];
}

function slotsFor(file: string, sections: readonly unknown[], validSections: Section[] | undefined, problems: Problem[], base: string): SectionSlot[] {
  // When the page as a whole is invalid, each section is checked on its own
  // so that only the broken ones become error cards.
  const isSection = site().facts.schemas.validator<Section>("section.schema.json");
  return sections.map((raw, index) => {
    const prefix = `${base}/${index}`;
    const own = problems.filter((p) => p.file === file && p.severity === "error" && (p.pointer === prefix || p.pointer.startsWith(prefix + "/")));
    const valid = validSections ? validSections[index] : isSection(raw) ? raw : undefined;
    if (valid && own.length === 0) return { ok: true, section: valid };
    const type = raw && typeof raw === "object" && "type" in raw && typeof raw.type === "string" ? raw.type : "(no type)";
    return { ok: false, type, index, problems: own.length > 0 ? own.map(formatProblem) : ["This section does not match its schema."] };
  });
}

export function pageData(path: string): PageData {
  const result = site();
  const page = result.pages.find((p) => p.path === path);
  if (!page || (page.draft && !includeDrafts())) throw new Response("Not Found", { status: 404 });
  if (!result.collections || !result.settings) fatal(result);
  const value = page.parsed?.value;
  const rawSections = value && typeof value === "object" && !Array.isArray(value) && Array.isArray(value.sections) ? value.sections : [];
  const pageProblems = result.problems
    .filter((p) => p.file === page.file && p.severity === "error" && !p.pointer.startsWith("/sections/"))
    .map(formatProblem);
  const slots = slotsFor(page.file, rawSections, page.doc?.sections, result.problems, "/sections");
  if (!import.meta.env?.DEV && (hasErrors(result.problems) || !page.doc)) fatal(result);
  const valid = slots.flatMap((s) => (s.ok ? [s.section] : []));
  return {
    path,
    title: page.doc?.title ?? page.slug,
    description: page.doc?.description ?? "",
    noindex: page.doc?.noindex ?? false,
    slots,
    collections: pick(result.collections, valid),
    pageProblems,
    draft: page.draft,
  };
}

export function servicePageData(slug: string): PageData {
  const result = site();
  if (!result.collections || !result.settings || !result.serviceTemplate) fatal(result);
  const service = result.collections.services.find((s) => s.id === slug);
  if (!service) throw new Response("Not Found", { status: 404 });
  if (!import.meta.env?.DEV && hasErrors(result.problems)) fatal(result);
  const template = result.serviceTemplate;
  const slots = slotsFor("site-config/templates/service.json", template.sections, template.sections, result.problems, "/sections");
  return {
    path: `/services/${service.id}`,
    title: `${service.name}${template.titleSuffix}`,
    description: service.smallDescription,
    slots,
    collections: pick(result.collections, template.sections),
    service,
    pageProblems: [],
    draft: false,
  };
}

export interface CatalogEntry {
  type: string;
  /** The schema's description: what the section is for. */
  purpose: string;
  /** The schema's example, as JSON to copy into a page's "sections". */
  json: string;
  slot: SectionSlot;
}

export interface CatalogData {
  page: PageData;
  entries: CatalogEntry[];
}

/** The dev-only section catalog (/__sections): every section type rendered from its schema example. */
export function catalogData(): CatalogData {
  const result = site();
  if (!result.collections || !result.settings) fatal(result);
  const { facts } = result;
  const entries = sectionTypes(facts.schemas).map((type): CatalogEntry => {
    const file = `sections/${type}.schema.json`;
    const schema = facts.schemas.raw.get(file)!;
    const example = Array.isArray(schema.examples) ? schema.examples[0] : undefined;
    const json = JSON.stringify(example ?? { type }, null, 2);
    const { valid, problems } = checkDocument<Section>(facts, `schemas/${file} (examples)`, parseJson(json), file);
    const errors = problems.filter((p) => p.severity === "error");
    const slot: SectionSlot =
      valid && errors.length === 0
        ? { ok: true, section: valid }
        : { ok: false, type, index: 0, problems: errors.length > 0 ? errors.map(formatProblem) : ["The schema has no example to show."] };
    return { type, purpose: typeof schema.description === "string" ? schema.description : "", json, slot };
  });
  const valid = entries.flatMap((e) => (e.slot.ok ? [e.slot.section] : []));
  return {
    page: {
      path: "/__sections",
      title: "Section catalog",
      description: "Every section type, rendered from its schema example.",
      slots: [],
      // Examples name entries by id; service-detail shows the first service.
      collections: pick(result.collections, valid),
      service: result.collections.services[0],
      pageProblems: [],
      draft: false,
    },
    entries,
  };
}
