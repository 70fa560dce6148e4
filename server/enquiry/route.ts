/**
 * POST /send-email: accepts an enquiry from the contact form (SPEC s7) and
 * stores it in the outbox before answering 200.
 *
 * Request: Content-Type application/json, body { to, subject, body } (and
 * the form's honeypot field "website", normally absent), optional
 * Idempotency-Key header. Every error is JSON { "error": "..." } in plain
 * words with its status: 400 bad input, 405 other methods, 413 too large,
 * 415 not JSON, 429 rate limited (Retry-After), 503 disk full (Retry-After).
 *
 * Not an open relay: the request's "to" is accepted for compatibility with
 * the form's call and then ignored; mail only ever goes to MAIL_TO.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv, type ErrorObject } from "ajv";
import fastifyRateLimit from "@fastify/rate-limit";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import secureJson from "secure-json-parse";
import { EMAIL_PATTERN } from "../config.ts";
import { OutboxFullError, type Outbox } from "./outbox.ts";

export interface EnquiryRouteOptions {
  outbox: Outbox;
  rateLimitPerMinute: number;
  /** Called after an enquiry is stored (the delivery worker's kick). */
  onStored?: () => void;
}

export const BODY_LIMIT = 64 * 1024;
const RETRY_AFTER_FULL_S = 60;

const formSchema = JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "schemas", "forms", "contact.schema.json"), "utf8")) as {
  properties: Record<string, { maxLength: number }>;
};
const SUBJECT_MAX = formSchema.properties.subject!.maxLength;
/** Labels and blank lines around the form's four fields, with room for an external form's own layout. */
const TEXT_MAX = 20_000;

export const sendEmailBodySchema = {
  type: "object",
  additionalProperties: false,
  required: ["to", "subject", "body"],
  properties: {
    to: { type: "string", maxLength: 320 },
    subject: { type: "string", minLength: 1, maxLength: SUBJECT_MAX, pattern: "^[^\\r\\n\\u0000]*$" },
    body: { type: "string", minLength: 1, maxLength: TEXT_MAX },
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
      return `The field "${field}" must not be empty.`;
    case "maxLength":
      return `The field "${field}" is too long (at most ${(e.params as { limit: number }).limit} characters).`;
    case "pattern":
      return field === "subject" ? "The subject must be a single line: line breaks and NUL characters are not allowed." : `The field "${field}" has characters that are not allowed.`;
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

/** The visitor's e-mail from the body's "Email:" paragraph, only if it passes the form's rule. */
export function replyToFrom(text: string): string | null {
  // The whole line up to "\n": a stray "\r" or anything after the address disqualifies it.
  const m = /^Email:[ \t]*([^\n]*)$/m.exec(text);
  const candidate = (m?.[1] ?? "").replace(/[ \t]+$/, "");
  return candidate.length <= 254 && EMAIL_PATTERN.test(candidate) ? candidate : null;
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,200}$/;

function sendError(reply: FastifyReply, status: number, message: string, retryAfter?: number) {
  if (retryAfter !== undefined) reply.header("Retry-After", String(retryAfter));
  return reply.code(status).type("application/json; charset=utf-8").send({ error: message });
}

export async function enquiryRoutes(app: FastifyInstance, { outbox, rateLimitPerMinute, onStored }: EnquiryRouteOptions): Promise<void> {
  // At most `rateLimitPerMinute` enquiries per client address a minute (0: no limit), counted before the body is read.
  await app.register(fastifyRateLimit, {
    global: false,
    addHeaders: { "x-ratelimit-limit": false, "x-ratelimit-remaining": false, "x-ratelimit-reset": false, "retry-after": true },
    addHeadersOnExceeding: { "x-ratelimit-limit": false, "x-ratelimit-remaining": false, "x-ratelimit-reset": false },
    errorResponseBuilder: (_request, context) => {
      const wait = Math.max(1, Math.ceil(context.ttl / 1000));
      return new HttpError(429, `Too many enquiries from your address. Please wait ${wait} seconds and try again.`);
    },
  });

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

  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) return sendError(reply, err.statusCode, err.message, err.retryAfter);
    if (err instanceof OutboxFullError) {
      request.log.error({ err }, "outbox full: enquiry refused");
      return sendError(reply, 503, "We cannot accept enquiries right now. Please try again in a few minutes.", RETRY_AFTER_FULL_S);
    }
    switch (err.code) {
      case "FST_ERR_CTP_BODY_TOO_LARGE":
        return sendError(reply, 413, `The enquiry is too large: the limit is ${BODY_LIMIT / 1024} KiB.`);
      case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
        return sendError(reply, 415, "Send the enquiry as JSON (Content-Type: application/json).");
      case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
        return sendError(reply, 400, "The request's Content-Length does not match its body.");
    }
    if (err.validation) return sendError(reply, 400, describeError(err.validation[0] as ErrorObject));
    if (typeof err.statusCode === "number" && err.statusCode >= 400 && err.statusCode < 500) {
      return sendError(reply, err.statusCode, "The request could not be read.");
    }
    request.log.error({ err }, "send-email failed");
    return sendError(reply, 500, "The enquiry could not be saved. Please try again in a minute.");
  });

  app.route({
    method: ["GET", "PUT", "PATCH", "DELETE"],
    url: "/send-email",
    handler: (_request, reply) => {
      reply.header("Allow", "POST");
      return sendError(reply, 405, "Use POST to send an enquiry.");
    },
  });

  app.post<{ Body: SendEmailBody }>("/send-email", {
    bodyLimit: BODY_LIMIT,
    ...(rateLimitPerMinute > 0 ? { config: { rateLimit: { max: rateLimitPerMinute, timeWindow: 60_000 } } } : {}),
    schema: { body: sendEmailBodySchema },
    validatorCompiler: () => validateBody as never,
    // Before the body is read: wrong content types and flooding clients cost nothing.
    onRequest: async (request, reply) => {
      const type = (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
      if (type !== "application/json") return sendError(reply, 415, "Send the enquiry as JSON (Content-Type: application/json).");
      const key = request.headers["idempotency-key"];
      if (key !== undefined && (typeof key !== "string" || !IDEMPOTENCY_KEY.test(key))) {
        return sendError(reply, 400, "The Idempotency-Key header must be 8 to 200 visible ASCII characters (a UUID works).");
      }
    },
    handler: async (request, reply) => {
      const { subject, body, website } = request.body;
      // Honeypot: people never see the field; bots fill it. Pretend success.
      if (website !== undefined && website.trim() !== "") {
        request.log.info("honeypot filled: enquiry dropped");
        return reply.send({ ok: true });
      }
      const key = (request.headers["idempotency-key"] as string | undefined) ?? null;
      const { id, duplicate } = await outbox.store({ subject, text: body, replyTo: replyToFrom(body), clientIp: request.ip }, key);
      if (!duplicate) onStored?.();
      return reply.send({ ok: true, id, ...(duplicate ? { duplicate: true } : {}) });
    },
  });
}
