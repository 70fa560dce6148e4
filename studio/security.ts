/**
 * The studio's headers and errors, for every answer: a strict Content-Security-Policy (scripts of
 * its own only; the site's toasts inject a <style>), no framing by anyone, no referrer sent
 * elsewhere, HSTS when it is opened over https, Permissions-Policy; errors in JSON with a plain
 * message (the builder's words for the builder's API); sign-in forms read as posted.
 */
import fastifyHelmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { builderErrors } from "../builder/server/routes.ts";
import { PERMISSIONS_POLICY } from "../src/deploy/security-headers.ts";
import type { StudioConfig } from "./config.ts";

export const POLICY = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  // As on the site (src/deploy/security-headers.ts): the site's own toasts inject a <style>; scripts stay strict.
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:", "blob:"],
  "media-src": ["'self'"],
  "connect-src": ["'self'"],
  "frame-src": ["'self'"],
  "object-src": ["'none'"],
  "base-uri": ["'none'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
};

/** The canvas is framed by the builder, on the same origin; nothing else may frame anything. */
export const CANVAS_POLICY = Object.entries({ ...POLICY, "frame-ancestors": ["'self'"] })
  .map(([k, v]) => `${k} ${v.join(" ")}`)
  .join("; ");

export const security = fp(async (app: FastifyInstance, { config }: { config: StudioConfig }) => {
  builderErrors(app, "The studio failed on this request; its log says why.", "the studio");
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 16 * 1024 }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: POLICY },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: "same-origin" },
    crossOriginResourcePolicy: { policy: "same-origin" },
    frameguard: { action: "deny" },
    hsts: new URL(config.origin).protocol === "https:" ? { maxAge: 31536000 } : false,
    referrerPolicy: { policy: "same-origin" },
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("Permissions-Policy", PERMISSIONS_POLICY);
    return payload;
  });
});
