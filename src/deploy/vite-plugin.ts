/**
 * `npm run build`: starts the page pipeline (page-pipeline.ts) when the server environment's bundle,
 * which pre-renders the pages, is about to be built (the client bundle is written by then), and
 * hands it over explicitly: to that bundle's entry.server.tsx once it is written (before React
 * Router imports the same file to pre-render), and to post-build.ts through the plugin's `api`.
 */
import { cpSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import type { Plugin, ResolvedConfig } from "vite";
import { buildSite } from "../content/site.ts";
import { dataFingerprints, RENDER_DIR } from "./build-record.ts";
import { type PipelineResult, startPagePipeline } from "./page-pipeline.ts";
import type { PagePipeline, TakesPagePipeline } from "./pipeline-key.ts";
import { pageBrotliQuality } from "./precompress.ts";

const NAME = "site-page-pipeline";

export interface PagePipelineApi {
  /** The pipeline of the build under way (tests reach it to break it on purpose). */
  pipeline(): PagePipeline | undefined;
  /** Waits for the pipeline's last pages and stops it; undefined if no pipeline was started. */
  finish(): Promise<PipelineResult | undefined>;
  /** The fingerprints of the data the pre-render renders (build-record.ts), taken from its own server bundle. */
  fingerprints(): Awaited<ReturnType<typeof dataFingerprints>> | undefined;
}

/** The pipeline plugin's `api` in a resolved Vite configuration (React Router's buildEnd is given one). */
export function pagePipelineApi(config: ResolvedConfig): PagePipelineApi | undefined {
  return config.plugins.find((plugin) => plugin.name === NAME)?.api as PagePipelineApi | undefined;
}

export function pagePipelineStart({ root }: { root: string }): Plugin {
  let current: ReturnType<typeof startPagePipeline> | undefined;
  let fingerprints: Awaited<ReturnType<typeof dataFingerprints>> | undefined;
  const api: PagePipelineApi = {
    pipeline: () => current,
    fingerprints: () => fingerprints,
    async finish() {
      const pipeline = current;
      current = undefined;
      return pipeline?.finish();
    },
  };
  return {
    name: NAME,
    apply: "build",
    api,
    buildStart() {
      if (this.environment.config.consumer !== "server") return;
      // The routes a production build pre-renders, as post-build.ts's deployRoutes lists them.
      const { routes } = buildSite(root);
      fingerprints = undefined;
      current = startPagePipeline(join(root, "dist", "client"), routes, pageBrotliQuality(routes.length));
    },
    writeBundle: {
      // Before React Router's own writeBundle, which pre-renders with this bundle.
      order: "pre",
      async handler(options, bundle) {
        if (this.environment.config.consumer !== "server" || !current || !options.dir) return;
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== "chunk" || !chunk.isEntry) continue;
          // Node keeps one instance per file: React Router's import of this file gets this one.
          const build = (await import(/* @vite-ignore */ pathToFileURL(join(options.dir, chunk.fileName)).href)) as ServerBuild & {
            entry?: { module?: Partial<TakesPagePipeline> };
          };
          const entry = build.entry?.module;
          if (typeof entry?.setPagePipeline !== "function") continue;
          entry.setPagePipeline(current);
          // React Router removes its server bundle after the pre-render (ssr: false): a copy stays for
          // the next build to render changed pages with (incremental.ts), with what each page shows.
          const keep = join(root, "dist", RENDER_DIR);
          rmSync(keep, { recursive: true, force: true });
          cpSync(options.dir, keep, { recursive: true });
          fingerprints = await dataFingerprints(build, buildSite(root).routes);
          return;
        }
        throw new Error("The server bundle's entry.server.tsx does not take the page pipeline (setPagePipeline): the pages cannot be finished.");
      },
    },
  };
}
