/**
 * The library's "Shared sections" group (issue 51): each shared section as a card, its thumbnail
 * the section as pages show it; choosing one places it by name ({ "shared": "contact" }).
 */
import type { SectionCategory } from "@/content/section-categories";
import { typeTitle } from "../../shared/labels";
import type { EditorState, LibraryEntry } from "../api-client";
import { localSlot } from "../canvas/local";

/** A card's type for a shared section: what the library and a drag carry. */
export const SHARED_PREFIX = "shared:";

const made = new WeakMap<EditorState["shared"], LibraryEntry[]>();

/** The shared sections as library entries (the same objects for the same shared sections). */
export function sharedEntries(site: Pick<EditorState, "shared" | "collections">): LibraryEntry[] {
  const known = made.get(site.shared);
  if (known) return known;
  const entries = site.shared.flatMap((s): LibraryEntry[] => {
    const section = s.section;
    if (typeof section !== "object" || section === null || Array.isArray(section) || typeof section.type !== "string") return [];
    const slot = site.collections ? localSlot(section, site.collections, site.collections.services[0], site.shared) : null;
    const pages =
      s.placedIn.length === 0 ? "on no page yet" : `on ${s.placedIn.length === 1 ? "1 page" : `${s.placedIn.length} pages`}: ${s.placedIn.join(", ")}`;
    return [
      {
        type: `${SHARED_PREFIX}${s.name}`,
        title: s.name,
        purpose: `A ${typeTitle(section.type).toLowerCase()} section, ${pages}.`,
        category: "Other" as SectionCategory,
        json: "",
        slot: slot?.ok ? slot : { ok: false, type: section.type, index: 0, problems: slot && !slot.ok ? slot.problems : [] },
        example: { shared: s.name },
      },
    ];
  });
  made.set(site.shared, entries);
  return entries;
}
