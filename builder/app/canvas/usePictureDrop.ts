/**
 * A picture file dropped on a section in the canvas: uploaded to public/media/ (as the picture
 * fields' Upload does), then made the section's picture: its first picture field (a hero's or a
 * banner's photo, a text block's picture). Its alt text, which described the picture before, is
 * emptied, and the section's fields open with the cursor in it and a prompt (a decorative picture
 * stays decorative). Said aloud, step by step.
 */
import { useCallback, useRef } from "react";
import { splitPointer, withValueAt } from "@/lib/json-pointer";
import { api, type EditorState, type Schema, type Uploaded } from "../api-client";
import { PICTURE } from "../fields/ImageField";
import type { Tone } from "../shell/types";
import { listOf } from "../state/list";
import type { Action, Doc, Json, JsonObject } from "../state/types";
import { typeTitle } from "../../shared/labels";
import { askForAlt } from "../fields/alt-prompt";
import { fieldId } from "../shell/words";

const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

/** The pointer of the first picture field (`#/definitions/image`) in a section's bundled schema, in the order of its properties. */
export function firstPicture(schema: Schema, at = ""): string | null {
  const definitions = (schema.definitions ?? {}) as Record<string, Schema>;
  const walk = (node: Schema, path: string, depth: number): string | null => {
    if (depth > 6) return null;
    if (node.$ref === "#/definitions/image") return path;
    const target = typeof node.$ref === "string" ? definitions[node.$ref.replace("#/definitions/", "")] : node;
    const properties = isObject(target?.properties) ? (target.properties as Record<string, Schema>) : {};
    for (const [key, child] of Object.entries(properties)) {
      const found = walk(child, `${path}/${key}`, depth + 1);
      if (found) return found;
    }
    return null;
  };
  return walk(schema, at, 0);
}

export function usePictureDrop({
  doc,
  site,
  dispatch,
  announce,
  addPicture,
}: {
  /** The file as it is now (not as last drawn). */
  doc: Doc | null;
  site: EditorState | null;
  dispatch(action: Action): void;
  announce(text: string, tone?: Tone): void;
  addPicture(uploaded: Uploaded): void;
}) {
  const now = useRef({ doc, site });
  now.current = { doc, site };
  return useCallback(
    async (id: string, file: File) => {
      const { site } = now.current;
      if (!site) return;
      if (!PICTURE.test(file.name)) return announce(`"${file.name}" is not a picture (SVG, PNG, JPEG, WebP, AVIF or GIF): nothing was changed.`, "error");
      if (file.size > site.uploadLimit) {
        return announce(
          `"${file.name}" is too large (${(file.size / 1024 / 1024).toFixed(1)} MB): the limit is ${Math.round(site.uploadLimit / 1024 / 1024)} MB.`,
          "error",
        );
      }
      announce(`Uploading ${file.name}…`);
      let uploaded: Uploaded;
      try {
        uploaded = await api.upload(file);
      } catch (err) {
        return announce((err as Error).message, "error");
      }
      addPicture(uploaded);
      // The section as it is once the upload is done (the editor may have typed meanwhile).
      const { doc } = now.current;
      const index = doc ? doc.ids.indexOf(id) : -1;
      const section = doc && index >= 0 ? (listOf(doc)[index] as Json) : undefined;
      const type = isObject(section) && typeof section.type === "string" ? section.type : null;
      const schema = type ? site.schemas.sections[type] : undefined;
      const pointer = schema ? firstPicture(schema) : null;
      if (!section || !type || pointer === null) {
        return announce(`Uploaded as ${uploaded.src}, but this section has no picture to change: choose it in a picture field.`, "error");
      }
      const path = splitPointer(pointer);
      let current: Json | undefined = section;
      for (const key of path) current = isObject(current) ? current[key] : undefined;
      // A new picture: the alt text and focal point of the one before say nothing true of it. A picture
      // that only decorates its place (a hero's background) stays decorative: it has no text to ask for.
      const { alt: _alt, focus: _focus, ...kept } = isObject(current) ? current : {};
      const decorative = kept.decorative === true;
      const next = withValueAt(section, path, { ...kept, src: uploaded.src }) as Json;
      dispatch({ type: "edit", target: { entry: id }, value: next, key: `picture:${id}` });
      dispatch({ type: "seal" });
      dispatch({ type: "select", id });
      if (!decorative) askForAlt(fieldId("field", "", pointer));
      announce(
        `${file.name} is now the picture of section ${index + 1} (${typeTitle(type)}), as ${uploaded.src}${decorative ? ", decorative as the one before" : ": say what it shows in its alt text"}. Ctrl+Z puts the one before back.`,
        "ok",
      );
    },
    [announce, dispatch, addPicture],
  );
}
