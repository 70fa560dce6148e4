import type { PageData } from "@/content/site.server";
import { wakeIslands } from "@/runtime/island";
import { leaving } from "@/runtime/chunk-load";
import { preloadSections } from "./registry";

const sectionTypes = (page: Pick<PageData, "slots">) => page.slots.flatMap((slot) => (slot.ok ? [slot.section.type] : []));

/**
 * The page's data once its sections' code is loaded (the route loaders, at build time): the page then
 * renders in document order, never in the order its sections' code happens to arrive, so a build
 * writes the same bytes every time (the order of the styles the sections hoist into the head).
 */
export async function withSectionCode<P extends Pick<PageData, "slots">>(page: P): Promise<P> {
  await preloadSections(sectionTypes(page));
  return page;
}

/**
 * Loads a page for a client-side navigation (`load`: the route's server data) and resolves once the
 * code of all its sections is loaded too, so that the page shows whole, with no empty gaps, and the
 * islands of the page being left are ready (wakeIslands). If code is gone (the site was redeployed
 * since this tab loaded it), the page at `url` is loaded afresh from the server instead of showing
 * an error, whichever page's code it was, from the moment the navigation starts (see leaving).
 */
export function preloadPageSections<P extends Pick<PageData, "slots">>(load: () => Promise<P>, url: string): Promise<P> {
  return leaving(url, async () => {
    const page = await load();
    try {
      await Promise.all([preloadSections(sectionTypes(page)), wakeIslands()]);
    } catch {
      window.location.assign(url);
      return new Promise<P>(() => {}); // the page is going away
    }
    return page;
  });
}
