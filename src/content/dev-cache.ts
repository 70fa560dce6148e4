/**
 * npm run dev: the site as the content plugin (vite-plugin.ts) last read and checked it after a
 * save, for the route loaders to use instead of reading all of site-config/ again on every
 * request. The plugin and the loaders run in one process but in separate module graphs, so the
 * hand-over is a global under a registered symbol.
 */
import type { SiteResult } from "./site.ts";

const KEY = Symbol.for("site-content.checked");
type Shared = { root: string; result: SiteResult };

export function shareCheckedSite(root: string, result: SiteResult): void {
  (globalThis as Record<symbol, Shared | undefined>)[KEY] = { root, result };
}

/** The last checked site for `root`, or undefined (no save checked yet, or another content root). */
export function checkedSite(root: string): SiteResult | undefined {
  const shared = (globalThis as Record<symbol, Shared | undefined>)[KEY];
  return shared?.root === root ? shared.result : undefined;
}
