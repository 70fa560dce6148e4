/**
 * A shared section placed on a page ({ "shared": "contact", ...fields of its own }) edited in its
 * form (issue 51): the form shows the section as the page shows it; a field changed there becomes
 * the page's own (an override), and "Use the shared text" drops it again.
 */
import { dequal } from "dequal";
import type { EditorState } from "../api-client";
import { placedAs } from "../../shared/kinds";
import type { Json, JsonObject } from "../state/types";

export interface Placement {
  name: string;
  /** The placement as the file writes it ({ "shared": "contact", ...its own fields }). */
  entry: JsonObject;
  /** The fields the page writes over the shared section's. */
  overrides: string[];
  /** The shared section as its file makes it. */
  base: JsonObject;
  /** The section as the page shows it: the shared one with the page's own fields over it. */
  shown: JsonObject;
  /** The pages it shows on, in words ("/", "/contact-us"). */
  placedIn: string[];
  file: string;
}

const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

export const isPlaced = (entry: Json | undefined): entry is JsonObject & { shared: string } => isObject(entry) && typeof entry.shared === "string";

/** The placement `entry` makes, or null when it places none or its shared section cannot be shown (a broken file). */
export function placementOf(entry: Json | undefined, shared: EditorState["shared"]): Placement | null {
  if (!isPlaced(entry)) return null;
  const summary = shared.find((s) => s.name === entry.shared);
  const shown = placedAs(entry, shared);
  if (!summary || !shown) return null;
  return {
    name: entry.shared,
    entry,
    overrides: Object.keys(entry).filter((k) => k !== "shared"),
    base: summary.section as JsonObject,
    shown,
    placedIn: summary.placedIn,
    file: summary.file,
  };
}

/** The form's value written back as the placement: the page keeps a field of its own where it has one, or where it now differs from the shared one. */
export function toPlacement(value: Json, placement: Placement): JsonObject {
  const out: JsonObject = { shared: placement.name };
  if (!isObject(value)) return out;
  for (const [key, field] of Object.entries(value)) {
    if (key === "type" || key === "shared" || field === undefined) continue;
    if (placement.overrides.includes(key) || !dequal(field, placement.base[key])) out[key] = field;
  }
  return out;
}

/** The placement without the page's own `key`: the shared section's shows again. */
export function withoutOverride(entry: JsonObject, key: string): JsonObject {
  const { [key]: _, ...rest } = entry;
  return rest;
}

/** A name for a new shared section: the section's type, made unique among the shared sections ("contact", "contact-2"). */
export function sharedName(type: string, shared: EditorState["shared"]): string {
  const taken = new Set(shared.map((s) => s.name));
  const base = type.replace(/-section$/, "");
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}
