/**
 * What the route loaders hand to the browser, from the content layer's Site: one page's resolved
 * sections (each with only the collection fields it reads) and its head tags. Runs at build time
 * (and in dev on each request); never shipped in the client bundle.
 */
import { join } from "node:path";
import { type MetaDescriptor, redirect } from "react-router";
import { imageFactsOf, picturePaths, renderFacts } from "../images/facts.ts";
import type { ImageFacts } from "../images/slots.ts";
import type { Section, SiteSettings } from "@/generated/content";
import { checkDocument } from "./validate.ts";
import { parseJson } from "./json-source.ts";
import { formatProblem, type Problem } from "./problems.ts";
import { dataContext, resolveSection, Usage } from "./resolve.ts";
import { contentRoot, includeDrafts } from "./routes.ts";
import { checkedGeneration, checkedSite } from "./dev-cache.ts";
import { buildGeneration } from "./build-generation.ts";
import { buildSite, hasErrors, loadSite, type Site, type SitePage, type SiteResult, type SectionSlot } from "./site.ts";
import { pageMeta } from "./seo.ts";
import { categoryOf, type SectionCategory } from "./section-categories.ts";

export type { SectionSlot };

/**
 * A page as its route's loader returns it. `siteProblems` (npm run dev only): errors in the files
 * every page depends on (settings, collections, the service template, a page file that is no
 * page), shown above the page; `warnings` (likewise): those of its own file and of those files.
 */
export type PageData = Omit<SitePage, "file" | "service"> & { meta: MetaDescriptor[]; siteProblems?: string[]; warnings?: string[]; images: PageImages };

/** The size and hash of each picture a page shows, by its path in public/ (see Picture in src/components/ui.tsx). */
export type PageImages = Record<string, ImageFacts>;

export interface RootData {
  /** Absent only in npm run dev, while settings.json has errors: the page then has no header or footer. */
  settings?: SiteSettings;
  /** The pictures of the header and footer. */
  images: PageImages;
  /** npm run dev: the content check this page was made from (root.tsx asks whether a newer one exists). */
  contentGeneration?: number;
}

/** The facts of every picture in `value`, read from public/ (each file once per change). */
export async function imagesIn(value: unknown, root = contentRoot()): Promise<PageImages> {
  // A build reads each file once; the dev server looks again on every request (a picture may have been replaced).
  const facts = await imageFactsOf(join(root, "public"), picturePaths(value), { recheck: Boolean(import.meta.env?.DEV) });
  return Object.fromEntries([...facts].map(([src, f]) => [src, renderFacts(f)]));
}

let cached: { generation: number; result: SiteResult } | undefined;

/** The whole site: in a build, the one the build checked first; in dev, as the content plugin last checked it after a save (read here only before that). */
function load(): SiteResult {
  if (import.meta.env?.DEV) return checkedSite(contentRoot()) ?? loadSite(contentRoot());
  const generation = buildGeneration();
  if (cached?.generation !== generation) cached = { generation, result: buildSite(contentRoot()) };
  return cached.result;
}

/** Thrown when content is too broken to render any page; the error screen shows it. */
function fatal(result: SiteResult): never {
  const lines = result.problems.filter((p) => p.severity === "error").map(formatProblem);
  throw new Error(`Content errors in site-config/ (fix them and reload):\n${lines.join("\n")}`);
}

/** The site to render: in a production build only content without errors (the build checked it first). */
function site(result = load()): Site {
  if (!result.site || (!import.meta.env?.DEV && hasErrors(result.problems))) fatal(result);
  return result.site;
}

/**
 * Preview only: the problems of `severity` in the files every page depends on: every file but the
 * pages' own (each page shows its own) and `own`. A file under site-config/pages/ that is no page
 * (misnamed, in a folder, missing) counts as shared: no page would show it otherwise.
 */
function sharedProblems(result: SiteResult, own?: string, severity: Problem["severity"] = "error"): string[] {
  const pageFiles = new Set(result.pages.map((p) => p.file));
  return result.problems.filter((p) => p.severity === severity && !pageFiles.has(p.file) && p.file !== own).map(formatProblem);
}

/** Preview only: the warnings of the page's own file and of the shared files (the build goes on with them, but they are seen). */
function warningsFor(result: SiteResult, file: string | undefined): string[] {
  const own = result.problems.filter((p) => p.severity === "warning" && p.file === file).map(formatProblem);
  return [...own, ...sharedProblems(result, file, "warning")];
}

/**
 * Preview only, when settings or a collection has errors that no page can be rendered without:
 * a page that lists them (the dev server stays up, and the page comes back when they are fixed).
 */
function unavailablePage(path: string, result: SiteResult): PageData {
  const file = result.pages.find((p) => p.path === path)?.file;
  const own = result.problems.filter((p) => p.severity === "error" && p.file === file).map(formatProblem);
  return {
    path,
    title: "Content errors",
    description: "",
    noindex: true,
    draft: false,
    slots: [],
    pageProblems: own,
    siteProblems: sharedProblems(result),
    meta: [{ title: "Content errors in site-config/" }],
    images: {},
  };
}

/** The page without what only the build needs, with its head tags (title, description, canonical, link previews, JSON-LD). */
async function pageData(page: SitePage, settings: SiteSettings, result?: SiteResult, root?: string): Promise<PageData> {
  const { file, service, ...data } = page;
  const shared = import.meta.env?.DEV && result ? sharedProblems(result, file) : [];
  const warnings = import.meta.env?.DEV && result ? warningsFor(result, file) : [];
  return {
    ...data,
    meta: pageMeta({ ...data, service }, settings),
    ...(shared.length > 0 && { siteProblems: shared }),
    ...(warnings.length > 0 && { warnings }),
    images: await imagesIn(data.slots, root),
  };
}

export async function rootData(): Promise<RootData> {
  const dev = import.meta.env?.DEV ? { contentGeneration: checkedGeneration(contentRoot()) } : {};
  const result = load();
  if (!result.site && import.meta.env?.DEV) return { settings: result.settings, images: await imagesIn(result.settings), ...dev };
  const { settings } = site(result);
  return { settings: includeDrafts() ? settings : withoutDraftLinks(settings, result.draftRoutes), images: await imagesIn(settings), ...dev };
}

/** The live site's menus and footer lists leave out links to draft pages (validation allows only those). */
function withoutDraftLinks(settings: SiteSettings, drafts: readonly string[]): SiteSettings {
  if (drafts.length === 0) return settings;
  const live = <T extends { href?: string }>(items: T[]) =>
    items.filter((item) => item.href === undefined || !drafts.includes(item.href.replace(/[?#].*$/, "")));
  return {
    ...settings,
    navigation: live(settings.navigation),
    footer: { ...settings.footer, quickLinks: live(settings.footer.quickLinks), companyLinks: live(settings.footer.companyLinks) },
  };
}

export async function pageDataAt(path: string): Promise<PageData> {
  const result = load();
  if (!result.site && import.meta.env?.DEV) return unavailablePage(path, result);
  const { pages, settings } = site(result);
  const page = pages.find((p) => p.path === path);
  // An address that is no page goes home, as the production server answers it (the page route
  // takes any one-segment address: npm run dev, and client-side navigation, reach this).
  if (!page || (page.draft && !includeDrafts())) throw redirect("/");
  return pageData(page, settings, result);
}

export async function servicePageData(slug: string): Promise<PageData> {
  const result = load();
  if (!result.site && import.meta.env?.DEV) return unavailablePage(`/services/${slug}`, result);
  const { servicePages, settings } = site(result);
  const page = servicePages.find((p) => p.path === `/services/${slug}`);
  if (!page) throw new Response("Not Found", { status: 404 });
  return pageData(page, settings, result);
}

export interface CatalogEntry {
  type: string;
  /** The schema's description: what the section is for. */
  purpose: string;
  /** Its group in the page builder's library (the schema's "category"). */
  category: SectionCategory;
  /** The schema's example, as JSON to copy into a page's "sections". */
  json: string;
  slot: SectionSlot;
}

/** The dev-only section catalog (/__sections): every section type rendered from its schema example. */
export function catalogData(): CatalogEntry[] {
  const result = load();
  return catalogOf(site(result), result);
}

/** Every section type rendered from its schema example, for a site (the catalog, the page builder's library). */
export function catalogOf({ collections }: Site, { facts }: SiteResult): CatalogEntry[] {
  // Examples name entries by id; service-detail shows the first service.
  const context = dataContext(collections, new Usage(), collections.services[0]);
  return facts.schemas.sectionTypes.map((type): CatalogEntry => {
    const file = `sections/${type}.schema.json`;
    const schema = facts.schemas.raw.get(file);
    if (!schema) throw new Error(`The schema ${file} of a known section type was not loaded.`);
    const example = Array.isArray(schema.examples) ? schema.examples[0] : undefined;
    const json = JSON.stringify(example ?? { type }, null, 2);
    const { valid, problems } = checkDocument<Section>(facts, `src/sections/${type}/schema.json (examples)`, parseJson(json), file);
    const errors = problems.filter((p) => p.severity === "error");
    const slot: SectionSlot =
      valid && errors.length === 0
        ? { ok: true, ...resolveSection(valid, context) }
        : { ok: false, type, index: 0, problems: errors.length > 0 ? errors.map(formatProblem) : ["The schema has no example to show."] };
    return { type, purpose: typeof schema.description === "string" ? schema.description : "", category: categoryOf(schema), json, slot };
  });
}

/** The page at `path` of a site loaded with unsaved edits (the page builder's canvas), drafts included. */
export async function previewOf(result: SiteResult, path: string, root: string): Promise<PageData | undefined> {
  const site = result.site;
  const page = site && [...site.pages, ...site.servicePages].find((p) => p.path === path);
  return page && site ? pageData(page, site.settings, undefined, root) : undefined;
}
