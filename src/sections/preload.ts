import type { PageData } from "@/content/site.server";
import { wakeIslands } from "@/components/island";
import { leaving } from "@/lib/chunk-load";
import { preloadSections } from "./registry";

/**
 * Resolves to `page` once the code of all its sections is loaded, so that a
 * client-side navigation shows the page whole, with no empty gaps, and the
 * islands of the page being left are ready (wakeIslands). If that
 * code is gone (the site was redeployed since this tab loaded it), the page at
 * `url` is loaded afresh from the server instead of showing an error (also
 * when it is the code of the page being left that is gone: see leaving).
 */
export async function preloadPageSections<P extends Pick<PageData, "slots">>(page: P, url: string): Promise<P> {
  try {
    await leaving(url, () => Promise.all([preloadSections(page.slots.flatMap((slot) => (slot.ok ? [slot.section.type] : []))), wakeIslands()]));
  } catch {
    window.location.assign(url);
    return new Promise<P>(() => {}); // the page is going away
  }
  return page;
}
