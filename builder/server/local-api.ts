/**
 * `npm run edit`'s host of the builder's API (routes.ts over the local store): a Fastify instance
 * the dev server hands its /__edit/api requests to. It answers only this computer, and only the
 * builder's own pages: a request from another site (its Origin), a write without the builder's
 * header (which another site cannot send without the server's consent), an address too long for
 * any request the builder makes, are refused before any route sees them.
 */
import Fastify from "fastify";
import { Forbidden, UriTooLong } from "./errors.ts";
import type { EventStream } from "./events.ts";
import { builderErrors, builderRoutes, JSON_LIMIT, NO_COERCION } from "./routes.ts";
import { localStore } from "./store.ts";
import type { SiteStore } from "../../src/content/site-store.ts";

export const EDITOR_HEADER = "x-site-editor";
/** An API address longer than this is no request the builder makes. */
const URL_LIMIT = 4096;

export const loopback = (address: string | undefined) => address === "127.0.0.1" || address === "::1" || address === "::ffff:127.0.0.1";

/** The host:port an Origin header names, or null for "null" or anything that is not an address. */
function originHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

export async function localApi(root: string, events: EventStream, instance: string, site?: SiteStore) {
  const store = localStore(root, events, site);
  const app = Fastify({ logger: false, bodyLimit: JSON_LIMIT, maxParamLength: URL_LIMIT, ajv: NO_COERCION });
  builderErrors(app, "The page builder's server failed on this request; the terminal running it says why.");
  app.addHook("onRequest", async (request) => {
    if (!loopback(request.raw.socket.remoteAddress)) throw new Forbidden("The editor answers only this computer.");
    const origin = request.headers.origin;
    if (origin !== undefined && originHost(origin) !== request.headers.host) throw new Forbidden("The editor answers only its own pages.");
    if (request.method !== "GET" && request.headers[EDITOR_HEADER] !== "1") throw new Forbidden("The editor answers only its own pages.");
    if (request.url.length > URL_LIMIT) throw new UriTooLong("The address is too long.");
  });
  // Each start of the dev server is a new instance: a client (a test) can tell a restart happened.
  await app.register(builderRoutes, { prefix: "/__edit/api", store, who: () => null, stateExtra: () => ({ server: instance }) });
  await app.ready();
  return { app, store };
}
