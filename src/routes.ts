import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { CATALOG_PATH, catalogEnabled, contentRoot, siteRoutes } from "./content/routes.ts";
import { readSources } from "./content/sources.ts";

// One route per file in site-config/pages/ (drafts only outside a production
// build), all rendered by the same module; service pages come from the
// services collection through one template.
const pages = siteRoutes(readSources(contentRoot())).pageSlugs.map((slug) =>
  slug === "home" ? index("routes/page.tsx", { id: "page-home" }) : route(slug, "routes/page.tsx", { id: `page-${slug}` }),
);

// The section catalog exists only while previewing: `react-router build`
// (and typegen) run with NODE_ENV=production, so it is neither pre-rendered
// nor bundled, and the production server answers /__sections with a 301 to /.
// The page builder (/__edit, and the canvas it shows pages in) likewise.
const catalog = catalogEnabled()
  ? [route(CATALOG_PATH.slice(1), "routes/catalog.tsx"), route("__edit", "routes/editor.tsx"), route("__edit/canvas", "routes/editor-canvas.tsx")]
  : [];

export default [
  ...pages,
  route("services/:slug", "routes/service.tsx"),
  ...catalog,
  // Unknown paths go home (the production server answers them with a 301).
  route("*", "routes/fallback.tsx"),
] satisfies RouteConfig;
