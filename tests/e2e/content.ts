/** What the content says each route should show, read from site-config/ the same way the build does. */
import { join } from "node:path";
import { loadSite } from "../../src/content/load.ts";

export const site = loadSite(join(import.meta.dirname, "..", ".."));

export interface Expected {
  path: string;
  title: string;
  description: string;
  /** A heading the page must show. */
  heading: string;
}

export const expectedRoutes: Expected[] = site.routes.map((path) => {
  if (path.startsWith("/services/")) {
    const service = site.collections!.services.find((s) => `/services/${s.id}` === path)!;
    return { path, title: `${service.name}${site.serviceTemplate!.titleSuffix}`, description: service.smallDescription, heading: service.name };
  }
  const page = site.pages.find((p) => p.path === path)!.doc!;
  const first = page.sections[0]!;
  const heading = ("headline" in first ? first.headline : "title" in first ? first.title : "heading" in first ? first.heading : undefined) ?? "";
  return { path, title: page.title, description: page.description, heading };
});
