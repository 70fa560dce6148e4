import type { Config } from "@react-router/dev/config";
import { join } from "node:path";
import { contentRoot, prerenderPaths } from "./src/content/routes.ts";
import { buildSite } from "./src/content/site.ts";
import { postBuild } from "./src/deploy/post-build.ts";
import { pagePipelineApi } from "./src/deploy/vite-plugin.ts";

export default {
  appDirectory: "src",
  // SITE_ROOT builds another copy of the content (tests do) into its own dist/, leaving ours alone.
  buildDirectory: process.env.SITE_ROOT ? join(process.env.SITE_ROOT, "dist") : "dist",
  // Every route is pre-rendered to static HTML at build time and hydrates in
  // the browser; no server rendering at request time. Drafts are not in a
  // production build's route list.
  ssr: false,
  // v8's behaviour, each flag on (the site is ready for React Router 8 the day Node 22 is the floor).
  // What they asked of the site: loaders find their page by the route's parameters, not the request's
  // address (pass-through requests give them the data file's); the page pipeline starts with the
  // server environment's build (Vite's environment API); the home page's data is /_.data. The build
  // checks on disk that every page and data file was finished, and fails naming any that was not.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
  // The catalog is listed only where it exists (dev), where React Router
  // checks that every route with a loader is in this list but renders nothing.
  // Two at a time: one page renders on this thread while the page thread defers the scripts of
  // the other (src/deploy/page-pipeline.ts).
  prerender: { paths: () => prerenderPaths(contentRoot(), buildSite(contentRoot()).sources), concurrency: 2 },
  // After pre-rendering (which deferred each page's scripts to after `load` and compressed the
  // pages: src/deploy/page-pipeline.ts): write the picture copies, sitemap.xml, robots.txt,
  // _redirects, _headers, the nginx include and the server's site.json; then pre-compress the
  // assets (.br and .gz next to each).
  buildEnd: async ({ viteConfig }) => {
    const { pages, compressed: c, timings: t, images } = await postBuild(contentRoot(), pagePipelineApi(viteConfig));
    const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `Post-build: ${pages} pages deferred and compressed as they were pre-rendered (the last ones ${s(t.pagesMs)} after); wrote sitemap.xml, robots.txt, _redirects, _headers, dist/deploy/nginx.conf, dist/site.json`,
    );
    console.log(
      `Pictures: ${images.copies} copies (AVIF, WebP) in dist/client/assets/img, ${images.encoded} encoded now, ${images.copies - images.encoded} from the cache, in ${s(images.ms)}`,
    );
    console.log(
      `Pre-compressed ${c.files} files (assets in ${s(t.assetsMs)}; pages, their scripts and data as they were pre-rendered): ${kb(c.size)} -> ${kb(c.br)} Brotli, ${kb(c.gzip)} gzip`,
    );
  },
} satisfies Config;
