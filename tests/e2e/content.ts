/** What the content says each route should show, read from site-config/ the same way the build does. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadSite } from "../../src/content/site.ts";
import type { Section } from "../../src/generated/content.ts";

const root = join(import.meta.dirname, "..", "..");
const result = loadSite(root);
const loaded = result.site!;
const template = JSON.parse(readFileSync(join(root, "site-config", "templates", "service.json"), "utf8")) as { titleSuffix: string };

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
  if (service) return { path, title: `${service.name}${template.titleSuffix}`, description: service.smallDescription, heading: service.name };
  const page = result.pages.find((p) => p.path === path)!.doc!;
  // Validated pages have their shared sections written in place.
  const first = page.sections[0] as Section;
  const heading = ("headline" in first ? first.headline : "title" in first ? first.title : "heading" in first ? first.heading : undefined) ?? "";
  return { path, title: page.title, description: page.description, heading };
});
