/**
 * The page builder's endpoints, in the development server only (`apply: "serve"`): a production
 * build has neither them nor the editor's routes (src/routes.ts). They answer only the machine
 * itself, and only requests the editor makes (same origin, its own header), so another site open
 * in the browser cannot use them. Every answer of the dev server says that only its own pages may
 * frame it (another site could otherwise show the builder in a frame and steer clicks), and the
 * files of public/ are served so that none can run a script (an uploaded SVG opened by its address).
 * The API itself is routes.ts under /__edit/api, hosted by local-api.ts. The builder and its canvas
 * are the studio's production build (builder-bundle.ts), made at start and when the code changes,
 * not Vite's modules.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join, relative, sep } from "node:path";
import { SiteStore } from "../../src/content/site-store.ts";
import type { Plugin } from "vite";
import type { SiteContentApi } from "../../src/content/dev-events.ts";
import { MEDIA_CSP } from "../../src/deploy/security-headers.ts";
import { assetType } from "../../src/lib/asset-type.ts";
import { BUNDLE_BASE, builderBundle, bundleFile, isBundleSource } from "./builder-bundle.ts";
import { builderPage } from "./builder-page.ts";
import { EventStream } from "./events.ts";
import { localApi, loopback } from "./local-api.ts";

export { EDITOR_HEADER } from "./local-api.ts";

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

export function editorEndpoints({ root }: { root: string }): Plugin {
  return {
    name: "site-editor-api",
    apply: "serve",
    // First, so that the headers are set before any other plugin's middleware answers.
    enforce: "pre",
    async configureServer(server) {
      // Made here, in the dev server only: it sweeps the builder's temporary files (builder/server/files.ts).
      const events = new EventStream();
      const instance = randomUUID();
      // The site as the dev server's content plugin checks it (one reading for the pages and the builder). Without that
      // plugin (the builder alone), the builder watches the content itself.
      const content = server.config.plugins.find((p) => p.name === "site-content")?.api as SiteContentApi | undefined;
      const site = content?.store ?? new SiteStore(root);
      if (!content)
        for (const event of ["change", "add", "unlink"] as const)
          server.watcher.on(event, (file) => {
            const path = relative(root, file).split(sep).join("/");
            if (path.startsWith("site-config/") || path.startsWith("schemas/")) site.changedOnDisk([path]);
          });
      const { app } = await localApi(root, events, instance, site);
      server.middlewares.use((req, res, next) => {
        setFrameHeaders(req, res);
        next();
      });
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
      // The open builders are told when the builder's code was built again (content changes: the store tells them).
      const tell = (event: string) => events.send(event, null);
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
        if (events.size > 0) timer = setTimeout(() => void rebuild(), 200);
      };
      for (const event of ["change", "add", "unlink"] as const) server.watcher.on(event, onCode);
      server.httpServer?.on("close", () => {
        clearTimeout(timer);
        events.close();
        void app.close();
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
          if (!loopback(req.socket.remoteAddress)) {
            res.statusCode = 403;
            res.setHeader("Content-Type", "application/json; charset=utf-8");
            return res.end(JSON.stringify({ error: "The editor answers only this computer." }));
          }
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
            // What the builder asks first, asked here of the API as the builder would, while its scripts load.
            await page.make(wanted, async (asked) => {
              const answer = await app.inject({ method: "GET", url: `/__edit/api${asked}`, remoteAddress: "127.0.0.1" });
              return { status: answer.statusCode, body: answer.body };
            }),
          );
        })().catch(next);
      });

      // The builder's API: requests handed to its Fastify instance as they came (local-api.ts).
      server.middlewares.use((req, res, next) => {
        if (!(req.url ?? "").startsWith("/__edit/api/")) return next();
        app.routing(req, res);
      });
    },
  };
}
