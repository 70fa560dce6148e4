/**
 * The page builder's endpoints, in the development server only (`apply: "serve"`): a production
 * build has neither them nor the editor's routes (src/routes.ts). They answer only the machine
 * itself, and only requests the editor makes (same origin, its own header), so another site open
 * in the browser cannot use them. Every answer of the dev server says that only its own pages may
 * frame it (another site could otherwise show the builder in a frame and steer clicks), and the
 * files of public/ are served so that none can run a script (an uploaded SVG opened by its address).
 * The API itself is handler.ts, under /__edit/api.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Plugin } from "vite";
import { MEDIA_CSP } from "../../deploy/security-headers.ts";
import { editorApi } from "./api.ts";
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
    configureServer(server) {
      // Made here, in the dev server only: it sweeps the builder's temporary files (src/editor/files.ts).
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
      server.middlewares.use("/__edit/api", (req, res, next) => {
        void handle(req, res).catch(next);
      });

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
          // The content plugin notices every write: open pages of the site reload, the builder checks its file.
          const { status, data } = await handleApiRequest(api, request);
          return send(res, status, request.path === "/state" && status === 200 ? { ...(data as object), server: instance } : data);
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
