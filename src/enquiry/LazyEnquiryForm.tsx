/**
 * The contact form's place on the page. Until the visitor nears it (within
 * 400 px of the viewport), points at it or tabs into it, a placeholder of the
 * same markup and height stands in, and the form's code (rjsf, validator,
 * toasts) is not fetched at all.
 */
import { lazy, startTransition, Suspense, useEffect, useRef, useState, type FocusEvent } from "react";
import { loadChunk } from "@/lib/chunk-load";
import { whenNear } from "@/lib/viewport";
import { CONTACT_FORM_FIELDS, CONTACT_FORM_SUBMIT_TEXT } from "@/generated/contact-form-fields";
import { BUTTON_CLASS, FieldCell, FieldFrame, FieldGrid, Honeypot, INPUT_CLASS, TEXTAREA_CLASS, fieldId } from "./layout";

/** The next task: lets the browser paint and handle input between two chunks' evaluation. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The form's code comes in three chunks (vite.config.ts: form-utils, form-core,
 * then the form's own), imported one after the other, each evaluated in its
 * own task: importing a module evaluates the chunks it needs that are not
 * evaluated yet, so importing steps/form-utils, then steps/form-core, then the form
 * leaves each step only its own chunk's work. (Fetching them in parallel
 * would evaluate them together, in one long task.)
 */
const EnquiryForm = lazy(() =>
  loadChunk("form-utils", () => import("./steps/form-utils"))
    .then(nextTask)
    .then(() => loadChunk("form-core", () => import("./steps/form-core")))
    .then(nextTask)
    .then(() => loadChunk("EnquiryForm", () => import("./EnquiryForm"))),
);

/** The form's markup with inert fields: same labels, same boxes, same height. */
function Placeholder() {
  return (
    <div className="relative" aria-busy="true">
      <FieldGrid>
        {CONTACT_FORM_FIELDS.map((f) => {
          const id = fieldId(f.name);
          return (
            <FieldCell key={f.name} wide={f.textarea}>
              <FieldFrame id={id} label={f.label} requiredMark={f.requiredMark}>
                {f.textarea ? (
                  <textarea id={id} className={TEXTAREA_CLASS} placeholder={f.placeholder} readOnly rows={5} />
                ) : (
                  <input id={id} className={INPUT_CLASS} placeholder={f.placeholder} readOnly />
                )}
              </FieldFrame>
            </FieldCell>
          );
        })}
      </FieldGrid>
      <Honeypot />
      <div className="mt-6">
        <button type="button" className={BUTTON_CLASS} disabled>
          {CONTACT_FORM_SUBMIT_TEXT}
        </button>
      </div>
    </div>
  );
}

export function LazyEnquiryForm({ endpoint, to }: { endpoint: string; to: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [load, setLoad] = useState(false);
  const [focusId, setFocusId] = useState<string | null>(null);

  useEffect(() => {
    const el = box.current;
    if (load || !el) return;
    // Near the viewport: rendered as a transition, which React cuts into short slices of work
    // (the form is big); a visitor who points at it or tabs into it gets it at once (wake).
    return whenNear(el, "400px 0px", () => startTransition(() => setLoad(true)));
  }, [load]);

  const wake = (e?: FocusEvent) => {
    if (e?.target instanceof HTMLElement && e.target.id) setFocusId(e.target.id);
    setLoad(true);
  };

  return (
    <div ref={box} data-enquiry-form={load ? "loading" : "placeholder"} onFocus={load ? undefined : wake} onPointerEnter={load ? undefined : () => wake()}>
      {load ? (
        <Suspense fallback={<Placeholder />}>
          <EnquiryForm endpoint={endpoint} to={to} focusId={focusId} />
        </Suspense>
      ) : (
        <Placeholder />
      )}
    </div>
  );
}
