/**
 * POST /send-email: accepts an enquiry from the contact form (SPEC s7) and
 * stores it in the outbox before answering.
 *
 * From the generated form: Content-Type application/json, body
 * { to, subject, body } (and the honeypot field "website", normally absent),
 * optional Idempotency-Key header; success is 200 JSON. Every error is JSON
 * { "error": "..." } in plain words with its status: 400 bad input, 405
 * other methods, 413 too large, 415 neither JSON nor a form, 429 rate
 * limited (Retry-After), 503 disk full (Retry-After).
 *
 * From the plain form (no JavaScript, or sent before its code arrived):
 * application/x-www-form-urlencoded with the form's fields, checked with the
 * form's own schema and messages (form-post.ts) and stored exactly as the
 * generated form would send it; success is a 303 to /thank-you, an error the
 * page with the form filled in and the messages, with the same statuses.
 *
 * Both ways follow the form schema's rules for control characters: the
 * subject (like the plain form's name and phone) is one line; the body (like
 * the message) may have line breaks and tabs, no other control character.
 * Compressed bodies (Content-Encoding) are refused with 415: no browser sends
 * one, and each would be one more thing to decode and limit.
 *
 * Not an open relay: the request's "to" is accepted for compatibility with
 * the form's call and then ignored; mail only ever goes to MAIL_TO.
 */
import { Ajv, type ErrorObject } from "ajv";
import fastifyRateLimit from "@fastify/rate-limit";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import secureJson from "secure-json-parse";
import { contactSchema, type EnquiryValues, type FieldName } from "../../src/enquiry/enquiry.ts";
import { EMAIL_PATTERN } from "../config.ts";
import { composeFromForm, enquiryErrors, FIELD_NAMES, formPage } from "./form-post.ts";
import { OutboxFullError, type Outbox } from "./outbox.ts";
import { rateLimitKey } from "./client-key.ts";

export interface EnquiryRouteOptions {
  outbox: Outbox;
  rateLimitPerMinute: number;
  /** Called after an enquiry is stored (the delivery worker's kick). */
  onStored?: () => void;
  /** The HTML of the page a plain form came from (by its Referer), to answer a form with mistakes. */
  formPageHtml?: (referer: string | undefined) => string | undefined;
}

export const BODY_LIMIT = 64 * 1024;
const RETRY_AFTER_FULL_S = 60;

const SUBJECT_MAX = contactSchema.properties.subject.maxLength;
/** The form's rules for one line of text and for many: the same characters refused both ways in. */
const ONE_LINE = contactSchema.properties.subject.pattern;
const LINES = contactSchema.properties.message.pattern;
const FORM = "application/x-www-form-urlencoded";
/** Labels and blank lines around the form's four fields, with room for an external form's own layout. */
const TEXT_MAX = 20_000;

export const sendEmailBodySchema = {
  type: "object",
  additionalProperties: false,
  required: ["to", "subject", "body"],
  properties: {
    to: { type: "string", maxLength: 320 },
    subject: { type: "string", minLength: 1, maxLength: SUBJECT_MAX, pattern: ONE_LINE, not: { type: "string", pattern: "^\\s*$" } },
    body: { type: "string", minLength: 1, maxLength: TEXT_MAX, pattern: LINES, not: { type: "string", pattern: "^\\s*$" } },
    website: { type: "string", maxLength: 500 },
  },
} as const;

interface SendEmailBody {
  to: string;
  subject: string;
  body: string;
  website?: string;
}

// Fastify's own Ajv coerces types, removes unknown properties and fills in
// defaults; an enquiry must arrive exactly as sent, or be refused.
const ajv = new Ajv({ coerceTypes: false, removeAdditional: false, useDefaults: false, allErrors: false, strict: true });
const validateBody = ajv.compile<SendEmailBody>(sendEmailBodySchema);

const FIELDS = "to, subject and body";

function describeError(e: ErrorObject): string {
  const field = e.instancePath.replace(/^\//, "");
  switch (e.keyword) {
    case "required":
      return `The field "${(e.params as { missingProperty: string }).missingProperty}" is missing: send ${FIELDS}.`;
    case "additionalProperties":
      return `The field "${(e.params as { additionalProperty: string }).additionalProperty}" is not accepted: send only ${FIELDS}.`;
    case "type":
      return field ? `The field "${field}" must be text.` : "The request body must be a JSON object.";
    case "minLength":
    case "not":
      return `The field "${field}" must not be empty.`;
    case "maxLength":
      return `The field "${field}" is too long (at most ${(e.params as { limit: number }).limit} characters).`;
    case "pattern":
      return field === "subject"
        ? "The subject must be a single line: line breaks and other control characters are not allowed."
        : `The field "${field}" has control characters that are not allowed (line breaks and tabs are).`;
    default:
      return `The field "${field || "body"}" is not valid.`;
  }
}

class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/**
 * The visitor's e-mail from a JSON body's "Email:" line (the only source there), if the body has
 * exactly one such line and the address passes the form's rule. (A plain form's checked e-mail
 * field is used as it is.)
 */
export function replyToFrom(text: string): string | null {
  const lines = text.split("\n").filter((line) => line.startsWith("Email:"));
  if (lines.length !== 1) return null;
  // The whole line up to "\n": a stray "\r" or anything after the address disqualifies it.
  const candidate = (lines[0] ?? "").slice("Email:".length).replace(/^[ \t]+|[ \t]+$/g, "");
  return candidate.length <= 254 && EMAIL_PATTERN.test(candidate) ? candidate : null;
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,200}$/;

const contentType = (request: FastifyRequest) => {
  const [type = ""] = (request.headers["content-type"] ?? "").split(";");
  return type.trim().toLowerCase();
};

/** The plain form's fields, as sent: what the form-encoded parser makes of a body. */
interface FormFields {
  values: Partial<Record<FieldName, string>>;
  website: string;
}

function sendError(reply: FastifyReply, status: number, message: string, retryAfter?: number) {
  if (retryAfter !== undefined) reply.header("Retry-After", String(retryAfter));
  return reply.code(status).type("application/json; charset=utf-8").send({ error: message });
}

type AnswerError = ReturnType<typeof errorAnswer>;

/**
 * An error for the sender: JSON for the generated form; for a plain form, the page it came from
 * with the fields as sent and the messages (or, with no such page, the message as text).
 */
function errorAnswer(formPageHtml: EnquiryRouteOptions["formPageHtml"]) {
  return (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    message: string,
    retryAfter?: number,
    errors: Partial<Record<FieldName, string>> = {},
  ) => {
    if (contentType(request) !== FORM) return sendError(reply, status, message, retryAfter);
    if (retryAfter !== undefined) reply.header("Retry-After", String(retryAfter));
    const fields = (request.body as FormFields | undefined)?.values ?? {};
    const page = formPageHtml?.(request.headers.referer);
    const html = page ? formPage(page, fields, errors, message) : undefined;
    return html ? reply.code(status).type("text/html; charset=utf-8").send(html) : reply.code(status).type("text/plain; charset=utf-8").send(message);
  };
}

/** The two bodies accepted, JSON and the plain form's, each parsed with a plain-language error for each way it can be unusable. */
function bodyParsers(app: FastifyInstance) {
  // The JSON parser: Fastify's limits, with a plain-language error for each way a body can be
  // unusable (empty, not JSON, a prototype-poisoning key, which secure-json-parse finds).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "string", bodyLimit: BODY_LIMIT }, (_req: FastifyRequest, body: string | Buffer, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") return done(new HttpError(400, "The request body is empty: send the enquiry as a JSON object."), undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return done(new HttpError(400, "The request body is not valid JSON."), undefined);
    }
    try {
      secureJson.scan(parsed as object, { protoAction: "error", constructorAction: "error" });
    } catch {
      return done(new HttpError(400, 'The request body contains a forbidden key ("__proto__" or "constructor.prototype").'), undefined);
    }
    done(null, parsed);
  });

  // The plain form's body: each of its fields at most once, nothing else.
  app.addContentTypeParser(FORM, { parseAs: "string", bodyLimit: BODY_LIMIT }, (_req: FastifyRequest, body: string | Buffer, done) => {
    const params = new URLSearchParams(typeof body === "string" ? body : body.toString("utf8"));
    const fields: FormFields = { values: {}, website: "" };
    for (const [key, value] of params) {
      if (key === "website") fields.website = value;
      else if ((FIELD_NAMES as string[]).includes(key) && fields.values[key as FieldName] === undefined) fields.values[key as FieldName] = value;
      else return done(new HttpError(400, `The form field "${key}" is not accepted: send the contact form's fields once each.`), undefined);
    }
    done(null, fields);
  });
}

/** Every error of these routes answered in the sender's terms (JSON, or the form's page with the message). */
function handleErrors(app: FastifyInstance, answerError: AnswerError) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) return answerError(request, reply, err.statusCode, err.message, err.retryAfter);
    if (err instanceof OutboxFullError) {
      request.log.error({ err }, "outbox full: enquiry refused");
      return answerError(request, reply, 503, "We cannot accept enquiries right now. Please try again in a few minutes.", RETRY_AFTER_FULL_S);
    }
    switch (err.code) {
      case "FST_ERR_CTP_BODY_TOO_LARGE":
        return answerError(request, reply, 413, `The enquiry is too large: the limit is ${BODY_LIMIT / 1024} KiB.`);
      case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
        return sendError(reply, 415, "Send the enquiry as JSON (Content-Type: application/json).");
      case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
        return answerError(request, reply, 400, "The request's Content-Length does not match its body.");
    }
    if (typeof err.statusCode === "number" && err.statusCode >= 400 && err.statusCode < 500) {
      return answerError(request, reply, err.statusCode, "The request could not be read.");
    }
    request.log.error({ err }, "send-email failed");
    return answerError(request, reply, 500, "The enquiry could not be saved. Please try again in a minute.");
  });
}

/** Before the body is read: wrong content types, compressed bodies and bad idempotency keys cost nothing. */
async function checkBeforeBody(request: FastifyRequest, reply: FastifyReply) {
  const type = contentType(request);
  if (type !== "application/json" && type !== FORM) return sendError(reply, 415, "Send the enquiry as JSON (Content-Type: application/json).");
  const encoding = (request.headers["content-encoding"] ?? "identity").trim().toLowerCase();
  if (encoding !== "identity") {
    reply.header("Accept-Encoding", "identity");
    return sendError(reply, 415, "Send the enquiry uncompressed: compressed request bodies (Content-Encoding) are not accepted.");
  }
  const key = request.headers["idempotency-key"];
  if (key !== undefined && (typeof key !== "string" || !IDEMPOTENCY_KEY.test(key))) {
    return sendError(reply, 400, "The Idempotency-Key header must be 8 to 200 visible ASCII characters (a UUID works).");
  }
}

export async function enquiryRoutes(app: FastifyInstance, { outbox, rateLimitPerMinute, onStored, formPageHtml }: EnquiryRouteOptions): Promise<void> {
  const answerError = errorAnswer(formPageHtml);

  // At most `rateLimitPerMinute` enquiries per client address (IPv6: per /64) a minute (0: no limit), counted before the body is read.
  await app.register(fastifyRateLimit, {
    global: false,
    keyGenerator: (request) => rateLimitKey(request.ip),
    addHeaders: { "x-ratelimit-limit": false, "x-ratelimit-remaining": false, "x-ratelimit-reset": false, "retry-after": true },
    addHeadersOnExceeding: { "x-ratelimit-limit": false, "x-ratelimit-remaining": false, "x-ratelimit-reset": false },
    errorResponseBuilder: (_request, context) => {
      const wait = Math.max(1, Math.ceil(context.ttl / 1000));
      return new HttpError(429, `Too many enquiries from your address. Please wait ${wait} seconds and try again.`);
    },
  });

  bodyParsers(app);
  handleErrors(app, answerError);

  app.route({
    method: ["GET", "PUT", "PATCH", "DELETE", "OPTIONS"],
    url: "/send-email",
    handler: (_request, reply) => {
      reply.header("Allow", "POST");
      return sendError(reply, 405, "Use POST to send an enquiry.");
    },
  });

  app.post("/send-email", {
    bodyLimit: BODY_LIMIT,
    ...(rateLimitPerMinute > 0 ? { config: { rateLimit: { max: rateLimitPerMinute, timeWindow: 60_000 } } } : {}),
    // Before the body is read: wrong content types and flooding clients cost nothing.
    onRequest: checkBeforeBody,
    handler: async (request, reply) => {
      const key = (request.headers["idempotency-key"] as string | undefined) ?? null;
      const store = async (subject: string, text: string, replyTo: string | null) => {
        const stored = await outbox.store({ subject, text, replyTo, clientIp: request.ip }, key);
        if (!stored.duplicate) onStored?.();
        return stored;
      };

      if (contentType(request) === FORM) {
        const { values, website } = request.body as FormFields;
        // Honeypot: people never see the field; bots fill it. Pretend success; kept in spam/ for the studio's inbox, never sent.
        if (website.trim() !== "") {
          const { subject, body } = composeFromForm({ name: "", email: "", subject: "", phone: "", message: "", ...values });
          await outbox.storeSpam({ subject, text: body, replyTo: null, clientIp: request.ip }, website);
          request.log.info("honeypot filled: enquiry kept in spam/");
          return reply.redirect("/thank-you", 303);
        }
        const errors = enquiryErrors(values);
        const count = Object.keys(errors).length;
        if (count > 0)
          return answerError(
            request,
            reply,
            400,
            `Your enquiry was not sent: ${count === 1 ? "one field needs" : `${count} fields need`} your attention.`,
            undefined,
            errors,
          );
        const { subject, body } = composeFromForm(values as EnquiryValues);
        // The e-mail field, checked above: never a line of the composed text, which the other fields could imitate.
        await store(subject, body, (values as EnquiryValues).email);
        return reply.redirect("/thank-you", 303);
      }

      if (!validateBody(request.body)) {
        // Ajv lists at least one error when it rejects a value.
        const [error] = validateBody.errors ?? [];
        return sendError(reply, 400, error ? describeError(error) : "The request body is not a valid enquiry.");
      }
      const { subject, body, website } = request.body;
      if (website !== undefined && website.trim() !== "") {
        await outbox.storeSpam({ subject, text: body, replyTo: null, clientIp: request.ip }, website);
        request.log.info("honeypot filled: enquiry kept in spam/");
        return reply.send({ ok: true });
      }
      const { id, duplicate } = await store(subject, body, replyToFrom(body));
      return reply.send({ ok: true, id, ...(duplicate ? { duplicate: true } : {}) });
    },
  });
}
