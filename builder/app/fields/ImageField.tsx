/** A picture: one of public/media/ (shown), or a new one uploaded there; its alt text, or "decorative". */
import { useId, useRef, useState, type ChangeEvent } from "react";
import type { FieldProps } from "@rjsf/utils";
import { api } from "../api-client";
import { INPUT, type PickerContext } from "./pickers";
import { PICTURE, PictureLibrary } from "./PictureLibrary";

type Image = { src?: string; alt?: string; decorative?: boolean; focus?: { x: number; y: number } };

export { PICTURE };

export function ImageField({ idSchema, formData, onChange, schema, name, registry, rawErrors = [], fieldPathId, uiSchema }: FieldProps) {
  const { media, addPicture, uploadLimit, images, mediaBytes } = registry.formContext as PickerContext & { uploadLimit: number };
  const [browsing, setBrowsing] = useState(false);
  const image = (formData ?? {}) as Image;
  const id = fieldPathId?.$id ?? idSchema?.$id ?? name;
  const [uploading, setUploading] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const status = useId();
  const errors = `${id}__error`;
  const title = (uiSchema?.["ui:title"] as string | undefined) ?? schema.title ?? name;
  const set = (patch: Partial<Image>) => {
    const next: Image = { ...image, ...patch };
    for (const key of Object.keys(next) as (keyof Image)[]) if (next[key] === undefined || next[key] === "") delete next[key];
    onChange(next as never, fieldPathId?.path ?? []);
  };
  const pictures = media.filter((m) => PICTURE.test(m));
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    if (file.size > uploadLimit) {
      setUploading(`"${file.name}" is too large (${(file.size / 1024 / 1024).toFixed(1)} MB): the limit is ${Math.round(uploadLimit / 1024 / 1024)} MB.`);
      if (fileInput.current) fileInput.current.value = "";
      return;
    }
    setUploading(`Uploading ${file.name}…`);
    try {
      const uploaded = await api.upload(file);
      const { src } = uploaded;
      addPicture(uploaded);
      set({ src });
      setUploading(`Uploaded as ${src}.`);
    } catch (err) {
      setUploading((err as Error).message);
    } finally {
      if (fileInput.current) fileInput.current.value = "";
    }
  };
  return (
    <fieldset className="relative rounded-md border border-slate-200 p-3" aria-describedby={rawErrors.length > 0 ? errors : undefined}>
      <legend className="px-1 text-sm font-semibold text-slate-800">{title}</legend>
      {typeof schema.description === "string" && <p className="mb-2 text-xs text-slate-600">{schema.description}</p>}
      <div className="flex items-start gap-3">
        {image.src ? (
          <img src={image.src} alt="" className="h-16 w-24 shrink-0 rounded border border-slate-200 bg-slate-50 object-contain" />
        ) : (
          <span className="grid h-16 w-24 shrink-0 place-items-center rounded border border-dashed border-slate-300 text-xs text-slate-600">no picture</span>
        )}
        <div className="min-w-0 flex-1 space-y-2">
          <label className="block text-xs font-medium text-slate-700" htmlFor={`${id}-src`}>
            Picture
          </label>
          <select
            id={`${id}-src`}
            className={INPUT}
            value={image.src ?? ""}
            aria-invalid={rawErrors.length > 0 || undefined}
            aria-describedby={rawErrors.length > 0 ? errors : undefined}
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
          <div className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              className="rounded-md bg-slate-100 px-2 py-1 text-xs font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-blue-600"
              onClick={() => setBrowsing(true)}
            >
              Browse the pictures…
            </button>
            {/* Drawn only while open: a form with many picture fields holds no hidden grids of thumbnails. */}
            {browsing && (
              <PictureLibrary
                open
                pictures={pictures}
                images={images}
                bytes={mediaBytes}
                current={image.src}
                uploadLimit={uploadLimit}
                onUploaded={addPicture}
                onChoose={(src) => {
                  set({ src });
                  setBrowsing(false);
                }}
                onClose={() => setBrowsing(false)}
              />
            )}
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
            <span id={status} role="status" className="ml-2 text-xs text-slate-700">
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
          {image.src && <FocalPoint id={id} src={image.src} focus={image.focus} onChange={(focus) => set({ focus })} />}
        </div>
      </div>
      {rawErrors.length > 0 && (
        <ul id={errors} className="error-detail mt-2">
          {rawErrors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

const percent = (n: number) => Math.round(Math.min(100, Math.max(0, n)));

/** Where the picture stays in view when cropped: a click on the picture, or the two numbers; the middle when not set. */
function FocalPoint({ id, src, focus, onChange }: { id: string; src: string; focus: Image["focus"]; onChange(focus: Image["focus"]): void }) {
  const at = focus ?? { x: 50, y: 50 };
  const number = (axis: "x" | "y", label: string) => (
    <label className="flex items-center gap-1 text-xs text-slate-700">
      {label}
      <input
        id={`${id}-focus-${axis}`}
        type="number"
        min={0}
        max={100}
        className={`${INPUT} w-20`}
        value={at[axis]}
        onChange={(e) => e.target.value !== "" && onChange({ ...at, [axis]: percent(Number(e.target.value)) })}
      />
    </label>
  );
  return (
    <fieldset className="space-y-1">
      <legend className="text-xs font-medium text-slate-700">Focal point: the part kept in view where the picture is cropped (click it on the picture)</legend>
      <span className="relative inline-block">
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the two numbers below set the same point from the keyboard. */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: as above. */}
        <img
          src={src}
          alt=""
          className="block h-28 w-auto max-w-full cursor-crosshair rounded border border-slate-200"
          onClick={(e) => {
            const r = e.currentTarget.getBoundingClientRect();
            onChange({ x: percent(((e.clientX - r.left) / r.width) * 100), y: percent(((e.clientY - r.top) / r.height) * 100) });
          }}
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute size-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-blue-700 shadow"
          style={{ left: `${at.x}%`, top: `${at.y}%` }}
        />
      </span>
      <div className="flex flex-wrap items-center gap-3">
        {number("x", "From the left (%)")}
        {number("y", "From the top (%)")}
        {focus && (
          <button type="button" className="rounded px-2 py-0.5 text-xs ring-1 ring-slate-300 hover:bg-slate-100" onClick={() => onChange(undefined)}>
            Middle
          </button>
        )}
      </div>
    </fieldset>
  );
}
