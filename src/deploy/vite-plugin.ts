/**
 * `npm run build`: starts the page pipeline (page-pipeline.ts) when the server environment's bundle,
 * which pre-renders the pages, is about to be built. The client bundle is written by then.
 */
import { join } from "node:path";
import type { Plugin } from "vite";
import { routePaths } from "../content/routes.ts";
import { startPagePipeline } from "./page-pipeline.ts";
import { pageBrotliQuality } from "./precompress.ts";

export function pagePipelineStart({ root }: { root: string }): Plugin {
  return {
    name: "site-page-pipeline",
    apply: "build",
    buildStart() {
      if (this.environment.config.consumer !== "server") return;
      // The routes a production build pre-renders, as post-build.ts's deployRoutes lists them.
      const routes = routePaths(root, { drafts: false });
      startPagePipeline(join(root, "dist", "client"), routes, pageBrotliQuality(routes.length));
    },
  };
}
