/**
 * Vite plugin: validates site-config/ before a build (a content error fails
 * it, printed one line per problem; warnings are printed and the build goes
 * on) and on every save in dev (problems in the terminal; the open pages
 * reload and show error cards where the content is wrong, or the page again
 * once it is fixed).
 */
import { join, relative, sep } from "node:path";
import { isRunnableDevEnvironment, type Plugin, type ViteDevServer } from "vite";
import { buildSnapshot, hasErrors, type SiteResult } from "./site.ts";
import { type SiteChange, SiteStore } from "./site-store.ts";
import { DEV_CACHE_MODULE } from "./dev-cache.ts";
import { knownRoutes } from "./routes.ts";
import { pagePath } from "./sources.ts";
import { formatReport, type Problem } from "./problems.ts";
import { CONTENT_CHANGED, CONTENT_GENERATION_PATH, type ContentChanged, type SiteContentApi } from "./dev-events.ts";

const PAGE_FILE = /^site-config\/pages\/([a-z0-9-]+)\.json$/;

/**
 * A page file concerns its own page only; any other file may concern every page, and so does a
 * file under pages/ that is no page (`pageFiles`: those that are): every page lists its problem.
 */
export function affectedRoutes(files: readonly string[], pageFiles?: ReadonlySet<string>): string[] | null {
  const routes = files.map((file) => (pageFiles && !pageFiles.has(file) ? undefined : PAGE_FILE.exec(file)?.[1]));
  if (files.length === 0 || routes.some((slug) => slug === undefined)) return null;
  return [...new Set(routes.map((slug) => pagePath(slug as string)))];
}

/** React Router's server build in the dev server (the module a custom server loads with ssrLoadModule): it holds the list of paths. */
const SERVER_BUILD = "\0virtual:react-router/server-build";

/** How long site-config/ must be quiet after a change before it is read again. */
const SETTLE_MS = 120;

export function siteContent({ root }: { root: string }): Plugin {
  let validatedForBuild = false;
  let lastErrors: Problem[] = [];

  // The browser's HMR channel (Vite 6+ environments; server.ws before that).
  const hot = (server: ViteDevServer) => server.environments?.client?.hot ?? server.ws;

  // The site as this process last read and checked it: shared with the page builder (its saves hand their own checks over).
  const store = new SiteStore(root);
  const api: SiteContentApi = { store };

  return {
    name: "site-content",
    enforce: "pre",
    api,

    async buildStart() {
      if (this.environment?.mode === "dev" || validatedForBuild) return;
      const started = performance.now();
      const { problems, routes } = await buildSnapshot(root);
      if (hasErrors(problems)) {
        // Exit here rather than throw: Vite would print the list three times
        // wrapped in a bundler stack trace, and authors need the list alone.
        process.stderr.write(
          `\n${formatReport(problems)}\n\nBuild stopped: fix the content errors above and build again (npm run validate checks without building).\n`,
        );
        process.exit(1);
      }
      if (problems.length > 0) console.warn(formatReport(problems));
      console.log(`site-config/ checked: ${routes.length} routes in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      validatedForBuild = true;
    },

    configureServer(server) {
      /** Hands the checked site to the route loaders, says its problems, and has the open pages reload. */
      const publish = async (result: SiteResult, change: SiteChange | null) => {
        // The loaders use this result until the next change instead of reading every file per request:
        // handed to dev-cache.ts as the SSR module runner, which renders the pages, has it loaded.
        const ssr = server.environments.ssr;
        const cache = isRunnableDevEnvironment(ssr) ? await ssr.runner.import<typeof import("./dev-cache.ts")>(DEV_CACHE_MODULE) : undefined;
        if (change && change.generation !== store.version) return;
        cache?.shareCheckedSite(root, result, store.version);
        const { problems } = result;
        const errors = problems.filter((p) => p.severity === "error");
        if (errors.length > 0) server.config.logger.error(formatReport(problems), { timestamp: true });
        // Warnings do not stop anything; they are printed so they get seen.
        else if (problems.length > 0) server.config.logger.warn(formatReport(problems), { timestamp: true });
        else if (!change || lastErrors.length > 0) server.config.logger.info("site-config/ is valid", { timestamp: true });
        // Loaders read content on each request: a reload shows the change, or the error cards where it
        // went wrong (not Vite's overlay, which would point at vite.config.ts). The pages reload
        // themselves on this event (src/root.tsx); the page builder, which holds edits, does not.
        if (change) {
          const pageFiles = new Set(result.pages.map((p) => p.file));
          hot(server).send({ type: "custom", event: CONTENT_CHANGED, data: { routes: affectedRoutes(change.files, pageFiles) } satisfies ContentChanged });
        }
        lastErrors = errors;
      };
      const stopListening = store.onChange((change) => {
        void store.result().then((result) => publish(result, change));
      });
      const generation = () => store.version;
      server.watcher.add([join(root, "site-config"), join(root, "schemas")]);
      server.middlewares.use(CONTENT_GENERATION_PATH, (_req, res) => {
        res.setHeader("Content-Type", "application/json");
        res.setHeader("Cache-Control", "no-store");
        res.end(JSON.stringify({ generation: generation() }));
      });
      // A new, renamed or deleted page or service changes the list of paths React Router answers
      // (its pre-render list, read again whenever its server build is loaded): that module is
      // invalidated, and the open pages reload, with no restart (which would reload the page builder
      // too and drop requests). Only a change of the route table itself (the first page besides home,
      // or home itself, added or removed) restarts the server, as React Router does when
      // src/routes.ts changes. While services.json cannot be read, which services exist is unknown,
      // not none: the server keeps its paths and the pages show the error.
      const started = knownRoutes(root);
      let paths = started.paths?.join("\n");
      let shape = JSON.stringify(started.shape);
      let restarting = false;
      // A save is often several events (truncate, write; git: unlink, create), and the watcher may
      // report only the first: the files are read once they have been quiet for a moment.
      let timer: ReturnType<typeof setTimeout> | undefined;
      // The files changed since the last check: they decide which open pages reload.
      let changed: string[] = [];
      const onChange = (file: string) => {
        if (!file.startsWith(join(root, "site-config")) && !file.startsWith(join(root, "schemas"))) return;
        changed.push(relative(root, file).split(sep).join("/"));
        clearTimeout(timer);
        timer = setTimeout(settled, SETTLE_MS);
      };
      const settled = () => {
        const known = knownRoutes(root);
        if (JSON.stringify(known.shape) !== shape) {
          shape = JSON.stringify(known.shape);
          paths = known.paths?.join("\n") ?? paths;
          if (restarting) return;
          restarting = true;
          server.config.logger.info("site-config/: the site's first page besides home came or went; restarting", { timestamp: true });
          void server.restart().finally(() => {
            restarting = false;
          });
          return;
        }
        if (known.paths && known.paths.join("\n") !== paths) {
          paths = known.paths.join("\n");
          const build = server.environments.ssr.moduleGraph.getModuleById(SERVER_BUILD);
          if (build) server.environments.ssr.moduleGraph.invalidateModule(build);
          server.config.logger.info("site-config/: the list of pages changed", { timestamp: true });
        }
        // The builder's own writes were checked as it saved: only what anyone else changed is read again.
        store.changedOnDisk(changed);
        changed = [];
      };
      server.watcher.on("change", onChange);
      server.watcher.on("add", onChange);
      server.watcher.on("unlink", onChange);
      server.httpServer?.on("close", () => {
        clearTimeout(timer);
        stopListening();
      });
      void store.result().then((result) => publish(result, null));
    },
  };
}
