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
import type { InlineField } from "./inline";
import type { Command } from "../shell/shortcuts";

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
  | { source: "site-editor"; type: "order"; order: string[]; selected: string }
  | { source: "site-editor"; type: "select"; id: string | null; reveal: boolean }
  /** The editor came into the canvas on purpose (the "Go to the preview" link): focus the selected section. */
  | { source: "site-editor"; type: "focus" }
  /** How much the builder shrinks the canvas to fit (1: not at all): its controls are drawn that much larger, to stay legible. */
  | { source: "site-editor"; type: "scale"; scale: number }
  /** The site's checks on the text being edited in place (null: none): shown beside it. */
  | { source: "site-editor"; type: "inline-problem"; id: string; pointer: string; text: string | null }
  /** A file is being opened: the code of its section types can load while the builder draws it. */
  | { source: "site-editor"; type: "prepare"; types: string[] };

export type FromCanvas =
  | { source: "site-canvas"; type: "ready" }
  /** `fields`: the editor asked for its fields (a click, Enter), not only moved to it (arrow keys). */
  | { source: "site-canvas"; type: "select"; id: string; fields: boolean }
  /** A builder shortcut pressed in the canvas (../shortcuts.ts), or a button of the selected section's toolbar. */
  | { source: "site-canvas"; type: "command"; command: Command }
  /** A section type from the library dropped in the canvas: a new section at `index` (0: first). */
  | { source: "site-canvas"; type: "insert"; section: string; index: number }
  /** A section dragged within the canvas: to the place before the section now at `index` (the count: last). */
  | { source: "site-canvas"; type: "move-to"; id: string; index: number }
  /** A picture file dropped on a section: it becomes the section's picture (uploaded first). */
  | { source: "site-canvas"; type: "picture"; id: string; file: File }
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

/**
 * What the builder's window offers its canvas (the same origin): the clipboard, answered inside the
 * canvas's own copy or paste event (a browser hands the clipboard to that event only).
 */
export interface BuilderWindow extends Window {
  /** Each part of the builder sets its own members (../hooks/useClipboard.ts, ../hooks/useInlineEdits.ts). */
  siteBuilder?: Partial<BuilderApi>;
}

export interface BuilderApi {
  /** The section `id` (or the selected one) as JSON, kept in the builder's clipboard too; null when there is none. */
  copy(id: string | null): string | null;
  /** Text from the clipboard: pasted after the selected section when it is a section. */
  paste(text: string): void;
  /** Texts edited in place in the canvas, answered inside the canvas's own events (a keystroke shows at once). */
  inline: {
    /** The section's texts that can be edited in place, as they are now (the section is selected). */
    fields(id: string): InlineField[];
    /** A keystroke: the section is shown with it at once, and the builder follows. */
    input(id: string, pointer: string, value: string): void;
    /** The edit is over (Enter, Tab, a click away; Escape hands back the text from before): the form takes the value. */
    end(id: string, pointer: string, value: string): void;
  };
}

/** What a drag carries: a section type from the library, or a section of the canvas being moved. */
export const DRAG_NEW = "application/x-site-section";
export const DRAG_MOVE = "application/x-site-move";

/** A message without its `source` (each side adds its own). */
export type Unsourced<T> = T extends unknown ? Omit<T, "source"> : never;
