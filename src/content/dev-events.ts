/** The dev server's message to the browser when site-config/ changed and was checked again (src/content/vite-plugin.ts). */
export const CONTENT_CHANGED = "site-content:changed";

/** What the browser is told: the routes whose page changed, or null for every page (settings, a collection, a template, a schema). */
export interface ContentChanged {
  routes: string[] | null;
}
