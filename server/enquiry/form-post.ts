/**
 * The contact form sent without JavaScript: `application/x-www-form-urlencoded` with the form's
 * fields (name, email, subject, phone, message, and the honeypot "website"). Checked against the
 * same schema as the generated form (schemas/forms/contact.schema.json) with the same messages,
 * and composed into exactly the request the generated form sends (src/enquiry/enquiry.ts).
 *
 * When something is wrong the visitor gets the page they sent it from, without its scripts, with
 * the form filled in as they left it, each message under its field, and the first field to fix
 * focused: they fix it and send again, with or without JavaScript.
 */
import { Ajv, type ErrorObject } from "ajv";
import { defaultTreeAdapter as tree, parse, type DefaultTreeAdapterTypes as T } from "parse5";
import { CONTACT_FORM_FIELDS } from "../../src/generated/contact-form-fields.ts";
import { composeBody, contactSchema, messageFor, type EnquiryValues, type FieldName } from "../../src/enquiry/enquiry.ts";
import { ERROR_LIST_CLASS, FORM_ALERT_CLASS, ID_PREFIX, fieldId } from "../../src/enquiry/classes.ts";

export const FIELD_NAMES = CONTACT_FORM_FIELDS.map((f) => f.name) as FieldName[];

const ajv = new Ajv({ allErrors: true, strict: true, coerceTypes: false, useDefaults: false });
// The form schema's messages and editor hints are annotations; they never fail validation.
ajv.addKeyword({ keyword: "messages", schemaType: "object" });
const validate = ajv.compile<EnquiryValues>(contactSchema);

/** The field an Ajv error is about, and the rule it breaks. */
function fieldAndRule(e: ErrorObject): [string, string] {
  if (e.keyword === "required") return [String((e.params as { missingProperty: string }).missingProperty), "required"];
  return [e.instancePath.replace(/^\//, ""), e.keyword];
}

/**
 * The message for each field that breaks a rule, in the form's order (one per field, as the form
 * shows them). An empty field counts as missing, as in the generated form.
 */
export function enquiryErrors(values: Partial<Record<FieldName, string>>): Partial<Record<FieldName, string>> {
  const present = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ""));
  if (validate(present)) return {};
  const out: Partial<Record<FieldName, string>> = {};
  for (const e of validate.errors ?? []) {
    const [field, rule] = fieldAndRule(e);
    if (!(FIELD_NAMES as string[]).includes(field) || out[field as FieldName]) continue;
    out[field as FieldName] = messageFor(field, rule) ?? `${field} is not valid`;
  }
  return Object.fromEntries(FIELD_NAMES.filter((f) => out[f]).map((f) => [f, out[f]]));
}

/** The subject and body of the stored enquiry: exactly what the generated form sends for the same values. */
export function composeFromForm(values: EnquiryValues): { subject: string; body: string } {
  return { subject: values.subject, body: composeBody(values) };
}

const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttribute = (s: string) => escapeText(s).replace(/"/g, "&quot;");
const startTag = (el: T.Element, attrs: T.Element["attrs"]) =>
  `<${el.tagName}${attrs.map((a) => (a.value === "" ? ` ${a.name}` : ` ${a.name}="${escapeAttribute(a.value)}"`)).join("")}>`;

function* elements(parent: T.ParentNode): Generator<T.Element> {
  for (const child of parent.childNodes) {
    if (!tree.isElementNode(child)) continue;
    yield child;
    if (child.tagName !== "template") yield* elements(child);
  }
}

const attr = (el: T.Element, name: string) => el.attrs.find((a) => a.name === name)?.value;
const JAVASCRIPT = new Set(["", "module", "text/javascript", "application/javascript"]);

/**
 * `page` (a built page that has the contact form) as the answer to a form that could not be
 * accepted: scripts removed, fields filled with `values`, `errors` under their fields, `summary`
 * above the form. Undefined when the page has no contact form.
 */
export function formPage(page: string, values: Partial<Record<string, string>>, errors: Partial<Record<string, string>>, summary: string): string | undefined {
  const doc = parse(page, { sourceCodeLocationInfo: true });
  const all = [...elements(doc)];
  const form = all.find((el) => el.tagName === "form" && attr(el, "id") === `${ID_PREFIX}-form`);
  if (!form?.sourceCodeLocation?.startTag) return undefined;
  const edits: { start: number; end: number; text: string }[] = [];
  // Static: the scripts would take the page over and show another route.
  for (const el of all) {
    const executable = el.tagName === "script" && JAVASCRIPT.has((attr(el, "type") ?? "").toLowerCase());
    if ((executable || (el.tagName === "template" && attr(el, "data-deferred") !== undefined)) && el.sourceCodeLocation) {
      edits.push({ start: el.sourceCodeLocation.startOffset, end: el.sourceCodeLocation.endOffset, text: "" });
    }
  }
  const formEnd = form.sourceCodeLocation.startTag.endOffset;
  edits.push({ start: formEnd, end: formEnd, text: `<div role="alert" class="${FORM_ALERT_CLASS}">${escapeText(summary)}</div>` });
  let focused = false;
  for (const el of elements(form)) {
    const name = attr(el, "name");
    const loc = el.sourceCodeLocation;
    if (!name || !(FIELD_NAMES as string[]).includes(name) || !loc?.startTag || (el.tagName !== "input" && el.tagName !== "textarea")) continue;
    const value = values[name] ?? "";
    const error = errors[name];
    const id = fieldId(name);
    const attrs = el.attrs.filter((a) => !["value", "aria-invalid", "aria-describedby", "autofocus"].includes(a.name));
    if (el.tagName === "input") attrs.push({ name: "value", value });
    if (error) attrs.push({ name: "aria-invalid", value: "true" }, { name: "aria-describedby", value: `${id}__error` });
    // The first field to fix has the focus, and the browser scrolls to it: no script needed.
    if (error && !focused) {
      attrs.push({ name: "autofocus", value: "" });
      focused = true;
    }
    const control = el.tagName === "textarea" ? `${startTag(el, attrs)}${escapeText(value)}</textarea>` : startTag(el, attrs);
    const list = error ? `<ul id="${id}__error" class="${ERROR_LIST_CLASS}"><li>${escapeText(error)}</li></ul>` : "";
    edits.push({ start: loc.startOffset, end: loc.endOffset, text: control + list });
  }
  edits.sort((a, b) => a.start - b.start);
  let out = "";
  let at = 0;
  for (const edit of edits) {
    out += page.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + page.slice(at);
}
