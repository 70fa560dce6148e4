/**
 * What the builder sends the canvas for a page: only what the canvas does not show already (the
 * sections changed since the last message, the pictures and settings when they changed), and
 * nothing at all when nothing changed.
 */
import { dequal } from "dequal";
import type { SiteSettings } from "@/generated/content";
import type { ImageFacts } from "@/images/slots";
import type { CanvasPage, CanvasSlot, ToCanvas, Unsourced } from "./protocol";

export type PageMessage = Unsourced<Extract<ToCanvas, { type: "page" }>>;

/** What the canvas has: each section's slot as last sent, the pictures and settings; `ready` counts the canvas's loads it was sent in. */
export interface Sent {
  ready: number;
  slots: Map<string, CanvasSlot>;
  images?: Record<string, ImageFacts>;
  settings?: SiteSettings | null;
  meta?: PageMessage["meta"];
  order?: string[];
  selected?: string | null;
}

export interface Drawn {
  page: CanvasPage;
  settings: SiteSettings | null;
  selected: string | null;
  /** The order to show (the page's, or one shown ahead of it by a move). */
  order: string[];
  /** The page was drawn from an older state than the builder's: sections in `previewed` keep what was typed. */
  behind: boolean;
}

/**
 * The message for `drawn` after `last` (null: the canvas shows all of it already), and what the
 * canvas has then. `ready` is the canvas's current load: a new load gets everything. `previewed`
 * (sections shown as typed, ahead of the builder) loses the sections this page settles.
 */
export function pageMessage(drawn: Drawn, last: Sent, ready: number, previewed: Map<string, CanvasSlot>): { message: PageMessage | null; sent: Sent } {
  const { page, settings, selected, order, behind } = drawn;
  const fresh = last.ready !== ready;
  // What the canvas shows already is not sent again: a slot typed a moment ago, or one equal to it (the server's answer for the same text).
  const same = <T>(before: T | undefined, after: T) => !fresh && before !== undefined && (before === after || dequal(before, after));
  const slots: Record<string, CanvasSlot> = {};
  const now = new Map<string, CanvasSlot>();
  for (const id of page.order) {
    const slot = page.slots[id];
    if (!slot) continue;
    now.set(id, slot);
    const typed = previewed.get(id);
    if (typed && behind && !fresh) continue;
    previewed.delete(id);
    if (!same(typed ?? last.slots.get(id), slot)) slots[id] = slot;
  }
  if (!behind) previewed.clear();
  const { images, order: _order, slots: _slots, ...meta } = page;
  const message: PageMessage = {
    type: "page",
    meta,
    order,
    slots,
    images: same(last.images, images) ? undefined : images,
    settings: same(last.settings, settings) ? undefined : settings,
    selected,
  };
  const sent: Sent = { ready, slots: now, images, settings, meta, order, selected };
  const nothing = Object.keys(slots).length === 0 && !message.images && message.settings === undefined;
  if (nothing && same(last.meta, meta) && same(last.order, order) && last.selected === selected) return { message: null, sent };
  return { message, sent };
}
