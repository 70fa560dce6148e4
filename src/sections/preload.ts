import type { PageData } from "@/content/site.server";
import { wakeIslands } from "@/components/island";
import { preloadSections } from "./registry";

/**
 * Resolves to `page` once the code of all its sections is loaded, so that a
 * client-side navigation shows the page whole, with no empty gaps, and the
 * islands of the page being left are ready (wakeIslands). If that
 * code is gone (the site was redeployed since this tab loaded it), the page at
 * `url` is loaded afresh from the server instead of showing an error.
 */
export async function preloadPageSections<P extends Pick<PageData, "slots">>(page: P, url: string): Promise<P> {
  try {
    await Promise.all([preloadSections(page.slots.flatMap((slot) => (slot.ok ? [slot.section.type] : []))), wakeIslands()]);
  } catch {
    window.location.assign(url);
    return new Promise<P>(() => {}); // the page is going away
  }
  return page;
}
