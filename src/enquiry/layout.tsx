/**
 * Markup shared by the real form (rjsf templates) and its placeholder, so the
 * two have the same height and nothing below the form moves when it loads.
 */
import type { ReactNode } from "react";

export const INPUT_CLASS =
  "block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-slate-900 placeholder:text-slate-400 focus:border-brand focus:outline-2 focus:outline-sky aria-invalid:border-red-600 read-only:bg-slate-50";
export const TEXTAREA_CLASS = `${INPUT_CLASS.replace("h-11", "h-32")} resize-none py-2`;
export const BUTTON_CLASS =
  "inline-flex h-12 items-center justify-center rounded-full bg-brand px-8 font-semibold text-white shadow-sm transition hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky disabled:cursor-not-allowed disabled:opacity-60";

/** The grid of fields: two columns from the sm breakpoint, the message across both. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return <div className="grid gap-4 sm:grid-cols-2">{children}</div>;
}

export function FieldCell({ wide, children }: { wide: boolean; children: ReactNode }) {
  return <div className={wide ? "sm:col-span-2" : undefined}>{children}</div>;
}

/** Label, control and, under it, the field's errors in red. */
export function FieldFrame({ id, label, requiredMark, errors = [], children }: { id: string; label: string; requiredMark: boolean; errors?: string[]; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
        {requiredMark && (
          <span className="text-red-600" aria-hidden="true">
            {" "}*
          </span>
        )}
      </label>
      {children}
      {errors.length > 0 && (
        <ul id={`${id}__error`} className="mt-1 text-sm text-red-600">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Off-screen honeypot: people never see or reach it, form-filling bots do. */
export function Honeypot({ value, onChange }: { value?: string; onChange?: (v: string) => void }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor="enquiry_website">Website</label>
      <input id="enquiry_website" name="website" type="text" tabIndex={-1} autoComplete="off" value={value ?? ""} onChange={(e) => onChange?.(e.target.value)} readOnly={!onChange} />
    </div>
  );
}

export const ID_PREFIX = "enquiry";
export const fieldId = (name: string) => `${ID_PREFIX}_${name}`;
