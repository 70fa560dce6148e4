/**
 * The builder's pages in the studio: its built files (assets.ts, from memory), the builder's page
 * with the answers it asks first already in it (asked here of the API, with the same session), and
 * the canvas's page, which only the builder may frame.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { builderPage } from "../builder/server/builder-page.ts";
import { serveAssets } from "./assets.ts";
import { CANVAS_POLICY } from "./security.ts";

export async function builderPages(app: FastifyInstance, { assets }: { assets: string }) {
  await serveAssets(app, assets);
  const canvas = readFileSync(join(assets, "canvas.html"), "utf8");
  const builder = builderPage(assets);
  app.get("/", (_request, reply) => reply.redirect("/__edit", 303));
  app.get("/__edit", async (request, reply) => {
    const wanted = new URL(request.url, "http://studio").searchParams.get("file") ?? undefined;
    const ask = async (path: string) => {
      const answer = await app.inject({ method: "GET", url: `/__edit/api${path}`, headers: { cookie: request.headers.cookie ?? "" } });
      return { status: answer.statusCode, body: answer.body };
    };
    return reply
      .type("text/html; charset=utf-8")
      .header("Cache-Control", "no-store")
      .send(await builder(wanted, ask));
  });
  app.get("/__edit/canvas", (_request, reply) =>
    reply
      .type("text/html; charset=utf-8")
      .header("Cache-Control", "no-store")
      .header("Content-Security-Policy", CANVAS_POLICY)
      .header("X-Frame-Options", "SAMEORIGIN")
      .send(canvas),
  );
}
