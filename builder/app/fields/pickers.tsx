/** Pickers for the fields the schemas mark: a link (the site's pages offered), a file in public/, a collection entry by name. */
import { ariaDescribedByIds, type WidgetProps } from "@rjsf/utils";
import type { Collections } from "@/content/collections";
import type { ImageFacts } from "@/images/slots";
import type { Uploaded } from "../api-client";
import { invalid } from "./inputs";

/** Where the pickers find their choices. */
export interface PickerContext {
  routes: string[];
  media: string[];
  collections: Collections | null;
  /** What the site knows of each picture, and each file's size in bytes (the picture library shows them). */
  images: Record<string, ImageFacts>;
  mediaBytes: Record<string, number>;
  /** A picture uploaded a moment ago, with what the site knows of it. */
  addPicture(uploaded: Uploaded): void;
}

export const INPUT =
  "block w-full rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm text-slate-900 focus:border-blue-700 focus:outline-2 focus:outline-blue-600 aria-invalid:border-red-700";

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
        aria-invalid={invalid(rawErrors)}
        aria-describedby={ariaDescribedByIds(id)}
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
        aria-invalid={invalid(rawErrors)}
        aria-describedby={ariaDescribedByIds(id)}
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
      aria-invalid={invalid(rawErrors)}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(e) => onChange(e.target.value || undefined)}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
    >
      <option value="">Choose…</option>
      {!entries.some((e) => String(e.id) === current) && current && <option value={current}>{current} (not in the collection)</option>}
      {entries.map((e) => (
        <option key={String(e.id)} value={String(e.id)}>
          {e.name ?? e.title ?? String(e.id)}
        </option>
      ))}
    </select>
  );
}
