/**
 * npm run dev: the site as the content plugin (vite-plugin.ts) last read and checked it after a
 * save, for the route loaders to use instead of reading all of site-config/ again on every
 * request. The plugin and the loaders run in one process but in separate module graphs, so the
 * hand-over is a global under a registered symbol.
 */
import type { SiteResult } from "./site.ts";

const KEY = Symbol.for("site-content.checked");
/** `generation` counts the checks made after a change: a page rendered from an older one is out of date. */
type Shared = { root: string; result: SiteResult; generation: number };

/** `afterChange`: false for the check at start, which reads what the loaders would have read anyway. */
export function shareCheckedSite(root: string, result: SiteResult, afterChange: boolean): void {
  const generation = ((globalThis as Record<symbol, Shared | undefined>)[KEY]?.generation ?? 0) + (afterChange ? 1 : 0);
  (globalThis as Record<symbol, Shared | undefined>)[KEY] = { root, result, generation };
}

/** Which check the loaders read now (0 before the first). */
export function checkedGeneration(root: string): number {
  const shared = (globalThis as Record<symbol, Shared | undefined>)[KEY];
  return shared?.root === root ? shared.generation : 0;
}

/** The last checked site for `root`, or undefined (no save checked yet, or another content root). */
export function checkedSite(root: string): SiteResult | undefined {
  const shared = (globalThis as Record<symbol, Shared | undefined>)[KEY];
  return shared?.root === root ? shared.result : undefined;
}
