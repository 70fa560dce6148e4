import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { CATALOG_PATH, catalogEnabled, contentRoot, routeShape, siteRoutes } from "./content/routes.ts";
import { readSources } from "./content/sources.ts";
import { buildSite } from "./content/site.ts";

// Pages: the home page and one route for every other file in site-config/pages/ (drafts only
// outside a production build), which lists each of them for pre-rendering (src/content/routes.ts).
// One route whatever the number of pages: React Router matches every request against the whole
// route list, so a route per page made the build grow with the square of the pages, and the
// route manifest every visitor downloads with them. Service pages likewise come from the
// services collection through one template.
// A build reads the content here first, and every later step shares what was read (buildSite).
const sources = catalogEnabled() ? readSources(contentRoot()) : buildSite(contentRoot()).sources;
const shape = routeShape(siteRoutes(sources).pageSlugs);
const pages = [
  ...(shape.home ? [index("routes/page.tsx", { id: "page-home" })] : []),
  ...(shape.pages ? [route(":page", "routes/page.tsx", { id: "page" })] : []),
];

// The section catalog exists only while previewing: `react-router build`
// (and typegen) run with NODE_ENV=production, so it is neither pre-rendered
// nor bundled, and the production server answers /__sections with a 301 to /.
// (The page builder, /__edit, is no route: the dev server serves its build, builder/server/.)
const catalog = catalogEnabled() ? [route(CATALOG_PATH.slice(1), "routes/catalog.tsx")] : [];

export default [
  ...pages,
  route("services/:slug", "routes/service.tsx"),
  ...catalog,
  // Unknown paths go home (the production server answers them with a 301).
  route("*", "routes/fallback.tsx"),
] satisfies RouteConfig;
