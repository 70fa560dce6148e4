/** What the canvas is, for the parts that hold it: its widths, and what can be asked of it. */
import type { CanvasSlot } from "./protocol";

export const VIEWPORTS = [
  { width: 375, label: "Phone" },
  { width: 768, label: "Tablet" },
  { width: 1280, label: "Desktop" },
] as const;

export type Viewport = (typeof VIEWPORTS)[number]["width"];

export interface CanvasHandle {
  /** Moves the keyboard focus into the canvas, onto the selected section. */
  focus(): void;
  /** Shows the entries in a new order at once: the `move`th move made, before the builder draws it (see `moves`). */
  reorder(order: string[], move: number, selected: string): void;
  /** Shows one section as just typed, at once (from the field's own change event, before the builder draws again). */
  preview(id: string, slot: CanvasSlot): void;
  /** Loads the canvas again (the site's code was built again); it is sent the whole page once it is ready. */
  reload(): void;
  /** A file is being opened with these section types: the canvas loads their code meanwhile. */
  prepare(types: string[]): void;
  /** The site's checks on the text edited in place (null: it passes). */
  inlineProblem(id: string, pointer: string, text: string | null): void;
}
