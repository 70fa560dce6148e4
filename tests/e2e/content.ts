/** What the content says each route should show, read from site-config/ the same way the build does. */
import { join } from "node:path";
import { loadSite } from "../../src/content/site.ts";

const result = loadSite(join(import.meta.dirname, "..", ".."));
const loaded = result.site!;

/** The loaded content: routes, pages (as validated), collections and settings. */
export const site = { ...result, settings: loaded.settings };

export interface Expected {
  path: string;
  title: string;
  description: string;
  /** A heading the page must show. */
  heading: string;
}

export const expectedRoutes: Expected[] = result.routes.map((path) => {
  const service = loaded.servicePages.find((p) => p.path === path)?.service;
  if (service) return { path, title: `${service.name}${loaded.serviceTemplate.titleSuffix}`, description: service.smallDescription, heading: service.name };
  const page = result.pages.find((p) => p.path === path)!.doc!;
  const first = page.sections[0]!;
  const heading = ("headline" in first ? first.headline : "title" in first ? first.title : "heading" in first ? first.heading : undefined) ?? "";
  return { path, title: page.title, description: page.description, heading };
});
