/** What the fields panel shows for the selection: the selected entry's form, the page's own fields, or the whole file's. */
import { useMemo } from "react";
import { fileTitle } from "../../shared/kinds";
import { kindOf, labelOf } from "../../shared/labels";
import type { EditorFile, EditorState, Schema } from "../api-client";
import { listKey, listOf } from "../state/list";
import type { Doc, Json, JsonObject, Target } from "../state/types";
import { type Placement, placementOf } from "./placement";

const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

/** The page-level fields (title, description, status...) as one pseudo-entry of the outline. */
export const OWN_FIELDS = "@page";

export interface Fields {
  title: string;
  schema: Schema;
  value: Doc["value"];
  pointer: string;
  target: Target;
  /** The selected entry (index in the list), or null. */
  entry: { index: number; id: string; label: string } | null;
  /** A placed shared section: the form shows it as the page does, and writes the page's own fields. */
  placement?: Placement;
  /** What the edit target takes for the form's value, when the form shows a part of it (a shared file's "section"). */
  wrap?: (value: Json) => Json;
}

export function useFields(doc: Doc | null, file: EditorFile | undefined, site: EditorState | null, selected: string | null): Fields | null {
  return useMemo(() => {
    if (!doc || !site || !file) return null;
    const documentSchema = site.schemas.documents[file.schema];
    const key = listKey(doc.kind);
    // A shared file that places another shared section with fields of its own (a dark variant): its form is the section's, as it shows.
    const own = file.kind === "shared" && isObject(doc.value) ? doc.value : null;
    const variant = own ? placementOf(own.section, site.shared) : null;
    const variantType = variant && typeof variant.shown.type === "string" ? variant.shown.type : undefined;
    if (own && variant && variantType && site.schemas.sections[variantType])
      return {
        title: `${fileTitle(file)} (the shared section "${variant.name}" with fields of its own)`,
        schema: site.schemas.sections[variantType],
        value: variant.shown,
        pointer: "/section",
        target: { whole: true },
        entry: null,
        placement: variant,
        wrap: (section) => ({ ...own, section }),
      };
    if (!key)
      return documentSchema
        ? {
            title: file.kind === "shared" ? fileTitle(file) : file.name,
            schema: documentSchema,
            value: doc.value,
            pointer: "",
            target: { whole: true },
            entry: null,
          }
        : null;
    const list = listOf(doc);
    const index = selected ? doc.ids.indexOf(selected) : -1;
    if (selected === OWN_FIELDS || index < 0) {
      if (!documentSchema || typeof doc.value !== "object" || doc.value === null || Array.isArray(doc.value)) return null;
      const { [key]: _, ...own } = doc.value as JsonObject;
      return {
        title: doc.kind === "collection" ? `${file.name}: the collection` : "Page settings",
        schema: documentSchema,
        value: own,
        pointer: "",
        target: { fields: true },
        entry: null,
      };
    }
    const placement = key === "sections" ? placementOf(list[index], site.shared) : null;
    const entry = placement ? placement.shown : list[index];
    const kind = kindOf(entry);
    const type = typeof entry === "object" && entry !== null && !Array.isArray(entry) && typeof entry.type === "string" ? entry.type : undefined;
    const schema = key === "sections" ? (type ? site.schemas.sections[type] : undefined) : documentSchema;
    if (!schema || entry === undefined) return null;
    const label = labelOf(entry, kind ?? "Entry");
    return {
      title: `${label} (${index + 1} of ${list.length}${kind && kind !== label ? `, ${kind}` : ""}${placement ? `, shared "${placement.name}"` : ""})`,
      schema,
      value: entry,
      pointer: `/${key}/${index}`,
      target: { entry: selected as string },
      entry: { index, id: selected as string, label },
      ...(placement ? { placement } : {}),
    };
  }, [doc, file, site, selected]);
}
