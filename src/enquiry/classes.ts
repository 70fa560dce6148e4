/**
 * The contact form's ids and class names, shared by the generated form, the plain form it takes
 * over from, and the server's answer to a plain form with mistakes (server/enquiry/form-post.ts),
 * so the three look the same. (Tailwind finds the classes here.)
 */
export const ID_PREFIX = "enquiry";
export const fieldId = (name: string) => `${ID_PREFIX}_${name}`;

export const INPUT_CLASS =
  "block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-slate-900 placeholder:text-slate-400 focus:border-brand focus:outline-2 focus:outline-sky aria-invalid:border-red-600 read-only:bg-slate-50";
export const TEXTAREA_CLASS = `${INPUT_CLASS.replace("h-11", "h-32")} resize-none py-2`;
export const BUTTON_CLASS =
  "inline-flex h-12 items-center justify-center rounded-full bg-brand px-8 font-semibold text-white shadow-sm transition hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky disabled:cursor-not-allowed disabled:opacity-60";
/** The messages under a field. */
export const ERROR_LIST_CLASS = "mt-1 text-sm text-red-600";
/** Above a form the server sent back: why the enquiry was not sent. */
export const FORM_ALERT_CLASS = "mb-4 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800 ring-1 ring-red-600/30";
