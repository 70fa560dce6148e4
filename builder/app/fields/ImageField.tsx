/**
 * A picture: one of public/media/ (shown), or a new one uploaded there; its alt text, or "decorative".
 * A new picture empties the alt text (the old one described the old picture) and asks for its own:
 * uploaded or chosen in the library, the cursor goes to the alt text with a prompt beside it (a
 * decorative picture stays decorative, and is not asked).
 * Each message is under the control it is about and tied to it (aria-describedby); the field's
 * own (a picture missing) is rjsf's, under the whole field.
 */
import { useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import { errorId, type FieldProps } from "@rjsf/utils";
import { api } from "../api-client";
import { focusInPane } from "../shell/panes";
import { altAsked, askForAlt, useAltAsked } from "./alt-prompt";
import { invalid, isWarning } from "./inputs";
import { INPUT, type PickerContext } from "./pickers";
import { PICTURE, PictureLibrary } from "./PictureLibrary";

type Image = { src?: string; alt?: string; decorative?: boolean; focus?: { x: number; y: number } };

export { PICTURE };

/** Messages under one control, with the id the control names in its aria-describedby. */
function Messages({ id, messages }: { id: string; messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <ul id={id} className="error-detail">
      {messages.map((m) => (
        <li key={m} className={isWarning(m) ? "ed-warning" : undefined}>
          {m}
        </li>
      ))}
    </ul>
  );
}

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(" ") || undefined;

export function ImageField({ idSchema, formData, onChange, schema, name, registry, rawErrors = [], errorSchema, fieldPathId, uiSchema }: FieldProps) {
  const { media, addPicture, uploadLimit, images, mediaBytes } = registry.formContext as PickerContext & { uploadLimit: number };
  const [browsing, setBrowsing] = useState(false);
  const image = (formData ?? {}) as Image;
  const id = fieldPathId?.$id ?? idSchema?.$id ?? name;
  const [uploading, setUploading] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const altInput = useRef<HTMLInputElement>(null);
  const status = useId();
  const title = (uiSchema?.["ui:title"] as string | undefined) ?? schema.title ?? name;
  const own = errorSchema as { src?: { __errors?: string[] }; alt?: { __errors?: string[] } } | undefined;
  const srcMessages = own?.src?.__errors ?? [];
  const altMessages = own?.alt?.__errors ?? [];
  const ids = { src: `${id}_src`, alt: `${id}_alt`, srcMessages: `${id}_src__error`, altMessages: `${id}_alt__error`, prompt: `${id}_alt__prompt` };
  // The field's own messages are rjsf's list under the whole field (its FieldErrorTemplate), by this id.
  const fieldMessages = rawErrors.length > 0 ? errorId(id) : undefined;
  // Each picture's alt text as it was: choosing it again (arrowing through the list) brings its text back.
  const described = useRef(new Map<string, Image>(image.src ? [[image.src, image]] : []));
  const [prompting, setPrompting] = useState(false);
  // Asked once the new picture is drawn here (its alt text can take the cursor: not "decorative" any more).
  const asked = useAltAsked(id) && image.decorative !== true;
  useEffect(() => {
    if (!asked) return;
    altAsked(id);
    setPrompting(true);
    focusInPane(altInput.current);
  }, [asked, id]);
  const set = (patch: Partial<Image>) => {
    const next: Image = { ...image, ...patch };
    for (const key of Object.keys(next) as (keyof Image)[]) if (next[key] === undefined || next[key] === "") delete next[key];
    onChange(next as never, fieldPathId?.path ?? []);
  };
  /** Another picture: the alt text is its own (empty for a new one, with the prompt). `ask`: the cursor goes there too. */
  const choose = (src: string | undefined, ask: boolean) => {
    if (src === image.src) return;
    if (image.src) described.current.set(image.src, image);
    const before = src ? described.current.get(src) : undefined;
    // A picture that only decorates its place (a hero's background) stays decorative: no text to ask for.
    const decorative = before ? before.decorative : image.decorative;
    set({ src, alt: before?.alt, decorative, focus: before?.focus });
    const unnamed = Boolean(src) && !before?.alt && decorative !== true;
    setPrompting(unnamed);
    if (ask && unnamed) askForAlt(id);
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
      choose(src, true);
      setUploading(`Uploaded as ${src}.`);
    } catch (err) {
      setUploading((err as Error).message);
    } finally {
      if (fileInput.current) fileInput.current.value = "";
    }
  };
  const srcInvalid = invalid(srcMessages) || invalid(rawErrors);
  const altInvalid = invalid(altMessages);
  const prompt = prompting && !image.alt && image.decorative !== true;
  return (
    <fieldset className="relative rounded-md border border-slate-200 p-3" aria-describedby={fieldMessages}>
      <legend className="px-1 text-sm font-semibold text-slate-800">{title}</legend>
      {typeof schema.description === "string" && <p className="mb-2 text-xs text-slate-600">{schema.description}</p>}
      <div className="flex flex-wrap items-start gap-3">
        {image.src ? (
          <img src={image.src} alt="" className="h-16 w-24 shrink-0 rounded border border-slate-200 bg-slate-50 object-contain" />
        ) : (
          <span className="grid h-16 w-24 shrink-0 place-items-center rounded border border-dashed border-slate-300 text-xs text-slate-600">no picture</span>
        )}
        <div className="min-w-[12rem] flex-1 space-y-2">
          <label className="block text-xs font-medium text-slate-700" htmlFor={ids.src}>
            Picture
          </label>
          <select
            id={ids.src}
            className={INPUT}
            value={image.src ?? ""}
            aria-invalid={srcInvalid || undefined}
            aria-describedby={describedBy(srcMessages.length > 0 && ids.srcMessages, fieldMessages)}
            onChange={(e) => choose(e.target.value || undefined, false)}
          >
            <option value="">Choose a picture…</option>
            {image.src && !pictures.includes(image.src) && <option value={image.src}>{image.src} (not in public/)</option>}
            {pictures.map((p) => (
              <option key={p} value={p}>
                {p.replace(/^\/media\//, "")}
              </option>
            ))}
          </select>
          <Messages id={ids.srcMessages} messages={srcMessages} />
          <div className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              className="rounded-md bg-slate-100 px-2 py-1 text-xs font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
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
                  setBrowsing(false);
                  choose(src, true);
                }}
                onClose={() => setBrowsing(false)}
              />
            )}
            {/* The input is visually hidden; its label is the button people see, and shows the input's focus (peer). */}
            <input
              ref={fileInput}
              id={`${id}_upload`}
              type="file"
              accept="image/*"
              className="peer sr-only"
              aria-describedby={status}
              onChange={(e) => void onFile(e)}
            />
            <label
              htmlFor={`${id}_upload`}
              className="inline-block cursor-pointer rounded-md bg-slate-100 px-2 py-1 text-xs font-medium text-slate-800 ring-1 ring-slate-300 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-600 hover:bg-slate-200"
            >
              Upload a picture…
            </label>
            <span id={status} role="status" className="text-xs text-slate-700">
              {uploading}
            </span>
          </div>
          <label className="block text-xs font-medium text-slate-700" htmlFor={ids.alt}>
            Alt text (what the picture shows)
          </label>
          {prompt && (
            <p id={ids.prompt} className="rounded bg-amber-50 px-2 py-1 text-xs font-semibold text-amber-950 ring-1 ring-amber-300">
              A new picture: say what it shows here, or tick Decorative if it only decorates.
            </p>
          )}
          <input
            ref={altInput}
            id={ids.alt}
            type="text"
            className={INPUT}
            value={image.alt ?? ""}
            disabled={image.decorative === true}
            aria-invalid={altInvalid || undefined}
            aria-describedby={describedBy(prompt && ids.prompt, altMessages.length > 0 && ids.altMessages)}
            onChange={(e) => set({ alt: e.target.value || undefined })}
          />
          <Messages id={ids.altMessages} messages={altMessages} />
          <label className="flex items-center gap-2 text-xs text-slate-700">
            <input
              id={`${id}_decorative`}
              type="checkbox"
              checked={image.decorative === true}
              onChange={(e) => set({ decorative: e.target.checked || undefined })}
            />
            Decorative (says nothing; screen readers skip it)
          </label>
          {image.src && <FocalPoint id={id} src={image.src} focus={image.focus} onChange={(focus) => set({ focus })} />}
        </div>
      </div>
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
        id={`${id}_focus_${axis}`}
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
          <button
            type="button"
            className="rounded px-2 py-0.5 text-xs ring-1 ring-slate-300 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600"
            onClick={() => onChange(undefined)}
          >
            Middle
          </button>
        )}
      </div>
    </fieldset>
  );
}
