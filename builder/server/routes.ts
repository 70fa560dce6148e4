/**
 * The builder's API: one Fastify plugin, served under /__edit/api by the dev server (`npm run edit`,
 * vite-plugin.ts) and by the studio alike, over the store each gives it (store.ts). Every route
 * declares what it takes; a request that does not fit is refused in JSON with a plain message
 * (400, 413, 415), never with a crash.
 *
 *   GET  state                    files, routes, media, schemas, collections, problems
 *   GET  file?path=...            a content file: text, hash, value
 *   POST check  {path, value, preview?}   what saving would write, the site's problems with it, the page at `preview`
 *   POST save   {path, value, hash}
 *   GET  links?route=/x           every link to a page
 *   POST pages  {action: "create" | "rename" | "delete", ...}
 *   POST upload (the picture's bytes; X-File-Name)
 *   POST shared {name, section}   a section made shared: site-config/shared/<name>.json
 *   GET  changes                  content files changed (locally: since the last commit; in the studio: not published)
 *   POST discard {path}
 *   GET  events                   server-sent events (events.ts)
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { BadRequest } from "./errors.ts";
import { UPLOAD_LIMIT } from "./media.ts";
import type { BuilderStore, PageRequest, Person } from "./store.ts";

/** How the host's Fastify checks requests against the routes' schemas: as they are, never turned into another type (a number is not a text). */
export const NO_COERCION = { customOptions: { coerceTypes: false } };

/** The largest JSON body the builder sends (a big page with its edits). */
export const JSON_LIMIT = 2 * 1024 * 1024;

export interface BuilderRoutesOptions {
  store: BuilderStore;
  /** Who makes the request (the studio's signed-in person; null under `npm run edit`). */
  who(request: FastifyRequest): Person | null;
  /** What the host adds to the state (the dev server's instance, the studio's account). */
  stateExtra?(request: FastifyRequest): Record<string, unknown>;
  /** What the host adds to the event stream's first message, for a person (the studio's presence). */
  hello?(request: FastifyRequest): { event: string; data: unknown } | undefined;
}

const text = { type: "string" } as const;
const path = { type: "string", minLength: 1, maxLength: 1024 } as const;

/** The uploaded file's name from X-File-Name (percent-encoded, as the builder sends it). */
function fileName(request: FastifyRequest): string {
  const header = request.headers["x-file-name"];
  try {
    return decodeURIComponent((Array.isArray(header) ? header[0] : header) ?? "picture");
  } catch {
    throw new BadRequest("The file's name could not be read: X-File-Name must be percent-encoded UTF-8.");
  }
}

export async function builderRoutes(app: FastifyInstance, { store, who, stateExtra = () => ({}), hello }: BuilderRoutesOptions) {
  // A picture's bytes come as they are; JSON as JSON (Fastify's own parser, with the builder's limit).
  for (const type of ["application/octet-stream", /^image\//])
    app.addContentTypeParser(type, { parseAs: "buffer", bodyLimit: UPLOAD_LIMIT }, (_request, body, done) => done(null, body));
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("Cache-Control", "no-store");
    return payload;
  });

  app.get("/state", async (request) => ({ ...(await store.state()), ...stateExtra(request) }));
  app.get("/content", () => store.content());

  app.get<{ Querystring: { path: string } }>("/file", { schema: { querystring: { type: "object", required: ["path"], properties: { path } } } }, (request) =>
    store.read(request.query.path),
  );

  app.post<{ Body: { path: string; value: unknown; preview?: string } }>(
    "/check",
    { bodyLimit: JSON_LIMIT, schema: { body: { type: "object", required: ["path", "value"], properties: { path, value: {}, preview: text } } } },
    (request) => store.check(request.body.path, request.body.value, request.body.preview),
  );

  app.post<{ Body: { path: string; value: unknown; hash: string } }>(
    "/save",
    { bodyLimit: JSON_LIMIT, schema: { body: { type: "object", required: ["path", "value", "hash"], properties: { path, value: {}, hash: text } } } },
    (request) => store.save(request.body.path, request.body.value, request.body.hash, who(request)),
  );

  app.get<{ Querystring: { route: string } }>(
    "/links",
    { schema: { querystring: { type: "object", required: ["route"], properties: { route: { type: "string", maxLength: 1024 } } } } },
    (request) => store.linksTo(request.query.route),
  );

  app.post<{ Body: { action: PageRequest["action"]; slug: string; from?: string; template?: string; to?: string; fixLinks?: boolean } }>(
    "/pages",
    {
      schema: {
        body: {
          type: "object",
          required: ["action", "slug"],
          properties: { action: { enum: ["create", "rename", "delete"] }, slug: text, from: text, template: text, to: text, fixLinks: { type: "boolean" } },
        },
      },
    },
    (request) => {
      const { action, slug, from, template, to, fixLinks = false } = request.body;
      if (action === "rename" && typeof to !== "string") throw new BadRequest('A rename needs the new address: "to".');
      const page: PageRequest =
        action === "create" ? { action, slug, from, template } : action === "rename" ? { action, slug, to: to as string, fixLinks } : { action, slug };
      return store.pages(page, who(request));
    },
  );

  app.post("/upload", (request) => store.upload(fileName(request), Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0), who(request)));

  app.post<{ Body: { name: string; section: unknown } }>(
    "/shared",
    { bodyLimit: JSON_LIMIT, schema: { body: { type: "object", required: ["name", "section"], properties: { name: text, section: { type: "object" } } } } },
    (request) => store.share(request.body.name, request.body.section, who(request)),
  );

  app.get("/changes", () => store.changes());

  app.post<{ Body: { path: string } }>("/discard", { schema: { body: { type: "object", required: ["path"], properties: { path } } } }, (request) =>
    store.discard(request.body.path, who(request)),
  );

  app.get("/events", (request, reply) => {
    reply.hijack();
    store.events.subscribe(reply.raw, who(request)?.email ?? null, hello?.(request));
  });
}

/** A request that does not fit a route's schema, in words: which field, and what is wrong with it. */
export function schemaErrorWords(errors: { instancePath: string; keyword: string; params: Record<string, unknown>; message?: string }[], context: string) {
  const first = errors[0];
  if (!first) return `The request's ${context} is not what the builder sends.`;
  const field = first.keyword === "required" ? String(first.params.missingProperty) : first.instancePath.replace(/^\//, "").replace(/\//g, " > ");
  if (first.keyword === "required") return `The request's "${field}" is missing.`;
  if (first.keyword === "type")
    return `The request's "${field || context}" must be ${first.params.type === "string" ? "text" : `of type ${first.params.type}`}.`;
  if (first.keyword === "maxLength") return `The request's "${field}" is too long (at most ${first.params.limit} characters).`;
  if (first.keyword === "enum") return `The request's "${field}" must be one of ${(first.params.allowedValues as string[]).map((v) => `"${v}"`).join(", ")}.`;
  return `The request's "${field || context}" ${first.message ?? "is not what the builder sends"}.`;
}

/** Fastify's own refusals (the body's JSON, its type, its size), in words. */
const FASTIFY_WORDS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "The request is not valid JSON.",
  FST_ERR_CTP_EMPTY_JSON_BODY: "The request is empty: send a JSON object.",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Send JSON (Content-Type: application/json), or a picture's bytes to upload.",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "The request's length does not match its body.",
};

/**
 * How the builder's host answers an error: a person's error (a 4xx) in JSON with its message; a
 * body over the limit said with the limit; anything else a 500 with `fault`, the details in the log.
 */
export function builderErrors(app: FastifyInstance, fault: string, where = "the builder's API") {
  app.setSchemaErrorFormatter((errors, context) => new BadRequest(schemaErrorWords(errors as Parameters<typeof schemaErrorWords>[0], context)));
  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, request, reply) => {
    const status =
      err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : (err as NodeJS.ErrnoException).code === "ENAMETOOLONG" ? 400 : 500;
    if (status === 500) {
      request.log.error(err);
      return reply.code(500).send({ error: fault });
    }
    const tooLarge = request.url.split("?")[0]?.endsWith("/upload")
      ? `The picture is too large: the limit is ${UPLOAD_LIMIT / 1024 / 1024} MB.`
      : `The request is too large: the limit is ${JSON_LIMIT / 1024 / 1024} MB.`;
    const message =
      status === 413
        ? tooLarge
        : (err as NodeJS.ErrnoException).code === "ENAMETOOLONG"
          ? "A file name in the request is too long."
          : (FASTIFY_WORDS[err.code ?? ""] ?? err.message);
    return reply.code(status).send({ error: message });
  });
  app.setNotFoundHandler((request, reply) => reply.code(404).send({ error: `No ${request.method} ${request.url.split("?")[0]} in ${where}.` }));
}
