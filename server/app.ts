/**
 * The production server: serves the pre-rendered site from dist/client.
 *
 * URL rules (SPEC s2): "/x" is served from x/index.html; "/x/" answers 301
 * to "/x"; an unknown page path answers 301 to "/". Hashed build assets are
 * cached for a year, everything else is revalidated.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { join, normalize, sep } from "node:path";
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyServerOptions } from "fastify";
import fastifyStatic from "@fastify/static";
import fastifyCompress from "@fastify/compress";
import fastifyHelmet from "@fastify/helmet";
import { enquiryRoutes, type EnquiryRouteOptions } from "./enquiry/route.ts";
import { helmetOptions, PERMISSIONS_POLICY, RAW_ERROR_HEADERS, ScriptHashes } from "./security.ts";
import { MEDIA_DIR, SITE_MEDIA_CSP } from "../src/deploy/security-headers.ts";

export interface ServerOptions {
  /** The pre-rendered site: dist/client. */
  clientDir: string;
  logger?: FastifyServerOptions["logger"];
  /** POST /send-email (the enquiry pipeline); left out, the server serves the site only. */
  enquiry?: EnquiryRouteOptions;
  /** Proxy addresses whose X-Forwarded-For is believed (TRUST_PROXY). */
  trustProxy?: string[];
  /** Origins besides 'self' that pages may fetch from (an external enquiry endpoint). */
  connectSrc?: string[];
  /** Pages that carry the enquiry form: a form sent without JavaScript is answered with the one it came from, or the first. */
  formPages?: string[];
  /** Slow clients: headers and body within `requestMs` (else 408, connection closed); an idle connection closed after `idleMs`. */
  timeouts?: { requestMs: number; idleMs: number };
}

/** Files of the build that are for the host, not for visitors: never served. */
const NOT_SERVED = new Set(["_headers", "_redirects", "__spa-fallback.html"]);

/** Node's parser errors (by code) and the answer each gets. */
const CLIENT_ERRORS: Record<string, [status: string, error: string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: ["408 Request Timeout", "The request took too long to arrive."],
  HPE_HEADER_OVERFLOW: ["431 Request Header Fields Too Large", "The request's headers are too large."],
};
const BAD_REQUEST: [status: string, error: string] = ["400 Bad Request", "The request could not be read."];

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "public, max-age=0, must-revalidate";
const MEDIA = "public, max-age=86400";

type Target = { kind: "bad" } | { kind: "notFound" } | { kind: "slash"; to: string } | { kind: "file" | "page" | "missing"; path: string };

/**
 * A request target's path and query as sent (still percent-encoded). Not through the URL parser,
 * which throws on some paths ("/\\x" reads as an address without a host) and rewrites others.
 */
function splitTarget(target: string): { pathname: string; search: string } {
  const at = target.indexOf("?");
  const pathname = at < 0 ? target : target.slice(0, at);
  const search = at < 0 ? "" : target.slice(at);
  if (pathname.startsWith("/")) return { pathname, search };
  // The absolute form ("GET http://host/path"), which proxies send.
  try {
    return { pathname: new URL(pathname).pathname, search };
  } catch {
    return { pathname: "", search };
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Fastify's options: plain JSON answers for what Node or Fastify refuse before any route, Node's timeouts, the proxies trusted. */
function serverOptions(logger: ServerOptions["logger"], trustProxy: string[], timeouts: { requestMs: number; idleMs: number }) {
  return {
    logger,
    // While stopping, new requests get the documented JSON 503 with Retry-After (below), not Fastify's own.
    return503OnClosing: false,
    // A request Node cannot parse (a raw non-ASCII or control character in the path, say), too
    // slow, or with headers too large gets a plain JSON answer with the security headers, and its
    // connection is closed.
    clientErrorHandler: (err, socket) => {
      if (!socket.writable) return socket.destroy(err);
      const [status, error] = CLIENT_ERRORS[(err as NodeJS.ErrnoException).code ?? ""] ?? BAD_REQUEST;
      const body = JSON.stringify({ error });
      const headers = {
        ...RAW_ERROR_HEADERS,
        "Content-Type": "application/json; charset=utf-8",
        "Content-Length": String(Buffer.byteLength(body)),
        Connection: "close",
      };
      socket.end(
        `HTTP/1.1 ${status}\r\n${Object.entries(headers)
          .map(([k, v]) => `${k}: ${v}\r\n`)
          .join("")}\r\n${body}`,
      );
    },
    // A path Fastify cannot decode (%FF, say) is answered before any hook runs: the same JSON 400.
    frameworkErrors: (_error, _request, frameworkReply) => {
      const reply = frameworkReply as unknown as FastifyReply;
      reply
        .code(400)
        .headers({ ...RAW_ERROR_HEADERS, "Content-Type": "application/json; charset=utf-8" })
        .send(JSON.stringify({ error: BAD_REQUEST[1] }));
    },
    // Node's own limits, checked every second (not every 30 s): a client that sends its headers or
    // body too slowly gets 408 and loses the connection, so slow clients cannot hold connections.
    serverFactory: (handler) =>
      createServer(
        {
          requestTimeout: timeouts.requestMs,
          headersTimeout: timeouts.requestMs,
          keepAliveTimeout: timeouts.idleMs,
          connectionsCheckingInterval: Math.min(1000, timeouts.requestMs),
        },
        handler,
      ),
    trustProxy: trustProxy.length > 0 ? trustProxy : false,
    // JSON bodies with "__proto__" or "constructor.prototype" keys are refused, not parsed.
    onProtoPoisoning: "error",
    onConstructorPoisoning: "error",
  } satisfies FastifyServerOptions;
}

/** The HTML of the page a plain form was sent from (its Referer, when it is one of ours with the form), or of the first page with the form. */
function formPageReader(clientDir: string, formPages: string[], pageFile: (url: string) => string | undefined) {
  return (referer: string | undefined): string | undefined => {
    let from: string | undefined;
    try {
      from = referer ? new URL(referer).pathname : undefined;
    } catch {
      from = undefined;
    }
    const path = formPages.find((p) => p === from) ?? formPages[0];
    const page = path === undefined ? undefined : pageFile(path);
    return page ? readFileSync(join(clientDir, page), "utf8") : undefined;
  };
}

/** Errors and unknown methods: the documented JSON, with the security headers, never Fastify's body or a stack. */
function answerErrors(app: FastifyInstance, enquiry: boolean) {
  // Any other method, on any path: the documented JSON, with the security headers.
  // Errors outside the enquiry routes (which have their own): the documented JSON, never Fastify's body or a stack.
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const status = typeof err.statusCode === "number" && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) request.log.error({ err }, "request failed");
    return reply
      .code(status)
      .type("application/json; charset=utf-8")
      .send({ error: status === 500 ? "Something went wrong on our side. Please try again." : "The request could not be answered." });
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.method === "GET" || request.method === "HEAD") return reply.code(404).type("application/json; charset=utf-8").send({ error: "Not found." });
    // Methods Fastify has no route for (TRACE, WebDAV's) arrive here, on /send-email too.
    reply.header("Allow", enquiry && splitTarget(request.url).pathname === "/send-email" ? "POST" : "GET, HEAD");
    return reply
      .code(405)
      .type("application/json; charset=utf-8")
      .send({ error: `${request.method} is not used here: pages are read with GET, enquiries sent with POST to /send-email.` });
  });
}

type SiteFiles = ReturnType<typeof siteFiles>;

/** What requests' URLs name in the built site in `clientDir`. */
function siteFiles(clientDir: string) {
  /** What a request's URL names: a file of the site, a page (its index.html), or neither. Never calls itself: each request costs one lookup or two. */
  function resolve(requestUrl: string): Target {
    const url = splitTarget(requestUrl);
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return { kind: "bad" };
    }
    if (!path.startsWith("/")) return { kind: "bad" };
    if (path.length > 1 && path.endsWith("/")) {
      // To the page without the slash, written as it came (still percent-encoded), or home if there is no such page, or
      // if the slash came encoded ("/about-us%2F"): a Location of the decoded path ("//evil.test", "/\evil.test") would
      // send the browser to another site.
      const trimmed = url.pathname.replace(/\/+$/, "");
      const target = path.replace(/\/+$/, "");
      const toPage = lookup(target).kind === "page" && decodeURIComponent(trimmed) === target && /^\/[^/\\]/.test(trimmed);
      // The query as it came, if it is plain visible ASCII.
      const search = /^[\x21-\x7e]*$/.test(url.search) ? url.search : "";
      return { kind: "slash", to: toPage ? trimmed + search : "/" };
    }
    return lookup(path);
  }

  /** The file or page a decoded path names, if any. */
  function lookup(path: string): Target {
    const relative = normalize(path).replace(/^([/\\])+/, "");
    if (relative.split(sep).includes("..") || relative.includes("\0")) return { kind: "bad" };
    if (NOT_SERVED.has(relative)) return { kind: "notFound" };
    if (relative !== "" && isFile(join(clientDir, relative))) return { kind: relative.endsWith(".html") ? "page" : "file", path: relative };
    const page = join(relative, "index.html");
    if (isFile(join(clientDir, page))) return { kind: "page", path: page };
    return { kind: "missing", path: relative };
  }

  /** The HTML file a request's URL is served from, if it is a page. */
  function pageFile(url: string): string | undefined {
    const target = resolve(url);
    return target.kind === "page" ? target.path : undefined;
  }

  return { resolve, pageFile };
}

/** GET of anything: a file of the site, a page, a redirect to the canonical address, or the documented JSON. */
function serveFiles(app: FastifyInstance, files: SiteFiles) {
  app.get("/*", async (request, reply) => {
    const target = files.resolve(request.url);
    switch (target.kind) {
      case "bad":
        return reply.code(400).type("application/json; charset=utf-8").send({ error: "Bad request." });
      case "notFound":
        return reply.code(404).type("application/json; charset=utf-8").send({ error: "Not found." });
      case "slash":
        // Trailing slash: one canonical address per page.
        return reply.redirect(target.to, 301);
      case "file":
        reply.header(
          "Cache-Control",
          target.path.startsWith(`assets${sep}`) ? IMMUTABLE : target.path.endsWith(".data") || target.path.endsWith(".html") ? REVALIDATE : MEDIA,
        );
        // The answer depends on Accept-Encoding (a pre-compressed copy or not): caches must key on it.
        reply.header("Vary", "Accept-Encoding");
        // Uploaded files: an SVG opened by its address runs nothing and loads nothing.
        if (target.path.startsWith(`${MEDIA_DIR}${sep}`)) reply.header("Content-Security-Policy", SITE_MEDIA_CSP);
        return reply.sendFile(target.path);
      case "page":
        reply.header("Cache-Control", REVALIDATE).header("Vary", "Accept-Encoding");
        return reply.type("text/html; charset=utf-8").sendFile(target.path);
      case "missing":
        // A missing file (it has an extension) is a 404; a missing page goes home.
        return /\.[a-z0-9]+$/i.test(target.path)
          ? reply.code(404).type("application/json; charset=utf-8").send({ error: "Not found." })
          : reply.redirect("/", 301);
    }
  });
}

export async function buildServer({
  clientDir,
  logger = false,
  enquiry,
  trustProxy = [],
  connectSrc = [],
  formPages = [],
  timeouts = { requestMs: 10_000, idleMs: 5_000 },
}: ServerOptions): Promise<FastifyInstance> {
  if (!existsSync(join(clientDir, "index.html"))) {
    throw new Error(`No built site in ${clientDir}: run \`npm run build\` first (npm start does it for you).`);
  }
  const app = Fastify(serverOptions(logger, trustProxy, timeouts));
  const files = siteFiles(clientDir);
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onRequest", async (request) => {
    // A range is of the file as it is: a ranged request is answered without compression (RFC 9110:
    // bytes of a compressed copy would not be the bytes the client asked for).
    if (request.headers.range) delete request.headers["accept-encoding"];
  });
  const hashes = new ScriptHashes();
  // Security headers on every response, errors and redirects included; a page's CSP lists its own inline scripts.
  await app.register(
    fastifyHelmet,
    helmetOptions((url) => {
      const page = files.pageFile(url);
      return page ? hashes.of(join(clientDir, page)) : [];
    }, connectSrc),
  );
  // After helmet's hook, so this answer has the security headers too.
  app.addHook("onRequest", async (_request, reply) => {
    if (!closing) return;
    reply.header("Retry-After", "10").header("Connection", "close");
    return reply.code(503).type("application/json; charset=utf-8").send({ error: "The server is restarting: please try again in a few seconds." });
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("Permissions-Policy", PERMISSIONS_POLICY);
    return payload;
  });
  // Responses only: request bodies are never decompressed (POST /send-email refuses compressed ones).
  await app.register(fastifyCompress, { global: true, globalDecompression: false, encodings: ["br", "gzip"], threshold: 1024 });
  // preCompressed: for x.js, x.js.br or x.js.gz when the request accepts it (the encoding header is then set, and
  // @fastify/compress leaves the response alone).
  await app.register(fastifyStatic, { root: clientDir, serve: false, cacheControl: false, etag: true, lastModified: true, preCompressed: true });

  const formPageHtml = formPageReader(clientDir, formPages, files.pageFile);
  if (enquiry) await app.register(enquiryRoutes, { ...enquiry, formPageHtml });

  answerErrors(app, Boolean(enquiry));

  serveFiles(app, files);

  return app;
}
