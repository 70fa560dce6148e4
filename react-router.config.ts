import type { Config } from "@react-router/dev/config";
import { routePaths } from "./src/content/routes-config.ts";
import { postBuild } from "./src/deploy/post-build.ts";

export default {
  appDirectory: "src",
  buildDirectory: "dist",
  // Every route is pre-rendered to static HTML at build time and hydrates in
  // the browser; no server rendering at request time.
  ssr: false,
  prerender: () => routePaths(process.cwd()),
  // After pre-rendering: inline the CSS, defer hydration to after `load`, and
  // write sitemap.xml, robots.txt, _redirects, _headers and the nginx include.
  buildEnd: () => {
    const { pages, inlinedCss } = postBuild(process.cwd());
    console.log(`Post-build: ${pages} pages rewritten (CSS inlined: ${inlinedCss.join(", ") || "none"}); wrote sitemap.xml, robots.txt, _redirects, _headers, dist/deploy/nginx.conf`);
  },
} satisfies Config;
