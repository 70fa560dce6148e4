/**
 * A picture: one of public/media/ (shown), or a new one uploaded there; its alt text, or "decorative".
 * A new picture empties the alt text (the old one described the old picture) and asks for its own:
 * uploaded or chosen in the library, the cursor goes to the alt text with a prompt beside it (a
 * decorative picture stays decorative, and is not asked).
 * Each message is under the control it is about and tied to it (aria-describedby); the field's
 * own (a picture missing) is rjsf's, under the whole field.
 */
import { type RefObject, useEffect, useId, useRef, useState } from "react";
import { errorId, type FieldProps } from "@rjsf/utils";
import { focusInPane } from "../shell/panes";
import { altAsked, askForAlt, useAltAsked } from "./alt-prompt";
import { invalid, isWarning } from "./inputs";
import { INPUT, type PickerContext } from "./pickers";
import { PICTURE, PictureLibrary } from "./PictureLibrary";
import { PictureUpload } from "./PictureUpload";

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
  const altInput = useRef<HTMLInputElement>(null);
  const status = useId();
  const title = (uiSchema?.["ui:title"] as string | undefined) ?? schema.title ?? name;
  const own = errorSchema as { src?: { __errors?: string[] }; alt?: { __errors?: string[] } } | undefined;
  const srcMessages = own?.src?.__errors ?? [];
  const altMessages = own?.alt?.__errors ?? [];
  const ids = {
    src: `${id}_src`,
    alt: `${id}_alt`,
    srcMessages: `${id}_src__error`,
    altMessages: `${id}_alt__error`,
    prompt: `${id}_alt__prompt`,
    decorative: `${id}_decorative`,
  };
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
          <PictureSelect
            id={ids.src}
            value={image.src}
            pictures={pictures}
            invalid={srcInvalid}
            describedBy={describedBy(srcMessages.length > 0 && ids.srcMessages, fieldMessages)}
            onChoose={(src) => choose(src, false)}
          />
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
            <PictureUpload
              id={id}
              status={status}
              uploadLimit={uploadLimit}
              onUploaded={(uploaded) => {
                addPicture(uploaded);
                choose(uploaded.src, true);
              }}
            />
          </div>
          <AltText ids={ids} input={altInput} image={image} prompt={prompt} invalid={altInvalid} messages={altMessages} onChange={set} />
          {image.src && <FocalPoint id={id} src={image.src} focus={image.focus} onChange={(focus) => set({ focus })} />}
        </div>
      </div>
    </fieldset>
  );
}

/** The picture chosen from public/media/ (one not there any more stays listed, as such). */
function PictureSelect({
  id,
  value,
  pictures,
  invalid,
  describedBy,
  onChoose,
}: {
  id: string;
  value: string | undefined;
  pictures: string[];
  invalid: boolean | undefined;
  describedBy: string | undefined;
  onChoose(src: string | undefined): void;
}) {
  return (
    <>
      <label className="block text-xs font-medium text-slate-700" htmlFor={id}>
        Picture
      </label>
      <select
        id={id}
        className={INPUT}
        value={value ?? ""}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChoose(e.target.value || undefined)}
      >
        <option value="">Choose a picture…</option>
        {value && !pictures.includes(value) && <option value={value}>{value} (not in public/)</option>}
        {pictures.map((p) => (
          <option key={p} value={p}>
            {p.replace(/^\/media\//, "")}
          </option>
        ))}
      </select>
    </>
  );
}

/** The alt text, with the prompt for a new picture's, and "Decorative" (no text: screen readers skip the picture). */
function AltText({
  ids,
  input,
  image,
  prompt,
  invalid,
  messages,
  onChange,
}: {
  ids: { alt: string; altMessages: string; prompt: string; decorative: string };
  input: RefObject<HTMLInputElement | null>;
  image: Image;
  /** The prompt to describe a new picture shows. */
  prompt: boolean;
  invalid: boolean | undefined;
  messages: string[];
  onChange(patch: Partial<Image>): void;
}) {
  return (
    <>
      <label className="block text-xs font-medium text-slate-700" htmlFor={ids.alt}>
        Alt text (what the picture shows)
      </label>
      {prompt && (
        <p id={ids.prompt} className="rounded bg-amber-50 px-2 py-1 text-xs font-semibold text-amber-950 ring-1 ring-amber-300">
          A new picture: say what it shows here, or tick Decorative if it only decorates.
        </p>
      )}
      <input
        ref={input}
        id={ids.alt}
        type="text"
        className={INPUT}
        value={image.alt ?? ""}
        disabled={image.decorative === true}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(prompt && ids.prompt, messages.length > 0 && ids.altMessages)}
        onChange={(e) => onChange({ alt: e.target.value || undefined })}
      />
      <Messages id={ids.altMessages} messages={messages} />
      <label className="flex items-center gap-2 text-xs text-slate-700">
        <input
          id={ids.decorative}
          type="checkbox"
          checked={image.decorative === true}
          onChange={(e) => onChange({ decorative: e.target.checked || undefined })}
        />
        Decorative (says nothing; screen readers skip it)
      </label>
    </>
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
