import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { pageSlugs } from "./content/routes-config.ts";

// One route per file in site-config/pages/, all rendered by the same module;
// service pages come from the services collection through one template.
const pages = pageSlugs(process.cwd()).map((slug) =>
  slug === "home" ? index("routes/page.tsx", { id: "page-home" }) : route(slug, "routes/page.tsx", { id: `page-${slug}` }),
);

export default [
  ...pages,
  route("services/:slug", "routes/service.tsx"),
  // Unknown paths go home (the production server answers them with a 301).
  route("*", "routes/fallback.tsx"),
] satisfies RouteConfig;
