/**
 * Which addresses the site has, and which of them are live: one route per page file and one per
 * service, with draft pages (`"status": "draft"`) left out of a production build. Everything that
 * lists routes (React Router's route table and pre-render list, validation, the sitemap and the
 * host rules) starts from here, and from the parsed sources only, so that a route list still comes
 * out of content that does not validate and the dev server can show what is wrong.
 */
import { idsOf, pagePath, readSources, servicePath, type Sources } from "./sources.ts";

export { pagePath, servicePath };

/** The project whose site-config/, schemas/ and public/ are built: SITE_ROOT, or the current directory. */
export const contentRoot = (): string => process.env.SITE_ROOT ?? process.cwd();

/**
 * A production build, or the production route table (typegen). `react-router build` sets
 * NODE_ENV=production unless the shell already set NODE_ENV to something else, so the command
 * itself counts too: a draft must never reach the live site because of a stray NODE_ENV.
 */
export const isProduction = (): boolean => process.env.NODE_ENV === "production" || process.argv[2] === "build";

/** Drafts are part of the site while previewing (npm run dev, tests); a production build leaves them out. */
export const includeDrafts = (): boolean => !isProduction();

/** The section catalog: a preview-only page (npm run dev), never built. */
export const CATALOG_PATH = "/__sections";
export const catalogEnabled = (): boolean => !isProduction();

export interface SiteRoutes {
  /** Every route of the live site: pages (home first), then service pages. */
  routes: string[];
  /** Paths of draft pages (npm run dev shows them; a production build leaves them out). */
  draftRoutes: string[];
  /** Slugs of the pages to build: the live ones, and drafts when asked for. */
  pageSlugs: string[];
  serviceIds: string[];
}

export function siteRoutes(sources: Sources, { drafts = includeDrafts() } = {}): SiteRoutes {
  const serviceIds = [...(idsOf(sources.collections.services) ?? [])];
  const live = sources.pages.filter((p) => !p.draft);
  return {
    routes: [...live.map((p) => p.path), ...serviceIds.map(servicePath)],
    draftRoutes: sources.pages.filter((p) => p.draft).map((p) => p.path),
    pageSlugs: sources.pages.filter((p) => drafts || !p.draft).map((p) => p.slug),
    serviceIds,
  };
}

/** Every route to build, pages then services; drafts only when asked for. */
export function routePaths(root: string, options: { drafts?: boolean } = {}): string[] {
  const { pageSlugs, serviceIds } = siteRoutes(readSources(root), options);
  return [...pageSlugs.map(pagePath), ...serviceIds.map(servicePath)];
}
