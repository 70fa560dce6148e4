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
export const contentRoot = (): string => process.env.SITE_ROOT || process.cwd();

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

/**
 * The parts of React Router's route table that depend on the content (src/routes.ts): a route for
 * the home page if there is one, and one for the other pages if there are any. Pages and services
 * added or renamed within that shape need no new route table, only a new list of paths.
 */
export function routeShape(pageSlugs: readonly string[]): { home: boolean; pages: boolean } {
  return { home: pageSlugs.includes("home"), pages: pageSlugs.some((slug) => slug !== "home") };
}

/** Every route to build, pages then services; drafts only when asked for. */
export function routePaths(root: string, options: { drafts?: boolean } = {}): string[] {
  return pathsOf(readSources(root), options);
}

function pathsOf(sources: Sources, options: { drafts?: boolean } = {}): string[] {
  const { pageSlugs, serviceIds } = siteRoutes(sources, options);
  return [...pageSlugs.map(pagePath), ...serviceIds.map(servicePath)];
}

/**
 * The route table's shape and the routes; the routes are undefined while services.json is missing
 * or is not valid JSON: which services exist is then unknown, not none (the dev server keeps the
 * routes it has until the file is fixed).
 */
export function knownRoutes(root: string): { shape: ReturnType<typeof routeShape>; paths: string[] | undefined } {
  const sources = readSources(root);
  return { shape: routeShape(siteRoutes(sources).pageSlugs), paths: sources.collections.services.parsed ? pathsOf(sources) : undefined };
}

/**
 * What React Router pre-renders in a build, and answers data requests for in dev: every route, and
 * in dev the catalog. React Router refuses a route with a loader that no listed path reaches, so in
 * dev, while no service can be read, a stand-in keeps the service route (it shows the errors).
 */
export function prerenderPaths(root: string, sources: Sources = readSources(root)): string[] {
  const paths = pathsOf(sources);
  if (!catalogEnabled()) return paths;
  const standIn = paths.some((p) => p.startsWith(servicePath(""))) ? [] : [servicePath("example")];
  return [...paths, ...standIn, CATALOG_PATH];
}
