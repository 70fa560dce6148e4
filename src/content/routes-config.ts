/**
 * The route list, and the one place that decides which pages are on the
 * live site: draft pages (`"status": "draft"`) are left out of a production
 * build, so everything that starts from this list (pre-rendering, the route
 * table, loadSite().routes, the sitemap) leaves them out too.
 *
 * Read straight from the file layout of site-config/ (page files, their
 * status, service ids) without full validation: the content plugin validates
 * before anything is built, and a route list must still come out of broken
 * content so the dev server starts and can show what is wrong.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

export const pagePath = (slug: string) => (slug === "home" ? "/" : `/${slug}`);
export const servicePath = (id: string) => `/services/${id}`;

/** The project whose site-config/, schemas/ and public/ are built: SITE_ROOT, or the current directory. */
export const contentRoot = (): string => process.env.SITE_ROOT ?? process.cwd();

/**
 * A production build, or the production route table (typegen). `react-router
 * build` sets NODE_ENV=production unless the shell already set NODE_ENV to
 * something else, so the command itself counts too: a draft must never reach
 * the live site because of a stray NODE_ENV.
 */
export const isProduction = (): boolean => process.env.NODE_ENV === "production" || process.argv[2] === "build";

/** Drafts are part of the site while previewing (npm run dev, tests); a production build leaves them out. */
export const includeDrafts = (): boolean => !isProduction();

/**
 * The section catalog: a preview-only page (npm run dev), never built.
 */
export const CATALOG_PATH = "/__sections";
export const catalogEnabled = (): boolean => !isProduction();

/** A page document (parsed JSON, possibly invalid) marked as a draft. */
export function isDraft(page: unknown): boolean {
  return Boolean(page && typeof page === "object" && "status" in page && page.status === "draft");
}

export interface PageEntry {
  slug: string;
  draft: boolean;
}

/** Route paths of these pages and services; drafts only when asked for. */
export function routeList(pages: readonly PageEntry[], services: readonly string[], { drafts }: { drafts: boolean }): string[] {
  return [...pages.filter((p) => drafts || !p.draft).map((p) => pagePath(p.slug)), ...services.map(servicePath)];
}

const readJson = (file: string): unknown => {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    // Reported by validation with file:line:column.
    return undefined;
  }
};

/** Every page file, "home" first; a page whose JSON does not parse counts as published (validation reports it). */
export function pageEntries(root: string): PageEntry[] {
  const dir = join(root, "site-config", "pages");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => /^[a-z0-9]+(-[a-z0-9]+)*\.json$/.test(f))
    .map((f) => ({ slug: f.slice(0, -".json".length), draft: isDraft(readJson(join(dir, f))) }))
    .sort((a, b) => (a.slug === "home" ? -1 : b.slug === "home" ? 1 : a.slug.localeCompare(b.slug)));
}

export function pageSlugs(root: string, { drafts = includeDrafts() } = {}): string[] {
  return pageEntries(root)
    .filter((p) => drafts || !p.draft)
    .map((p) => p.slug);
}

export function serviceIds(root: string): string[] {
  const data = readJson(join(root, "site-config", "collections", "services.json"));
  if (data && typeof data === "object" && "items" in data && Array.isArray(data.items)) {
    return data.items.flatMap((item: unknown) => (item && typeof item === "object" && "id" in item && typeof item.id === "string" ? [item.id] : []));
  }
  return [];
}

export function routePaths(root: string, { drafts = includeDrafts() } = {}): string[] {
  return routeList(pageEntries(root), serviceIds(root), { drafts });
}
