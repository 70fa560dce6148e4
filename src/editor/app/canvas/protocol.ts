/**
 * The messages between the page builder (/__edit) and its canvas (/__edit/canvas, an iframe of the
 * same origin). The builder sends the page as the site would render it with the unsaved edits,
 * each section under the id it has in the builder; after the first message, only the sections that
 * changed are sent, so a keystroke re-renders one section. The canvas says when it is ready, which
 * section was clicked, the builder's shortcuts pressed while it has focus, and that the editor left it.
 */
import type { SiteSettings } from "@/generated/content";
import type { ImageFacts } from "@/images/slots";
import type { ResolvedSection } from "@/sections/types";
import type { Command } from "../shortcuts";

/** A section as the canvas shows it: rendered, or why it cannot be (in the builder's words). */
export type CanvasSlot = ({ ok: true } & ResolvedSection) | { ok: false; type: string; problems: string[] };

export interface CanvasMeta {
  path: string;
  draft: boolean;
  /** Errors of the page outside its sections, and of the files every page depends on (in the builder's words). */
  pageProblems: string[];
  siteProblems: string[];
}

export interface CanvasPage extends CanvasMeta {
  images: Record<string, ImageFacts>;
  /** The sections' ids, in order. */
  order: string[];
  slots: Record<string, CanvasSlot>;
}

export type ToCanvas =
  | {
      source: "site-editor";
      type: "page";
      meta: CanvasMeta;
      order: string[];
      /** The sections that changed since the last message (every one in the first). */
      slots: Record<string, CanvasSlot>;
      /** Present when they changed. */
      images?: Record<string, ImageFacts>;
      settings?: SiteSettings | null;
      selected: string | null;
    }
  /** One section typed into: sent from the key's own event, before the builder draws its form again. */
  | { source: "site-editor"; type: "slot"; id: string; slot: CanvasSlot }
  /** The same sections in a new order: sent from the move's own event. */
  | { source: "site-editor"; type: "order"; order: string[] }
  | { source: "site-editor"; type: "select"; id: string | null; reveal: boolean }
  /** The editor came into the canvas on purpose (the "Go to the preview" link): focus the selected section. */
  | { source: "site-editor"; type: "focus" }
  /** A file is being opened: the code of its section types can load while the builder draws it. */
  | { source: "site-editor"; type: "prepare"; types: string[] };

export type FromCanvas =
  | { source: "site-canvas"; type: "ready" }
  /** `fields`: the editor asked for its fields (a click, Enter), not only moved to it (arrow keys). */
  | { source: "site-canvas"; type: "select"; id: string; fields: boolean }
  /** A builder shortcut pressed in the canvas (../shortcuts.ts). */
  | { source: "site-canvas"; type: "key"; command: Command }
  /** Escape in the canvas: back to the builder. */
  | { source: "site-canvas"; type: "leave" };

export const isFromCanvas = (data: unknown): data is FromCanvas =>
  typeof data === "object" && data !== null && (data as { source?: unknown }).source === "site-canvas";
export const isToCanvas = (data: unknown): data is ToCanvas =>
  typeof data === "object" && data !== null && (data as { source?: unknown }).source === "site-editor";

/**
 * What the canvas's window offers the builder (the same origin): a message taken at once, inside the
 * caller's event, so a keystroke reaches the canvas before the builder's own form is drawn again.
 */
export interface CanvasWindow extends Window {
  siteCanvas?: { receive(message: ToCanvas): void };
}

/** A message without its `source` (each side adds its own). */
export type Unsourced<T> = T extends unknown ? Omit<T, "source"> : never;
