/**
 * What @rjsf/core needs beyond the schema to make a good form of it: a uiSchema made by walking
 * the schema (long text as a text area, pictures with the picture picker, links with the link
 * picker, entry ids with the entry picker), and those pickers. No field is described twice: every
 * label, help text, limit and choice comes from the schema.
 */
import { useId, useRef, useState, type ChangeEvent } from "react";
import type { FieldProps, IconButtonProps, RJSFSchema, UiSchema, WidgetProps } from "@rjsf/utils";
import type { Collections } from "@/content/collections";
import { api, type Schema } from "./api-client";

type Node = Schema & { properties?: Record<string, Schema>; items?: Schema; $ref?: string };

/** Follows a local reference (#/definitions/x) in a bundled schema. */
export function deref(root: Schema, node: Node): Node {
  const ref = node.$ref;
  if (typeof ref !== "string" || !ref.startsWith("#/definitions/")) return node;
  const target = (root.definitions as Record<string, Node>)[ref.slice("#/definitions/".length)];
  return target ? { ...deref(root, target), ...Object.fromEntries(Object.entries(node).filter(([k]) => k !== "$ref")) } : node;
}

/** Text longer than this reads better in a text area. */
const LONG_TEXT = 120;

/** The uiSchema of a bundled schema (the order of fields is the schema's; "type" and "$schema" stay hidden). */
export function uiSchemaFor(root: Schema): UiSchema {
  const walk = (raw: Node): UiSchema => {
    const node = deref(root, raw);
    if (node.requiresAlt === true) return { "ui:field": "ImageField" };
    if (node.type === "string") {
      if (node.link === true) return { "ui:widget": "LinkWidget" };
      if (node.assetPath === true) return { "ui:widget": "MediaWidget" };
      if (typeof node.collectionRef === "string") return { "ui:widget": "EntryWidget", "ui:options": { collection: node.collectionRef } };
      if (typeof node.maxLength === "number" && node.maxLength > LONG_TEXT)
        return { "ui:widget": "textarea", "ui:options": { rows: node.maxLength > 600 ? 6 : 3 } };
      if (Array.isArray(node.enum) && Array.isArray(node.enumDescriptions))
        return { "ui:enumNames": (node.enum as string[]).map((v, i) => `${v}: ${(node.enumDescriptions as string[])[i]}`) };
    }
    if (node.type === "object" && node.properties) {
      const out: UiSchema = {};
      for (const [name, prop] of Object.entries(node.properties)) {
        if (name === "$schema" || (name === "type" && "const" in deref(root, prop))) out[name] = { "ui:widget": "hidden" };
        else out[name] = { ...walk(prop), ...(!isWords(deref(root, prop).title) && { "ui:title": humanize(name) }) };
      }
      return out;
    }
    if (node.type === "array" && node.items) return { items: walk(node.items), "ui:options": { orderable: true } };
    return {};
  };
  // The form's own title would be the schema's type name ("HeroSection"): the editor shows a heading of its own.
  return { ...walk(root), "ui:label": false };
}

/** A title meant for people, not a type's name ("EntryId", "HeroSection"). */
const isWords = (title: unknown) => typeof title === "string" && !/^[A-Z][a-z]+[A-Z]\w*$/.test(title);

/** A field without such a title is labelled by its name, in words: "ctaLabel" → "Cta label". */
const humanize = (name: string) => {
  const words = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Where the pickers find their choices. */
export interface PickerContext {
  routes: string[];
  media: string[];
  collections: Collections | null;
  addMedia(src: string): void;
}

const INPUT =
  "block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 focus:border-blue-700 focus:outline-2 focus:outline-blue-600";

/** A link: any text, with the site's pages offered as you type. */
export function LinkWidget({ id, value, onChange, onBlur, onFocus, registry, disabled, readonly, rawErrors = [] }: WidgetProps) {
  const { routes } = registry.formContext as PickerContext;
  const list = `${id}-pages`;
  return (
    <>
      <input
        id={id}
        type="text"
        list={list}
        className={INPUT}
        value={typeof value === "string" ? value : ""}
        disabled={disabled}
        readOnly={readonly}
        aria-invalid={rawErrors.length > 0}
        onChange={(e) => onChange(e.target.value === "" ? undefined : e.target.value)}
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
      />
      <datalist id={list}>
        {routes.map((r) => (
          <option key={r} value={r} />
        ))}
      </datalist>
    </>
  );
}

/** A file in public/ (a video, say): chosen from the files there, or typed. */
export function MediaWidget({ id, value, onChange, onBlur, onFocus, registry, schema, rawErrors = [] }: WidgetProps) {
  const { media } = registry.formContext as PickerContext;
  const list = `${id}-media`;
  const pattern = typeof schema.pattern === "string" ? new RegExp(schema.pattern) : undefined;
  return (
    <>
      <input
        id={id}
        type="text"
        list={list}
        className={INPUT}
        value={typeof value === "string" ? value : ""}
        aria-invalid={rawErrors.length > 0}
        onChange={(e) => onChange(e.target.value || undefined)}
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
      />
      <datalist id={list}>
        {media
          .filter((m) => !pattern || pattern.test(m))
          .map((m) => (
            <option key={m} value={m} />
          ))}
      </datalist>
    </>
  );
}

/** The id of a collection entry: chosen by name from that collection. */
export function EntryWidget({ id, value, onChange, onBlur, onFocus, options, registry, rawErrors = [] }: WidgetProps) {
  const { collections } = registry.formContext as PickerContext;
  const name = String(options.collection) as keyof Collections;
  const entries = (collections?.[name] ?? []) as { id: string | number; name?: string; title?: string }[];
  const current = typeof value === "string" ? value : "";
  return (
    <select
      id={id}
      className={INPUT}
      value={current}
      aria-invalid={rawErrors.length > 0}
      onChange={(e) => onChange(e.target.value || undefined)}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
    >
      <option value="">Choose…</option>
      {!entries.some((e) => String(e.id) === current) && current && <option value={current}>{current} (not in the collection)</option>}
      {entries.map((e) => (
        <option key={String(e.id)} value={String(e.id)}>
          {e.name ?? e.title ?? String(e.id)} ({String(e.id)})
        </option>
      ))}
    </select>
  );
}

type Image = { src?: string; alt?: string; decorative?: boolean };

/** A picture: one of public/media/ (shown), or a new one uploaded there; its alt text or "decorative". */
export function ImageField({ idSchema, formData, onChange, schema, name, registry, rawErrors = [], fieldPathId }: FieldProps) {
  const { media, addMedia } = registry.formContext as PickerContext;
  const image = (formData ?? {}) as Image;
  const id = fieldPathId?.$id ?? idSchema?.$id ?? name;
  const [uploading, setUploading] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const status = useId();
  const set = (patch: Partial<Image>) => {
    const next: Image = { ...image, ...patch };
    for (const key of Object.keys(next) as (keyof Image)[]) if (next[key] === undefined || next[key] === "") delete next[key];
    onChange(next as never, fieldPathId?.path ?? []);
  };
  const pictures = media.filter((m) => /\.(svg|png|jpe?g|webp|avif|gif)$/i.test(m));
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    setUploading(`Uploading ${file.name}…`);
    try {
      const { src } = await api.upload(file);
      addMedia(src);
      set({ src });
      setUploading(`Uploaded as ${src}.`);
    } catch (err) {
      setUploading((err as Error).message);
    } finally {
      if (fileInput.current) fileInput.current.value = "";
    }
  };
  return (
    <fieldset className="rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">{schema.title ?? name}</legend>
      {typeof schema.description === "string" && <p className="mb-2 text-xs text-slate-600">{schema.description}</p>}
      <div className="flex items-start gap-3">
        {image.src ? (
          <img src={image.src} alt="" className="h-16 w-24 shrink-0 rounded border border-slate-200 bg-slate-50 object-contain" />
        ) : (
          <span className="grid h-16 w-24 shrink-0 place-items-center rounded border border-dashed border-slate-300 text-xs text-slate-500">no picture</span>
        )}
        <div className="min-w-0 flex-1 space-y-2">
          <label className="block text-xs font-medium text-slate-700" htmlFor={`${id}-src`}>
            Picture
          </label>
          <select
            id={`${id}-src`}
            className={INPUT}
            value={image.src ?? ""}
            aria-invalid={rawErrors.length > 0}
            onChange={(e) => set({ src: e.target.value || undefined })}
          >
            <option value="">Choose a picture…</option>
            {image.src && !pictures.includes(image.src) && <option value={image.src}>{image.src} (not in public/)</option>}
            {pictures.map((p) => (
              <option key={p} value={p}>
                {p.replace(/^\/media\//, "")}
              </option>
            ))}
          </select>
          <div>
            <input
              ref={fileInput}
              id={`${id}-upload`}
              type="file"
              accept="image/*"
              className="sr-only"
              aria-describedby={status}
              onChange={(e) => void onFile(e)}
            />
            <label
              htmlFor={`${id}-upload`}
              className="inline-block cursor-pointer rounded-md bg-slate-100 px-2 py-1 text-xs font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-200 focus-within:outline-2 focus-within:outline-blue-600"
            >
              Upload a picture…
            </label>
            <span id={status} role="status" className="ml-2 text-xs text-slate-600">
              {uploading}
            </span>
          </div>
          <label className="block text-xs font-medium text-slate-700" htmlFor={`${id}-alt`}>
            Alt text (what the picture shows)
          </label>
          <input
            id={`${id}-alt`}
            type="text"
            className={INPUT}
            value={image.alt ?? ""}
            disabled={image.decorative === true}
            onChange={(e) => set({ alt: e.target.value || undefined })}
          />
          <label className="flex items-center gap-2 text-xs text-slate-700">
            <input type="checkbox" checked={image.decorative === true} onChange={(e) => set({ decorative: e.target.checked || undefined })} />
            Decorative (says nothing; screen readers skip it)
          </label>
        </div>
      </div>
      {rawErrors.length > 0 && (
        <ul className="mt-2 text-xs text-red-700">
          {rawErrors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

/** rjsf's list buttons, with words instead of the Bootstrap icon font its default theme expects. */
function TextButton({
  text,
  danger = false,
  icon: _icon,
  iconType: _iconType,
  uiSchema: _uiSchema,
  registry: _registry,
  className: _className,
  ...rest
}: IconButtonProps & { text: string; danger?: boolean }) {
  return (
    <button type="button" className={`ed-list-button${danger ? " ed-list-button-danger" : ""}`} {...rest}>
      {text}
    </button>
  );
}

export const ButtonTemplates = {
  AddButton: (props: IconButtonProps) => <TextButton {...props} text="Add" />,
  CopyButton: (props: IconButtonProps) => <TextButton {...props} text="Copy" />,
  MoveUpButton: (props: IconButtonProps) => <TextButton {...props} text="Up" />,
  MoveDownButton: (props: IconButtonProps) => <TextButton {...props} text="Down" />,
  RemoveButton: (props: IconButtonProps) => <TextButton {...props} text="Remove" danger />,
};

export const widgets = { LinkWidget, MediaWidget, EntryWidget };
export const fields = { ImageField };

export type { RJSFSchema };
