/** What the canvas page shows, as the builder's messages leave it (a reducer: each message gives the next view). */
import type { SiteSettings } from "@/generated/content";
import type { ImageFacts } from "@/images/slots";
import type { CanvasMeta, CanvasSlot, ToCanvas } from "./protocol";

export interface View {
  meta: CanvasMeta | null;
  order: string[];
  slots: Map<string, CanvasSlot>;
  images: Record<string, ImageFacts>;
  settings: SiteSettings | null;
  selected: string | null;
  /** Set when the selection was made in the builder: the canvas scrolls to it. */
  reveal: number;
  focus: number;
  /** How much the builder shrinks the canvas: its controls are drawn larger by as much. */
  scale: number;
  /** The site's checks on the text being edited in place. */
  inlineProblem: { id: string; pointer: string; text: string | null } | null;
}

export function update(view: View, message: ToCanvas): View {
  if (message.type === "focus") return { ...view, focus: view.focus + 1 };
  if (message.type === "prepare") return view;
  if (message.type === "scale") return { ...view, scale: message.scale };
  if (message.type === "inline-problem") return { ...view, inlineProblem: { id: message.id, pointer: message.pointer, text: message.text } };
  // A section typed into is drawn on its own (typedSlots below), not through the page.
  if (message.type === "slot") return view;
  if (message.type === "order") {
    const same = message.order.length === view.order.length && message.order.every((id) => view.slots.has(id));
    return same ? { ...view, order: message.order, selected: message.selected } : view;
  }
  if (message.type === "select") return { ...view, selected: message.id, reveal: message.reveal ? view.reveal + 1 : view.reveal };
  const slots = new Map<string, CanvasSlot>();
  for (const id of message.order) {
    const slot = message.slots[id] ?? view.slots.get(id);
    if (slot) slots.set(id, slot);
  }
  return {
    ...view,
    meta: message.meta,
    order: message.order,
    slots,
    images: message.images ?? view.images,
    settings: message.settings === undefined ? view.settings : message.settings,
    selected: message.selected,
  };
}

export const EMPTY_VIEW: View = {
  meta: null,
  order: [],
  slots: new Map(),
  images: {},
  settings: null,
  selected: null,
  reveal: 0,
  focus: 0,
  scale: 1,
  inlineProblem: null,
};
