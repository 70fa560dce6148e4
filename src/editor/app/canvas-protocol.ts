/**
 * The messages between the page builder (/__edit) and its canvas (/__edit/canvas, in an iframe of
 * the same origin). The editor sends the page as the site would render it with the unsaved edits;
 * the canvas says when it is ready, which section was clicked, and the editor's shortcuts pressed
 * while it has focus.
 */
import type { PageData } from "@/content/site.server";
import type { SiteSettings } from "@/generated/content";

export type ToCanvas =
  | { source: "site-editor"; type: "page"; page: PageData | null; settings: SiteSettings | null; selected: number | null }
  | { source: "site-editor"; type: "select"; index: number | null; reveal: boolean };

export type FromCanvas =
  | { source: "site-canvas"; type: "ready" }
  | { source: "site-canvas"; type: "select"; index: number }
  | { source: "site-canvas"; type: "key"; key: string; shift: boolean };

export const isFromCanvas = (data: unknown): data is FromCanvas =>
  typeof data === "object" && data !== null && (data as { source?: unknown }).source === "site-canvas";
export const isToCanvas = (data: unknown): data is ToCanvas =>
  typeof data === "object" && data !== null && (data as { source?: unknown }).source === "site-editor";

/** A message without its `source` (each side adds its own). */
export type Unsourced<T> = T extends unknown ? Omit<T, "source"> : never;
