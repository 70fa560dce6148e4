/**
 * The production server: serves the pre-rendered site from dist/client.
 *
 * URL rules (SPEC s2): "/x" is served from x/index.html; "/x/" answers 301
 * to "/x"; an unknown page path answers 301 to "/". Hashed build assets are
 * cached for a year, everything else is revalidated.
 */
import { existsSync, statSync } from "node:fs";
import { join, normalize, sep } from "node:path";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import fastifyStatic from "@fastify/static";
import fastifyCompress from "@fastify/compress";
import { enquiryRoutes, type EnquiryRouteOptions } from "./enquiry/route.ts";
import { HtmlCsp, SECURITY_HEADERS } from "./security.ts";

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
}

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "public, max-age=0, must-revalidate";
const MEDIA = "public, max-age=86400";

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

export async function buildServer({ clientDir, logger = false, enquiry, trustProxy = [], connectSrc = [] }: ServerOptions): Promise<FastifyInstance> {
  if (!existsSync(join(clientDir, "index.html"))) {
    throw new Error(`No built site in ${clientDir}: run \`npm run build\` first (npm start does it for you).`);
  }
  const app = Fastify({ logger, trustProxy: trustProxy.length > 0 ? trustProxy : false });
  const csp = new HtmlCsp({ connectSrc });
  await app.register(fastifyCompress, { global: true, encodings: ["br", "gzip"], threshold: 1024 });
  // preCompressed: for x.js, x.js.br or x.js.gz when the request accepts it (the encoding header is then set, and
  // @fastify/compress leaves the response alone).
  await app.register(fastifyStatic, { root: clientDir, serve: false, cacheControl: false, etag: true, lastModified: true, preCompressed: true });

  // Every response, errors and redirects included: HTML documents get a
  // policy with their own inline-script hashes (set where they are served).
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.headers(SECURITY_HEADERS);
    if (!reply.hasHeader("Content-Security-Policy")) reply.header("Content-Security-Policy", csp.defaultPolicy);
    return payload;
  });

  if (enquiry) await app.register(enquiryRoutes, enquiry);

  app.get("/*", async (request, reply) => {
    const url = new URL(request.url, "http://localhost");
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return reply.code(400).type("text/plain").send("Bad request");
    }
    // Trailing slash: one canonical address per page.
    if (path.length > 1 && path.endsWith("/")) {
      return reply.redirect(path.replace(/\/+$/, "") + url.search, 301);
    }
    const relative = normalize(path).replace(/^([/\\])+/, "");
    if (relative.split(sep).includes("..") || relative.includes("\0")) {
      return reply.code(400).type("text/plain").send("Bad request");
    }

    const file = join(clientDir, relative);
    if (relative !== "" && isFile(file)) {
      reply.header("Cache-Control", relative.startsWith(`assets${sep}`) ? IMMUTABLE : relative.endsWith(".data") || relative.endsWith(".html") ? REVALIDATE : MEDIA);
      if (relative.endsWith(".html")) reply.header("Content-Security-Policy", csp.forFile(file));
      // The answer depends on Accept-Encoding (a pre-compressed copy or not): caches must key on it.
      reply.header("Vary", "Accept-Encoding");
      return reply.sendFile(relative);
    }
    const page = join(relative, "index.html");
    if (isFile(join(clientDir, page))) {
      reply.header("Cache-Control", REVALIDATE);
      reply.header("Content-Security-Policy", csp.forFile(join(clientDir, page)));
      return reply.type("text/html; charset=utf-8").sendFile(page);
    }
    // A missing file (it has an extension) is a 404; a missing page goes home.
    if (/\.[a-z0-9]+$/i.test(relative)) {
      return reply.code(404).type("text/plain").send("Not found");
    }
    return reply.redirect("/", 301);
  });

  return app;
}
