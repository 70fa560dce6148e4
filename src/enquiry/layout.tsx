/**
 * Markup shared by the generated form (rjsf templates) and the plain form it
 * takes over from, so the two have the same height and nothing moves.
 */
import { createContext, type ReactNode, useContext } from "react";
import { ERROR_LIST_CLASS, ID_PREFIX } from "./classes";

export { BUTTON_CLASS, ERROR_LIST_CLASS, ID_PREFIX, INPUT_CLASS, TEXTAREA_CLASS, fieldId } from "./classes";

/** The grid of fields: two columns from the sm breakpoint, the message across both. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return <div className="grid gap-4 sm:grid-cols-2">{children}</div>;
}

export function FieldCell({ wide, children }: { wide: boolean; children: ReactNode }) {
  return <div className={wide ? "sm:col-span-2" : undefined}>{children}</div>;
}

/** Label, control and, under it, the field's errors in red. */
export function FieldFrame({
  id,
  label,
  requiredMark,
  errors = [],
  children,
}: {
  id: string;
  label: string;
  requiredMark: boolean;
  errors?: string[];
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
        {requiredMark && (
          <span className="text-red-600" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </label>
      {children}
      {errors.length > 0 && (
        <ul id={`${id}__error`} className={ERROR_LIST_CLASS}>
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The form's ids start with this. A page has one contact form, with the ids the server's answer and
 * the tests know; the page builder's library, which shows several thumbnails of it, gives each its own.
 */
export const FormIdPrefix = createContext(ID_PREFIX);

/** Off-screen honeypot: people never see or reach it, form-filling bots do. Uncontrolled without `onChange`. */
export function Honeypot({ idPrefix, value, onChange }: { idPrefix?: string; value?: string; onChange?: (v: string) => void }) {
  const base = useContext(FormIdPrefix);
  const id = `${idPrefix ?? base}_website`;
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Website</label>
      {onChange ? (
        <input id={id} name="website" type="text" tabIndex={-1} autoComplete="off" value={value ?? ""} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input id={id} name="website" type="text" tabIndex={-1} autoComplete="off" />
      )}
    </div>
  );
}
