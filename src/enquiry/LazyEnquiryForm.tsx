/**
 * The contact form's place on the page.
 *
 * The pre-rendered form is a real HTML form: it posts to {endpoint}/send-email with named fields
 * and the browser's own checks from the schema, so a visitor can type from the first paint and
 * send without any script (the server answers with /thank-you, or the form again with its
 * messages).
 *
 * When the visitor nears it, points at it or tabs into it, the generated form's code loads (rjsf,
 * the validator, toasts) and is rendered, hidden, in the background. Then, in one task, it takes
 * over: it adopts what was typed, shows, and focus and caret go back where they were, so no
 * keystroke is lost. A visitor who sends before that sends the plain form: never both.
 */
import { startTransition, useCallback, useContext, useEffect, useRef, useState, type ComponentType } from "react";
import { flushSync } from "react-dom";
import { loadChunk } from "@/runtime/chunk-load";
import { whenNear } from "@/runtime/viewport";
import { CONTACT_FORM_FIELDS, CONTACT_FORM_SUBMIT_TEXT } from "@/generated/contact-form-fields";
import type { EnquiryFormProps, EnquiryValues } from "./enquiry";
import { FORM_ALERT_CLASS } from "./classes";
import { BUTTON_CLASS, FieldCell, FieldFrame, FieldGrid, FormIdPrefix, Honeypot, INPUT_CLASS, TEXTAREA_CLASS } from "./layout";

/** The next task: lets the browser paint and handle input between two chunks' evaluation. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The form's code comes in three chunks (vite.config.ts: form-utils, form-core, then the form's
 * own), imported one after the other, each evaluated in its own task: importing a module evaluates
 * the chunks it needs that are not evaluated yet, so importing steps/form-utils, then
 * steps/form-core, then the form leaves each step only its own chunk's work. (Fetching them in
 * parallel would evaluate them together, in one long task.)
 */
const loadForm = () =>
  loadChunk("form-utils", () => import("./steps/form-utils"))
    .then(nextTask)
    .then(() => loadChunk("form-core", () => import("./steps/form-core")))
    .then(nextTask)
    .then(() => loadChunk("EnquiryForm", () => import("./EnquiryForm")))
    .then((m) => m.default);

/**
 * The plain form: what the page carries, usable before and without any script. Without `action`
 * (a mail service that takes only JSON) it says that it needs JavaScript, and where to write instead.
 */
function PlainForm({ action, email }: { action: string | undefined; email: string }) {
  const prefix = useContext(FormIdPrefix);
  return (
    <form id={`${prefix}-form`} method="post" action={action} className="relative">
      {!action && (
        <noscript>
          <p className={FORM_ALERT_CLASS}>
            Sending this form needs JavaScript, which is off in your browser. Please write to us at <a href={`mailto:${email}`}>{email}</a> instead.
          </p>
        </noscript>
      )}
      <FieldGrid>
        {CONTACT_FORM_FIELDS.map((f) => {
          const id = `${prefix}_${f.name}`;
          const common = {
            id,
            name: f.name,
            placeholder: f.placeholder,
            required: f.required,
            maxLength: f.maxLength,
            autoComplete: "autoComplete" in f ? f.autoComplete : undefined,
          };
          return (
            <FieldCell key={f.name} wide={f.textarea}>
              <FieldFrame id={id} label={f.label} requiredMark={f.requiredMark}>
                {f.textarea ? (
                  <textarea {...common} className={TEXTAREA_CLASS} rows={"rows" in f ? f.rows : 5} />
                ) : (
                  <input {...common} className={INPUT_CLASS} type={"inputType" in f ? f.inputType : "text"} pattern={"pattern" in f ? f.pattern : undefined} />
                )}
              </FieldFrame>
            </FieldCell>
          );
        })}
      </FieldGrid>
      <Honeypot />
      <div className="mt-6">
        <button type="submit" className={BUTTON_CLASS}>
          {CONTACT_FORM_SUBMIT_TEXT}
        </button>
      </div>
    </form>
  );
}

/** What the visitor has done in the plain form: the values, and where the caret is. */
export interface Adopted {
  values: Partial<EnquiryValues>;
  honeypot: string;
  focus?: { id: string; start: number | null; end: number | null };
}

function readPlainForm(form: HTMLFormElement): Adopted {
  const data = new FormData(form);
  const values: Partial<EnquiryValues> = {};
  for (const f of CONTACT_FORM_FIELDS) {
    const value = data.get(f.name);
    if (typeof value === "string" && value !== "") values[f.name] = value;
  }
  const active = document.activeElement;
  const focus =
    (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) && form.contains(active)
      ? { id: active.id, start: active.selectionStart, end: active.selectionEnd }
      : undefined;
  return { values, honeypot: String(data.get("website") ?? ""), focus };
}

function restoreFocus(focus: Adopted["focus"]) {
  if (!focus) return;
  const field = document.getElementById(focus.id);
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
  field.focus({ preventScroll: true });
  // Some input types (email) have no selection to set.
  if (focus.start !== null && focus.end !== null) {
    try {
      field.setSelectionRange(focus.start, focus.end);
    } catch {
      // nothing to restore for this type of field
    }
  }
}

export function LazyEnquiryForm({ endpoint, to, formPost = true }: { endpoint: string; to: string; formPost?: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  const [Form, setForm] = useState<ComponentType<EnquiryFormProps> | null>(null);
  const [adopted, setAdopted] = useState<Adopted | null>(null);
  const requested = useRef(false);

  const load = useCallback(() => {
    if (requested.current) return;
    requested.current = true;
    // Rendered as a transition, hidden: React cuts the big first render into short slices, while
    // the visitor goes on typing in the plain form. A failure leaves the plain form, which works.
    loadForm().then(
      (component) => startTransition(() => setForm(() => component)),
      () => {},
    );
  }, []);

  useEffect(() => {
    const el = box.current;
    if (Form || !el) return;
    return whenNear(el, "400px 0px", load);
  }, [Form, load]);

  // The generated form is rendered (hidden): in one task, adopt what was typed, show it, put the caret back.
  const prefix = useContext(FormIdPrefix);
  const takeOver = useCallback(() => {
    const plain = box.current?.querySelector<HTMLFormElement>(`#${prefix}-form`);
    if (!plain) return;
    const state = readPlainForm(plain);
    flushSync(() => setAdopted(state));
    restoreFocus(state.focus);
  }, [prefix]);

  const action = formPost ? `${endpoint}/send-email` : undefined;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus entering the plain form (its fields are the controls) loads the generated one.
    <div
      ref={box}
      data-enquiry-form={adopted ? "ready" : Form ? "loading" : "plain"}
      onFocus={Form ? undefined : load}
      onPointerEnter={Form ? undefined : load}
    >
      {Form && (
        <div hidden={!adopted}>
          <Form endpoint={endpoint} to={to} adopted={adopted} onRendered={takeOver} />
        </div>
      )}
      {!adopted && <PlainForm action={action} email={to} />}
    </div>
  );
}
