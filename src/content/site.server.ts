/**
 * What the route loaders hand to the browser: one page's sections plus only
 * the collection entries those sections show. Runs at build time (and in
 * dev on each request); never shipped in the client bundle.
 */
import type { Section, Service, SiteSettings } from "@/generated/content";
import type { SectionMap, SectionType } from "@/sections/types";
import { formatProblem, type Problem } from "./problems.ts";
import { COLLECTION_NAMES, hasErrors, loadSite, type CollectionName, type Collections, type LoadResult } from "./load.ts";

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
}

export interface RootData {
  settings: SiteSettings;
  routes: string[];
}

let cached: LoadResult | undefined;

/** The whole site; re-read on every call in dev so edits show on reload. */
export function site(): LoadResult {
  if (import.meta.env?.DEV || !cached) cached = loadSite(process.cwd());
  return cached;
}

/** Thrown when content is too broken to render any page; the error screen shows it. */
function fatal(result: LoadResult): never {
  const lines = result.problems.filter((p) => p.severity === "error").map(formatProblem);
  throw new Error(`Content errors in site-config/ (fix them and reload):\n${lines.join("\n")}`);
}

export function rootData(): RootData {
  const result = site();
  if (!result.settings) fatal(result);
  return { settings: result.settings, routes: result.routes };
}

interface Need {
  name: CollectionName;
  /** Entry ids; undefined = every entry. */
  ids?: readonly string[];
}

/** Which collection entries each section type shows. Complete by type: a new section type must say. */
const NEEDS: { [K in SectionType]: (section: SectionMap[K]) => Need[] } = {
  hero: () => [],
  "page-banner": () => [],
  "stats-band": () => [],
  "service-explorer": (s) => [{ name: "services", ids: s.services }],
  "industries-grid": (s) => [{ name: "industries", ids: s.industries }],
  "testimonials-carousel": (s) => [{ name: "testimonials", ids: s.testimonials }],
  "services-carousel": (s) => [{ name: "services", ids: s.services }],
  "logo-carousel": (s) => [{ name: "partners", ids: s.partners }],
  portfolio: (s) => s.sources.map((src) => ({ name: src.collection })),
  contact: () => [],
  "contact-info": () => [],
  "text-block": () => [],
  "call-to-action": () => [],
  "feature-list": () => [],
  "services-grid": (s) => [{ name: "services", ids: s.services }],
  "process-steps": () => [{ name: "process-steps" }],
  "offerings-grid": (s) => [{ name: s.collection }],
  message: () => [],
  "service-detail": () => [{ name: "services" }],
};

const needsOf = <K extends SectionType>(type: K, section: SectionMap[K]): Need[] => NEEDS[type](section);

function pick(collections: Collections, sections: Section[]): Partial<Collections> {
  const wanted = new Map<CollectionName, Set<string> | "all">();
  for (const section of sections) {
    for (const need of needsOf(section.type, section)) {
      const current = wanted.get(need.name);
      if (current === "all" || need.ids === undefined) wanted.set(need.name, "all");
      else wanted.set(need.name, new Set([...(current ?? []), ...need.ids]));
    }
  }
  const out: Partial<Collections> = {};
  for (const name of COLLECTION_NAMES) {
    const want = wanted.get(name);
    if (want) assign(out, name, collections, want);
  }
  return out;
}

function assign<K extends CollectionName>(out: Partial<Collections>, name: K, from: Collections, want: Set<string> | "all") {
  const items: Collections[K] = from[name];
  out[name] = want === "all" ? items : (items.filter((item) => want.has(String(item.id))) as Collections[K]);
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
  if (!page) throw new Response("Not Found", { status: 404 });
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
  };
}
