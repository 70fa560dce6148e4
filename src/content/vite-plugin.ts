/**
 * Vite plugin: validates site-config/ before a build (a content error fails
 * it, printed one line per problem; warnings are printed and the build goes
 * on) and on every save in dev (errors in Vite's error overlay and the
 * terminal, warnings in the terminal; the page reloads when it is fixed).
 */
import { join } from "node:path";
import type { Plugin, ViteDevServer } from "vite";
import { hasErrors, loadSite } from "./site.ts";
import { routePaths } from "./routes.ts";
import { formatProblem, formatReport, type Problem } from "./problems.ts";

/** Sent to the browser in `npm run dev` when site-config/ changed and is valid. */
export const CONTENT_CHANGED = "site-content:changed";

export function siteContent({ root }: { root: string }): Plugin {
  let validatedForBuild = false;
  let lastErrors: Problem[] = [];

  // The browser's HMR channel (Vite 6+ environments; server.ws before that).
  const hot = (server: ViteDevServer) => server.environments?.client?.hot ?? server.ws;

  const overlay = (server: ViteDevServer, problems: Problem[]) => {
    const first = problems[0]!;
    hot(server).send({
      type: "error",
      err: {
        message: `Content error${problems.length > 1 ? `s (${problems.length})` : ""} in site-config/\n\n${problems.map(formatProblem).join("\n")}`,
        stack: "",
        plugin: "site-content",
        id: join(root, first.file),
        loc: { file: join(root, first.file), line: first.line, column: first.column },
      },
    });
  };

  return {
    name: "site-content",
    enforce: "pre",

    buildStart() {
      if (this.environment?.mode === "dev" || validatedForBuild) return;
      const { problems } = loadSite(root);
      if (hasErrors(problems)) {
        // Exit here rather than throw: Vite would print the list three times
        // wrapped in a bundler stack trace, and authors need the list alone.
        process.stderr.write(`\n${formatReport(problems)}\n\nBuild stopped: fix the content errors above and build again (npm run validate checks without building).\n`);
        process.exit(1);
      }
      if (problems.length > 0) console.warn(formatReport(problems));
      validatedForBuild = true;
    },

    configureServer(server) {
      const check = (announce: boolean) => {
        const { problems } = loadSite(root);
        const errors = problems.filter((p) => p.severity === "error");
        if (errors.length > 0) {
          server.config.logger.error(formatReport(problems), { timestamp: true });
          overlay(server, errors);
        } else {
          // Warnings do not stop anything; they are printed so they get seen.
          if (problems.length > 0) server.config.logger.warn(formatReport(problems), { timestamp: true });
          else if (announce || lastErrors.length > 0) server.config.logger.info("site-config/ is valid", { timestamp: true });
          // Loaders read content on each request: a reload shows the change. The pages reload
          // themselves on this event (src/root.tsx); the page builder, which holds edits, does not.
          hot(server).send({ type: "custom", event: CONTENT_CHANGED, data: {} });
        }
        lastErrors = errors;
      };
      server.watcher.add([join(root, "site-config"), join(root, "schemas")]);
      // The route table is read from site-config/ when the server starts. A new,
      // renamed or deleted page (or a page turned into a draft or back) needs a
      // new one: restart, as React Router does when src/routes.ts changes.
      // Services share one route, but a production-like dev server answers data requests only for
      // the paths listed for pre-rendering when it started: a new service needs a restart too.
      const pageList = () => routePaths(root).join("\n");
      let routes = pageList();
      let restarting = false;
      const onChange = (file: string) => {
        if (!file.startsWith(join(root, "site-config")) && !file.startsWith(join(root, "schemas"))) return;
        const now = pageList();
        if (now !== routes && !restarting) {
          routes = now;
          restarting = true;
          server.config.logger.info("site-config/: the list of pages changed, restarting so every address works", { timestamp: true });
          void server.restart().finally(() => {
            restarting = false;
          });
          return;
        }
        check(false);
      };
      server.watcher.on("change", onChange);
      server.watcher.on("add", onChange);
      server.watcher.on("unlink", onChange);
      server.ws.on("connection", () => {
        if (lastErrors.length > 0) overlay(server, lastErrors);
      });
      check(true);
    },
  };
}
