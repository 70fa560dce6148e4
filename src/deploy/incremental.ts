/**
 * A build that renders only what changed since an earlier one (`npm run build:changed`; the studio's
 * publish; `npm start`). It starts from the earlier build's output and its record (build-record.ts):
 * with the same code and the same routes, a route's page and data file are rendered again only
 * when the data its loaders return changed, with the earlier build's own server bundle; public/ is
 * copied where it changed; then what every build writes last (post-build.ts finishSite). Anything
 * it cannot attribute (code, the route list) is a full build, said with its reason. The whole site
 * is checked either way.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import { linkTree, writeNewFile } from "../lib/files.ts";
import { buildSite, buildSnapshot, hasErrors } from "../content/site.ts";
import { formatReport } from "../content/problems.ts";
import { type BuildRecord, codeHashes, dataFingerprints, differing, dropRecord, publicHashes, sha, readRecord, RENDER_DIR } from "./build-record.ts";
import { htmlFileOf } from "./outputs.ts";
import { DEFERRED_DIR, startPagePipeline } from "./page-pipeline.ts";
import type { TakesPagePipeline } from "./pipeline-key.ts";
import { finishSite } from "./post-build.ts";
import { pageBrotliQuality } from "./precompress.ts";

export type BuildPlan = { kind: "full"; reason: string } | { kind: "changed"; record: BuildRecord; base: string };

const list = (paths: readonly string[]) => `${paths.slice(0, 3).join(", ")}${paths.length > 3 ? ` and ${paths.length - 3} more` : ""}`;

export { CONTENT_ERRORS_EXIT } from "./build-protocol.ts";

/** The content has errors (what `npm run validate` reports): nothing is built. */
export class ContentErrors extends Error {
  constructor(readonly report: string) {
    super("site-config/ has errors: nothing was built.");
  }
}

/**
 * Whether the site at `root` (the project's own code in `project`) can be built over an earlier
 * build (its own dist/, else `from`), and if not, why; `warnings`: the check's report of them.
 * Checks the whole site first, as `npm run validate` does, and throws ContentErrors: nothing is
 * built from content with errors.
 */
export async function planBuild(root: string, from?: string, project = process.cwd()): Promise<BuildPlan & { routes: string[]; warnings: string }> {
  const result = await buildSnapshot(root);
  if (hasErrors(result.problems) || !result.site) throw new ContentErrors(formatReport(result.problems));
  const { routes } = result;
  return { ...choosePlan(root, routes, from, project), routes, warnings: result.problems.length > 0 ? formatReport(result.problems) : "" };
}

function choosePlan(root: string, routes: readonly string[], from: string | undefined, project: string): BuildPlan {
  const own = join(root, "dist");
  const base = readRecord(own) ? own : from && readRecord(from) ? from : undefined;
  const record = base ? readRecord(base) : undefined;
  if (!base || !record)
    return {
      kind: "full",
      reason: existsSync(join(own, "site.json"))
        ? "the last build has no record of what its pages were made from (an older version made it)"
        : "there is no earlier build to start from",
    };
  const code = differing(record.code, codeHashes(root, project));
  if (code.length > 0) return { kind: "full", reason: `the code changed since the last build (${list(code)})` };
  if (routes.join("\n") !== record.routes.join("\n")) return { kind: "full", reason: "pages were added, removed or renamed since the last build" };
  return { kind: "changed", record, base };
}

export interface ChangedBuild {
  /** The routes rendered again. */
  rendered: string[];
  /** Files of public/ copied or removed. */
  publicFiles: string[];
}

/**
 * Builds over the earlier build the plan found: renders the routes whose data changed, copies what
 * changed in public/, writes the rest as every build does. `say` is told each step and each route.
 */
export async function buildChanged(
  root: string,
  plan: Extract<BuildPlan, { kind: "changed" }>,
  routes: readonly string[],
  say: (line: string) => void,
  rendered: (route: string, done: number, of: number) => void = (route, done, of) => say(`Rendered ${route} (${done} of ${of})`),
): Promise<ChangedBuild> {
  const buildDir = join(root, "dist");
  const clientDir = join(buildDir, "client");
  if (plan.base !== buildDir) {
    say("Linking the last build…");
    rmSync(buildDir, { recursive: true, force: true });
    // Linked, not copied: every file this build writes is a new file (writeNewFile), so the last build stays as it was.
    mkdirSync(buildDir, { recursive: true });
    linkTree(plan.base, buildDir);
  }
  // Built over in place from here: a build stopped midway leaves no record, so the next starts from a whole one.
  dropRecord(buildDir);
  // The page thread starts (it loads its own code) while this one loads the bundle and compares.
  const pipeline = startPagePipeline(clientDir, routes, pageBrotliQuality(routes.length), { keep: true, reuse: true });
  // Named by its content too: a process that builds again (the studio's) renders with this bundle, not one it loaded before.
  const bundle = join(buildDir, RENDER_DIR, "index.js");
  const build = (await import(`${pathToFileURL(bundle).href}?v=${sha(readFileSync(bundle))}`)) as ServerBuild & {
    entry: { module: Partial<TakesPagePipeline> };
  };
  say("Finding the pages whose content changed…");
  const fingerprints = await dataFingerprints(build, routes);
  // The settings (header, footer, menus) are on every page.
  const everyPage = fingerprints.root !== plan.record.root;
  if (everyPage) say("The settings changed: every page shows them.");
  const changed = routes.filter((route) => everyPage || fingerprints.pages.get(route) !== plan.record.pages[route]?.data);
  const publicFiles = copyPublic(root, clientDir, plan.record.public);
  for (const file of publicFiles) say(`public/${file}: ${existsSync(join(root, "public", file)) ? "copied" : "removed"}`);
  const images = new Map(routes.map((route) => [route, plan.record.pages[route]?.images ?? []]));
  if (changed.length > 0) for (const [route, urls] of await renderRoutes(build, pipeline, clientDir, changed, rendered)) images.set(route, urls);
  else await pipeline.finish();
  const result = buildSite(root);
  if (!result.site) throw new Error("site-config/ has errors: nothing was built.");
  say("Writing the sitemap, the headers and the picture copies…");
  const stale = Object.values(plan.record.pages).flatMap((page) => page.images);
  const again = new Set(changed);
  const scripts = new Map(routes.filter((route) => !again.has(route)).map((route) => [route, plan.record.pages[route]?.scripts ?? []]));
  await finishSite(root, result.site, buildDir, { images, fingerprints, stale, scripts });
  return { rendered: changed, publicFiles };
}

/** Copies what changed in public/ since `before` into the client folder, removes what went; returns those paths. */
function copyPublic(root: string, clientDir: string, before: Record<string, string>): string[] {
  const changed = differing(before, publicHashes(root));
  for (const file of changed) {
    const source = join(root, "public", file);
    const target = join(clientDir, file);
    if (existsSync(source)) {
      mkdirSync(dirname(target), { recursive: true });
      rmSync(target, { force: true });
      cpSync(source, target);
    } else rmSync(target, { force: true });
  }
  return changed;
}

/** The address of a route's page data file (React Router's, with trailing-slash-aware data requests). */
const dataAddress = (route: string) => (route === "/" ? "/_.data" : `${route}.data`);

/** Renders `routes` (page and data file) with the server bundle, as the pre-render does, two at a time; the picture copies each page names. */
async function renderRoutes(
  build: ServerBuild & { entry: { module: Partial<TakesPagePipeline> } },
  pipeline: ReturnType<typeof startPagePipeline>,
  clientDir: string,
  routes: string[],
  rendered: (route: string, done: number, of: number) => void,
) {
  // The deferred scripts of the pages about to be rendered again: their names carry their code's hash.
  const deferred = new RegExp(`/${DEFERRED_DIR}/[^"'\\s>]+\\.js`, "g");
  for (const route of routes) {
    const page = join(clientDir, htmlFileOf(route));
    if (!existsSync(page)) continue;
    for (const [url] of readFileSync(page, "utf8").matchAll(deferred))
      for (const suffix of ["", ".br", ".gz"]) rmSync(join(clientDir, `${url.slice(1)}${suffix}`), { force: true });
  }
  build.entry.module.setPagePipeline?.(pipeline);
  const handler = createRequestHandler(build, "production");
  const fetchOk = async (address: string) => {
    const response = await handler(new Request(`http://localhost${address}`));
    const body = await response.text();
    if (response.status !== 200) throw new Error(`Rendering ${address} answered ${response.status}:\n${body.slice(0, 2000)}`);
    return body;
  };
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < routes.length) {
      const route = routes[next++] as string;
      const data = await fetchOk(dataAddress(route));
      writeNewFile(join(clientDir, ...dataAddress(route).split("/")), data);
      const html = await fetchOk(route === "/" ? "/" : `${route}/`);
      const file = join(clientDir, htmlFileOf(route));
      mkdirSync(dirname(file), { recursive: true });
      writeNewFile(file, html);
      done += 1;
      rendered(route, done, routes.length);
    }
  };
  try {
    await Promise.all([worker(), worker()]);
  } finally {
    build.entry.module.setPagePipeline?.(undefined);
  }
  const result = await pipeline.finish();
  const missing = routes.filter((route) => !result.pages.has(route));
  if (missing.length > 0) throw new Error(`These pages were rendered without their scripts deferred: ${missing.join(", ")}.`);
  return result.imagesByRoute;
}
