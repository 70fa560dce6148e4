/**
 * npm run dev: the site as the content plugin (vite-plugin.ts) last read and checked it after a
 * save, for the route loaders to use instead of reading all of site-config/ again on every
 * request. The plugin hands it over explicitly: it imports this module through the dev server's
 * SSR module runner (the one React Router renders with), so it calls the very instance the
 * loaders read, and nothing is shared through a global.
 */
import type { SiteResult } from "./site.ts";

/** This file as the SSR module runner knows it (vite-plugin.ts imports it by this id). */
export const DEV_CACHE_MODULE = "/src/content/dev-cache.ts";

/** `generation` counts the checks made after a change: a page rendered from an older one is out of date. */
let shared: { root: string; result: SiteResult; generation: number } | undefined;

export function shareCheckedSite(root: string, result: SiteResult, generation: number): void {
  shared = { root, result, generation };
}

/** Which check the loaders read now (0 before the first). */
export function checkedGeneration(root: string): number {
  return shared?.root === root ? shared.generation : 0;
}

/** The last checked site for `root`, or undefined (no save checked yet, or another content root). */
export function checkedSite(root: string): SiteResult | undefined {
  return shared?.root === root ? shared.result : undefined;
}
