/**
 * What a build keeps beside its output so that the next one can render only what changed
 * (src/deploy/incremental.ts): the server bundle it pre-rendered with (dist/render/), and a record
 * of what each output was made from (dist/render/record.json): a fingerprint of the code, the
 * route list, and for each route a fingerprint of the data its loaders returned. A route's page and
 * data file are made from the code and that data only, so equal fingerprints mean equal files.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, rmSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { matchRoutes, type ServerBuild } from "react-router";
import { filesUnder, writeNewFile } from "../lib/files.ts";

/** Under the build folder (dist/): the server bundle's copy and the record. Never served. */
export const RENDER_DIR = "render";
const RECORD_FILE = "record.json";
const VERSION = 2;

/** What the build is made from besides site-config/ and public/: a change here renders every page again. From the project's folder, but schemas/, which a content copy (SITE_ROOT) brings. */
const CODE_INPUTS = ["src", "scripts/gen.ts", "scripts/gen", "package.json", "package-lock.json", "vite.config.ts", "react-router.config.ts", "tsconfig.json"];

export interface BuildRecord {
  version: number;
  /** Each code file's hash, by its path from the project (and the Node.js version, which compresses). */
  code: Record<string, string>;
  /** The routes pre-rendered, in order. */
  routes: string[];
  /** The fingerprint of the data every page shows (the root route's: settings, header, footer). */
  root: string;
  /** By route: the fingerprint of its own loaders' data, the picture copies its page names, and the hashes of its inline scripts (its Content-Security-Policy). */
  pages: Record<string, { data: string; images: string[]; scripts: string[] }>;
  /** Each file copied from public/, by its path from public/, with its size and hash. */
  public: Record<string, string>;
}

/** The hash the record keeps of a file or a text. */
export const sha = (data: string | Buffer) => createHash("sha256").update(data).digest("hex").slice(0, 32);

const posix = (path: string) => path.split(sep).join("/");

/** The hash of each code input: the project's (src/generated/ is made from schemas/ and src/), and the schemas of the content at `root`. */
export function codeHashes(root: string, project = process.cwd()): Record<string, string> {
  const hashes: Record<string, string> = { node: process.versions.node };
  for (const [base, input] of [[root, "schemas"], ...CODE_INPUTS.map((input) => [project, input])] as const) {
    const full = join(base, input);
    const files = existsSync(full) && statSync(full).isDirectory() ? filesUnder(full, (folder) => input === "src" && folder === "generated") : [full];
    for (const file of files) if (existsSync(file)) hashes[posix(relative(base, file))] = sha(readFileSync(file));
  }
  return hashes;
}

/** Each file under public/, with its size and hash. */
export function publicHashes(root: string): Record<string, string> {
  const dir = join(root, "public");
  return Object.fromEntries(filesUnder(dir).map((file) => [posix(relative(dir, file)), sha(readFileSync(file))]));
}

/** The paths whose hash differs between two maps (added and removed included), sorted. */
export function differing(before: Record<string, string>, after: Record<string, string>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => before[k] !== after[k]).sort();
}

export function readRecord(buildDir: string): BuildRecord | undefined {
  const file = join(buildDir, RENDER_DIR, RECORD_FILE);
  if (!existsSync(file)) return undefined;
  try {
    const record = JSON.parse(readFileSync(file, "utf8")) as BuildRecord;
    return record.version === VERSION ? record : undefined;
  } catch {
    return undefined;
  }
}

/** Removes the record: the build in `buildDir` is about to change in place. */
export function dropRecord(buildDir: string): void {
  rmSync(join(buildDir, RENDER_DIR, RECORD_FILE), { force: true });
}

export function writeRecord(buildDir: string, record: Omit<BuildRecord, "version">): void {
  writeNewFile(join(buildDir, RENDER_DIR, RECORD_FILE), `${JSON.stringify({ version: VERSION, ...record }, null, 1)}\n`);
}

/** The server bundle's routes as a tree, for React Router's matchRoutes. */
type RouteNode = { id: string; path?: string; index?: boolean; children: RouteNode[] };

function routeTree(build: ServerBuild): RouteNode[] {
  const nodes = new Map(
    Object.values(build.routes).map((r) => [r?.id ?? "", { id: r?.id ?? "", path: r?.path, index: r?.index, children: [] as RouteNode[] }]),
  );
  const top: RouteNode[] = [];
  for (const route of Object.values(build.routes)) {
    const node = route && nodes.get(route.id);
    if (!route || !node) continue;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent ? parent.children : top).push(node);
  }
  // matchRoutes types an index route as one without children.
  return top as never;
}

/** What the loaders of `path` return, by route id, as the pre-render would serialise it. */
async function loaderData(build: ServerBuild, tree: RouteNode[], path: string, skip: ReadonlySet<string>): Promise<string> {
  const matches = matchRoutes(tree as never, path) ?? [];
  const out: Record<string, unknown> = {};
  for (const match of matches) {
    const id = (match.route as RouteNode).id;
    const loader = build.routes[id]?.module.loader;
    if (skip.has(id) || !loader) continue;
    const request = new Request(new URL(path, "http://localhost"));
    out[id] = await loader({ request, params: match.params, context: {} as never, unstable_pattern: "" } as never);
  }
  return JSON.stringify(out);
}

/**
 * The fingerprints of the root route's data and of each route's own data, from the server bundle's
 * own loaders (the same code, reading the same content, as the pre-render). Throws what a loader
 * throws (content with errors: the bundle's site check).
 */
export async function dataFingerprints(build: ServerBuild, routes: readonly string[]): Promise<{ root: string; pages: Map<string, string> }> {
  const tree = routeTree(build);
  const root = sha(await loaderData(build, tree, "/", new Set(Object.keys(build.routes).filter((id) => id !== "root"))));
  const pages = new Map<string, string>();
  for (const route of routes) pages.set(route, sha(await loaderData(build, tree, route, new Set(["root"]))));
  return { root, pages };
}
