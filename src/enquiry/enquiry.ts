/**
 * The enquiry as the form holds it, the request it becomes (SPEC s7) and
 * the form's error messages, all derived from schemas/forms/contact.schema.json.
 * No React here: the form, the placeholder and the tests share it.
 */
import type { RJSFValidationError } from "@rjsf/utils";
import schema from "../../schemas/forms/contact.schema.json";

export const contactSchema = schema;

export type FieldName = "name" | "email" | "subject" | "phone" | "message";
export type EnquiryValues = Record<FieldName, string>;

/** What the visitor typed in the plain form before the generated form took over (see LazyEnquiryForm). */
export interface AdoptedInput {
  values: Partial<EnquiryValues>;
  honeypot: string;
}

export interface EnquiryFormProps {
  /** Base URL of the mail service ("" = this site's own server). */
  endpoint: string;
  /** The company e-mail (settings.email), sent as `to`. */
  to: string;
  /** Null while the form is rendered hidden, behind the plain form; then what was typed there. */
  adopted: AdoptedInput | null;
  /** Called once the hidden form is rendered: time to take over from the plain form. */
  onRendered: () => void;
}

/** The request body of POST {endpoint}/send-email. */
export interface SendEmailRequest {
  to: string;
  subject: string;
  body: string;
  /** Honeypot: only sent when something (a bot) filled it. */
  website?: string;
}

/** Plain text of the labelled name, email, phone and message, one per paragraph (SPEC s7). */
export function composeBody(v: EnquiryValues): string {
  return [`Name: ${v.name}`, `Email: ${v.email}`, `Phone: ${v.phone}`, `Message: ${v.message}`].join("\n\n");
}

/** The fields back from a body composeBody made (the studio's inbox reads enquiries so); null for any other text. */
export function parseBody(text: string): Omit<EnquiryValues, "subject"> | null {
  const fields = /^Name: (.*)\n\nEmail: (.*)\n\nPhone: (.*)\n\nMessage: ([\s\S]*)$/.exec(text);
  if (!fields) return null;
  const [, name = "", email = "", phone = "", message = ""] = fields;
  return { name, email, phone, message };
}

export function toRequest(v: EnquiryValues, to: string, honeypot = ""): SendEmailRequest {
  return { to, subject: v.subject, body: composeBody(v), ...(honeypot ? { website: honeypot } : {}) };
}

type Messages = Partial<Record<string, string>>;
const properties = schema.properties as Record<string, { messages?: Messages }>;

/** The schema's message for a field that breaks a rule ("Name is required"), if it has one. */
export const messageFor = (field: string, rule: string): string | undefined => properties[field]?.messages?.[rule];

/**
 * Replaces Ajv's wording with the schema's own message for each field and
 * rule ("Name is required", "Invalid email format"...). rjsf files a
 * `required` error under the missing field (its `property` is ".name"), so
 * every message shows under its own field.
 */
export function transformErrors(errors: RJSFValidationError[]): RJSFValidationError[] {
  return errors.map((error) => {
    const field = (error.property ?? "").replace(/^\./, "");
    const message = messageFor(field, error.name ?? "");
    return message ? { ...error, message, stack: message } : error;
  });
}

/** Same answer, same key: a retry of an unchanged submission reuses its Idempotency-Key. */
export class IdempotencyKeys {
  private current: { fingerprint: string; key: string } | null = null;
  constructor(private readonly newKey: () => string = () => crypto.randomUUID()) {}

  keyFor(request: SendEmailRequest): string {
    const fingerprint = JSON.stringify(request);
    if (this.current?.fingerprint !== fingerprint) this.current = { fingerprint, key: this.newKey() };
    return this.current.key;
  }

  /** After a success: the next submission is a new enquiry. */
  clear(): void {
    this.current = null;
  }
}

export type SendResult = { ok: true } | { ok: false; message: string };

/**
 * Sends one enquiry. Per SPEC s7/s8: a JSON answer with an `error` field is a
 * failure showing that text; a network or parse failure shows the exception's
 * message; anything else counts as success.
 */
export async function sendEnquiry(endpoint: string, request: SendEmailRequest, idempotencyKey: string, fetchImpl: typeof fetch = fetch): Promise<SendResult> {
  try {
    const res = await fetchImpl(`${endpoint}/send-email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": idempotencyKey },
      body: JSON.stringify(request),
    });
    const data: unknown = await res.json();
    if (data !== null && typeof data === "object" && "error" in data) {
      return { ok: false, message: String((data as { error: unknown }).error) };
    }
    return { ok: true };
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
}
