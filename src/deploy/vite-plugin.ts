/**
 * `npm run build`: starts the page pipeline (page-pipeline.ts) when the server bundle, which
 * pre-renders the pages, is about to be built. The client bundle is written by then.
 */
import { join } from "node:path";
import type { Plugin } from "vite";
import { startPagePipeline } from "./page-pipeline.ts";
import { deployRoutes } from "./post-build.ts";
import { pageBrotliQuality } from "./precompress.ts";

export function pagePipelineStart({ root }: { root: string }): Plugin {
  return {
    name: "site-page-pipeline",
    apply: "build",
    configResolved(config) {
      if (!config.build.ssr) return;
      const { routes } = deployRoutes(root);
      startPagePipeline(join(root, "dist", "client"), routes, pageBrotliQuality(routes.length));
    },
  };
}
