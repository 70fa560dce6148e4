import type { SiteStore } from "./site-store.ts";
/** The dev server's message to the browser when site-config/ changed and was checked again (src/content/vite-plugin.ts). */
export const CONTENT_CHANGED = "site-content:changed";

/** What the browser is told: the routes whose page changed, or null for every page (settings, a collection, a template, a schema). */
export interface ContentChanged {
  routes: string[] | null;
}

/**
 * Where the dev server tells which content check its pages are made from now: a page that loaded
 * while a save was being announced missed the message, and finds out here that it is out of date.
 */
export const CONTENT_GENERATION_PATH = "/__site-content/generation";

/** What the content plugin offers other plugins (its `api`): the site as the dev server last checked it, which the page builder shares. */
export interface SiteContentApi {
  store: SiteStore;
}
