/**
 * The page builder's endpoints, in the development server only (`apply: "serve"`): a production
 * build has neither them nor the editor's routes (src/routes.ts). They answer only the machine
 * itself, and only requests the editor makes (same origin, its own header), so another site open
 * in the browser cannot use them. Every answer of the dev server says that only its own pages may
 * frame it (another site could otherwise show the builder in a frame and steer clicks), and the
 * files of public/ are served so that none can run a script (an uploaded SVG opened by its address).
 * The API itself is handler.ts, under /__edit/api. The builder and its canvas are the studio's
 * production build (builder-bundle.ts), made at start and when the code changes, not Vite's modules.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import type { Plugin } from "vite";
import type { SiteContentApi } from "../../src/content/dev-events.ts";
import { MEDIA_CSP } from "../../src/deploy/security-headers.ts";
import { assetType } from "../../src/lib/asset-type.ts";
import { editorApi } from "./api.ts";
import { BUNDLE_BASE, builderBundle, bundleFile, isBundleSource } from "./builder-bundle.ts";
import { builderPage } from "./builder-page.ts";
import { EditorError } from "./files.ts";
import { type ApiRequest, handleApiRequest } from "./handler.ts";

export const EDITOR_HEADER = "x-site-editor";
/** An API address longer than this is no request the builder makes. */
const URL_LIMIT = 4096;

const loopback = (address: string | undefined) => address === "127.0.0.1" || address === "::1" || address === "::ffff:127.0.0.1";

/** The host:port an Origin header names, or null for "null" or anything that is not an address. */
function originHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/** A file of public/ or any SVG, by whichever address it is asked for (/media/x.svg, /@fs/.../x.svg, %-encoded). */
function isPublicFile(url: string): boolean {
  let path = url.split("?")[0] ?? "";
  try {
    path = decodeURIComponent(path);
  } catch {
    // Left encoded: Vite answers it 400 or 404.
  }
  path = path.toLowerCase();
  return path.startsWith("/media/") || path.includes("/public/") || path.endsWith(".svg") || path.endsWith(".svgz");
}

const FRAME_ANCESTORS = "frame-ancestors 'self'";

/**
 * The headers every answer of the dev server carries: framed only by its own pages; public files
 * also sandboxed. A policy set later by another middleware (Vite's 404 page sets its own) keeps
 * frame-ancestors too.
 */
function setFrameHeaders(req: IncomingMessage, res: ServerResponse) {
  res.setHeader("X-Frame-Options", "SAMEORIGIN");
  if (isPublicFile(req.url ?? "")) {
    res.setHeader("Content-Security-Policy", `${MEDIA_CSP}; ${FRAME_ANCESTORS}`);
    res.setHeader("X-Content-Type-Options", "nosniff");
  } else res.setHeader("Content-Security-Policy", FRAME_ANCESTORS);
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) =>
    setHeader(name, name.toLowerCase() === "content-security-policy" && !String(value).includes("frame-ancestors") ? `${value}; ${FRAME_ANCESTORS}` : value);
}

const tooLarge = (what: string, limit: number) => new EditorError(413, `The ${what} is too large: the limit is ${Math.round(limit / 1024 / 1024)} MB.`);

/**
 * The request's body, up to `limit` bytes. Over it: 413, before reading when Content-Length says
 * so; the rest of the body is read and dropped, so the client gets the answer instead of a reset.
 */
function body(req: IncomingMessage, limit: number, what = "request"): Promise<Buffer> {
  if (Number(req.headers["content-length"]) > limit) {
    req.resume();
    return Promise.reject(tooLarge(what, limit));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off("data", onData);
      req.resume();
      reject(tooLarge(what, limit));
    };
    req.on("data", onData);
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, status: number, data: unknown) {
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.end(JSON.stringify(data));
}

export function editorEndpoints({ root }: { root: string }): Plugin {
  return {
    name: "site-editor-api",
    apply: "serve",
    // First, so that the headers are set before any other plugin's middleware answers.
    enforce: "pre",
    async configureServer(server) {
      // Made here, in the dev server only: it sweeps the builder's temporary files (builder/server/files.ts).
      const api = editorApi(root);
      server.middlewares.use((req, res, next) => {
        setFrameHeaders(req, res);
        next();
      });
      // Each start and restart of the dev server is a new instance: a client (a test) can tell a restart happened.
      const instance = randomUUID();
      // Say where the editor is, under Vite's own addresses (`npm run edit` and `npm run dev`).
      server.httpServer?.once("listening", () => {
        setTimeout(() => {
          const local = server.resolvedUrls?.local[0];
          if (local) server.config.logger.info(`  ➜  Page builder: ${new URL("__edit", local).href}`);
        }, 0);
      });
      // The builder's build: made before the server answers (about a second), again after a code change.
      const project = server.config.root;
      const bundle = builderBundle(project, join(project, "node_modules", ".cache", "page-builder"), (line) =>
        server.config.logger.error(line, { timestamp: true }),
      );
      await bundle.ready().catch((err: Error) => server.config.logger.error(err.message, { timestamp: true }));
      let page: { version: number; make: ReturnType<typeof builderPage> } | null = null;
      let stale = false;
      // The open builders' event streams: told when content changed on disk, and when the builder's code was built again.
      const streams = new Set<ServerResponse>();
      const tell = (event: string) => {
        for (const res of streams) res.write(`event: ${event}\ndata: null\n\n`);
      };
      const content = server.config.plugins.find((p) => p.name === "site-content")?.api as SiteContentApi | undefined;
      const stopTelling = content?.onContentChanged(() => tell("changed"));
      const rebuild = () => {
        stale = false;
        return bundle.rebuild().then(
          () => tell("code"),
          (err: Error) => server.config.logger.error(err.message, { timestamp: true }),
        );
      };
      // A change to the code the builder is made of: built again at once if a builder is open, else when one opens.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const onCode = (file: string) => {
        if (!isBundleSource(project, file)) return;
        stale = true;
        clearTimeout(timer);
        if (streams.size > 0) timer = setTimeout(() => void rebuild(), 200);
      };
      for (const event of ["change", "add", "unlink"] as const) server.watcher.on(event, onCode);
      server.httpServer?.on("close", () => {
        clearTimeout(timer);
        stopTelling?.();
        for (const res of streams) res.end();
      });

      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? "").split("?")[0] ?? "";
        if (path.startsWith(BUNDLE_BASE)) {
          const file = bundleFile(bundle.dir, path);
          if (!file) return next();
          res.setHeader("Content-Type", assetType(file.name));
          res.setHeader("Cache-Control", file.name.startsWith("assets/") ? "public, max-age=31536000, immutable" : "no-cache");
          return res.end(file.body);
        }
        if (path !== "/__edit" && path !== "/__edit/" && path !== "/__edit/canvas") return next();
        void (async () => {
          if (!loopback(req.socket.remoteAddress)) return send(res, 403, { error: "The editor answers only this computer." });
          if (stale) await rebuild();
          // A build that failed (a mistake in the code, said in the terminal) leaves the last good one in use.
          const failed = await bundle.ready().then(
            () => null,
            (err: Error) => err,
          );
          if (failed && bundle.version() === 0) {
            res.statusCode = 500;
            res.setHeader("Content-Type", "text/plain; charset=utf-8");
            return res.end(`${failed.message}\n\nFix the code, and reload this page: the builder is built again when the code changes.\n`);
          }
          res.setHeader("Content-Type", "text/html; charset=utf-8");
          res.setHeader("Cache-Control", "no-store");
          if (path === "/__edit/canvas") return res.end(readFileSync(join(bundle.dir, "canvas.html")));
          if (page?.version !== bundle.version()) page = { version: bundle.version(), make: builderPage(bundle.dir, BUNDLE_BASE) };
          const wanted = new URL(req.url ?? "/", "http://localhost").searchParams.get("file") ?? undefined;
          res.end(
            await page.make(wanted, async (asked) => {
              const url = new URL(asked, "http://localhost");
              const { status, data } = await answer({
                method: "GET",
                path: url.pathname,
                query: url.searchParams,
                header: () => undefined,
                body: () => Promise.reject(new EditorError(400, "No body here.")),
              });
              return { status, body: JSON.stringify(data) };
            }),
          );
        })().catch(next);
      });

      server.middlewares.use("/__edit/api", (req, res, next) => {
        void handle(req, res).catch(next);
      });

      async function answer(request: ApiRequest) {
        const { status, data } = await handleApiRequest(api, request);
        return { status, data: request.path === "/state" && status === 200 ? { ...(data as object), server: instance } : data };
      }

      async function handle(req: IncomingMessage, res: ServerResponse) {
        try {
          if (!loopback(req.socket.remoteAddress)) throw new EditorError(403, "The editor answers only this computer.");
          const origin = req.headers.origin;
          if (origin !== undefined && originHost(origin) !== req.headers.host) throw new EditorError(403, "The editor answers only its own pages.");
          if (req.method !== "GET" && req.headers[EDITOR_HEADER] !== "1") throw new EditorError(403, "The editor answers only its own pages.");
          if ((req.url ?? "").length > URL_LIMIT) throw new EditorError(414, "The address is too long.");
          const url = new URL(req.url ?? "/", "http://localhost");
          const request: ApiRequest = {
            method: req.method ?? "GET",
            path: url.pathname,
            query: url.searchParams,
            header: (name) => {
              const value = req.headers[name.toLowerCase()];
              return Array.isArray(value) ? value[0] : value;
            },
            body: (limit, what) => body(req, limit, what),
          };
          if (request.path === "/events" && request.method === "GET") {
            res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-store" });
            // Reconnect within a second after a restart of the server (the builder then catches up).
            res.write("retry: 1000\n\n");
            streams.add(res);
            req.on("close", () => streams.delete(res));
            return;
          }
          // The content plugin notices every write: open pages of the site reload, the builder checks its file.
          const { status, data } = await answer(request);
          return send(res, status, data);
        } catch (err) {
          if (err instanceof EditorError) return send(res, err.status, { error: err.message });
          // Anything else is a fault of the builder: said in JSON, with the details in the terminal.
          server.config.logger.error(`Page builder: ${req.method} ${req.url} failed: ${(err as Error).stack ?? String(err)}`, { timestamp: true });
          return send(res, 500, { error: "The page builder's server failed on this request; the terminal running it says why." });
        }
      }
    },
  };
}
