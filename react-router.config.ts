import type { Config } from "@react-router/dev/config";
import { routePaths } from "./src/content/routes-config.ts";

export default {
  appDirectory: "src",
  buildDirectory: "dist",
  // Every route is pre-rendered to static HTML at build time and hydrates in
  // the browser; no server rendering at request time.
  ssr: false,
  prerender: () => routePaths(process.cwd()),
} satisfies Config;
