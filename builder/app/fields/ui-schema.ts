/**
 * The uiSchema @rjsf/core needs beyond a bundled schema, made by walking it: every label from the
 * field's title (entries of a list: its itemTitle and number, "Paragraph 2"), choices by their
 * enumTitles, long text as a text area, pictures, links and collection entries with their pickers.
 * Nothing is described twice: labels, help, limits and choices all come from the schema.
 */
import type { UiSchema } from "@rjsf/utils";
import { deref, humanize, isWords, type Schema } from "../../shared/labels";

/** Text longer than this reads better in a text area. */
const LONG_TEXT = 120;

export function uiSchemaFor(root: Schema): UiSchema {
  const walk = (raw: Schema, name?: string): UiSchema => {
    const node = deref(root, raw);
    const label: UiSchema = isWords(node.title) ? { "ui:title": node.title } : name ? { "ui:title": humanize(name) } : {};
    if (node.requiresAlt === true) return { ...label, "ui:field": "ImageField" };
    if (node.type === "string") {
      if (node.link === true) return { ...label, "ui:widget": "LinkWidget" };
      if (node.assetPath === true) return { ...label, "ui:widget": "MediaWidget" };
      if (typeof node.collectionRef === "string") return { ...label, "ui:widget": "EntryWidget", "ui:options": { collection: node.collectionRef } };
      if (Array.isArray(node.enum))
        return {
          ...label,
          "ui:enumNames": (node.enum as unknown[]).map((v, i) => {
            const title = (node.enumTitles as unknown[] | undefined)?.[i];
            return typeof title === "string" ? title : humanize(String(v));
          }),
        };
      if (typeof node.maxLength === "number" && node.maxLength > LONG_TEXT)
        return { ...label, "ui:widget": "textarea", "ui:options": { rows: node.maxLength > 600 ? 6 : 3 } };
      return label;
    }
    if (node.type === "object" && node.properties) {
      const out: UiSchema = { ...label };
      for (const [key, prop] of Object.entries(node.properties as Record<string, Schema>)) {
        if (key === "$schema" || (key === "type" && "const" in deref(root, prop))) out[key] = { "ui:widget": "hidden" };
        else out[key] = walk(prop, key);
      }
      return out;
    }
    if (node.type === "array" && node.items) {
      const entry = typeof node.itemTitle === "string" ? node.itemTitle : "Entry";
      const items = walk(node.items as Schema);
      return { ...label, items: (_item: unknown, index: number) => ({ ...items, "ui:title": `${entry} ${index + 1}` }), "ui:options": { orderable: true } };
    }
    return label;
  };
  // The form's own title would be the schema's type name ("HeroSection"): the builder shows a heading of its own.
  return { ...walk(root), "ui:label": false };
}
