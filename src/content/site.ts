/**
 * The content layer: the one reader of site-config/. In stages, each in its own module:
 *
 *   read and parse (sources.ts) -> routes (routes.ts) -> validate (validate.ts)
 *   -> normalize and resolve (resolve.ts) -> a typed Site, and every problem found on the way.
 *
 * The route table, the dev server, `npm run validate`, the build and the tests all start from
 * loadSite(); nothing else reads site-config/. The production server reads only what the build
 * wrote for it (src/deploy/site-facts.ts).
 */
import { realpathSync } from "node:fs";
import { fingerprint } from "../lib/files.ts";
import { join } from "node:path";
import type { Service, SiteSettings } from "../generated/content.ts";
import { SectionDataError } from "./section-data.ts";
import type { ResolvedSection } from "../sections/types.ts";
import { readablePath } from "./ajv-problems.ts";
import { COLLECTION_NAMES, type Collections } from "./collections.ts";
import { formatProblem, sortProblems, type Problem } from "./problems.ts";
import { resolveKept, Usage, withAltFallbacks } from "./resolve.ts";
import { siteRoutes } from "./routes.ts";
import { loadSchemas, type SchemaSet } from "./schemas.ts";
import { entriesOf, readSources, servicePath, type Sources } from "./sources.ts";
import { mediaProblems } from "./media.ts";
import type { SharedSummary } from "./shared.ts";
import { validateSite, type AltFallback, type CheckedPage, type CheckedSection, type MediaUse, type SiteFacts } from "./validate.ts";

/** A section as a page renders it: resolved, or the reasons it cannot be shown (an error card in the preview). */
export type SectionSlot = ({ ok: true } & ResolvedSection) | { ok: false; type: string; index: number; problems: string[] };

export interface SitePage {
  path: string;
  /** The file it comes from. */
  file: string;
  title: string;
  description: string;
  /** Kept out of search engines and the sitemap. */
  noindex: boolean;
  /** Only npm run dev shows it, with a "Draft" badge. */
  draft: boolean;
  slots: SectionSlot[];
  /** Errors in the page file that no error card shows (the preview lists them above the page). */
  pageProblems: string[];
  /** On a service page: the service it shows. */
  service?: Service;
}

/** What the site renders: present once settings and collections are valid. */
export interface Site {
  settings: SiteSettings;
  collections: Collections;
  /** Every page file that could be read (drafts included), home first. */
  pages: SitePage[];
  /** One per service, from the service template. */
  servicePages: SitePage[];
}

export interface SiteResult {
  problems: Problem[];
  /** Every route of the live site: pages (home first), then services; drafts are not in it. */
  routes: string[];
  draftRoutes: string[];
  /** Each page file, as validation left it. */
  pages: CheckedPage[];
  /** Every collection, normalized, when all of them are valid. */
  collections?: Collections;
  /** The settings, when settings.json is valid (the preview shows the header even when a collection is broken). */
  settings?: SiteSettings;
  facts: SiteFacts;
  /** Every picture and video the content names that exists in public/ (checked by checkSite). */
  media: MediaUse[];
  site?: Site;
  /** The files it was read from (with their texts), for what needs them besides the checks (the builder's file list). */
  sources: Sources;
  /** Each shared section (site-config/shared/), what it stands for and where it is placed. */
  shared: SharedSummary[];
}

const schemaCache = new Map<string, { signature: string; set: SchemaSet }>();

/** The compiled schemas, reused while no schema file changes (the dev server loads the site on every request). */
export function schemaSet(dir: string): SchemaSet {
  const schemasDir = realpathSync(dir);
  const signature = fingerprint(schemasDir, ["."]);
  const cached = schemaCache.get(schemasDir);
  if (cached?.signature === signature) return cached.set;
  const set = loadSchemas(schemasDir);
  schemaCache.set(schemasDir, { signature, set });
  return set;
}

export const hasErrors = (problems: readonly Problem[]) => problems.some((p) => p.severity === "error");

/** Everything in site-config/ under `root`; `overlay` (file -> text) stands in for files on disk (see readSources). */
export function loadSite(root: string, { overlay }: { overlay?: ReadonlyMap<string, string> } = {}): SiteResult {
  const sources = readSources(root, overlay);
  const routes = siteRoutes(sources, { drafts: false });
  const validated = validateSite(sources, schemaSet(join(root, "schemas")), routes);
  const problems = [...sources.problems, ...validated.problems];
  const { settings, template } = validated;
  const complete = COLLECTION_NAMES.every((name) => validated.collections[name] !== undefined);
  const collections = complete
    ? normalized(validated.collections as Collections, (name) => validated.fallbacks.get(sources.collections[name].file))
    : undefined;
  const result: SiteResult = {
    problems,
    routes: routes.routes,
    draftRoutes: routes.draftRoutes,
    pages: validated.pages,
    collections,
    settings,
    facts: validated.facts,
    media: validated.media,
    sources,
    shared: validated.shared,
  };
  if (!settings || !collections) {
    result.problems = sortProblems(problems);
    return result;
  }

  const usage = new Usage();
  const slotsOf = (file: string, sections: readonly CheckedSection[], service?: Service): SectionSlot[] =>
    sections.map((checked) => {
      if (!checked.ok) {
        const own = checked.problems.map(formatProblem);
        return { ok: false, type: checked.type, index: checked.index, problems: own.length > 0 ? own : ["This section does not match its schema."] };
      }
      try {
        return { ok: true, ...resolveKept(checked.section, collections, usage, service) };
      } catch (err) {
        if (!(err instanceof SectionDataError)) throw err;
        const problem = sectionProblem(sources, file, checked.index, err);
        problems.push(problem);
        return { ok: false, type: checked.section.type, index: checked.index, problems: [formatProblem(problem)] };
      }
    });

  const pages = validated.pages.map(
    (page): SitePage => ({
      path: page.path,
      file: page.file,
      title: page.doc?.title ?? page.slug,
      description: page.doc?.description ?? "",
      noindex: page.doc?.noindex ?? false,
      draft: page.draft,
      slots: slotsOf(page.file, page.sections),
      pageProblems: [],
    }),
  );
  // The service template's sections, as a page's: a broken one is an error card on every service page.
  const servicePages = collections.services.map(
    (service): SitePage => ({
      path: servicePath(service.id),
      file: sources.template.file,
      title: `${service.name}${template?.titleSuffix ?? ""}`,
      description: service.smallDescription,
      noindex: false,
      draft: false,
      slots: slotsOf(sources.template.file, validated.templateSections, service),
      pageProblems: [],
      service,
    }),
  );
  // Entries no page shows: only when every page could be read, or the answer would be wrong.
  if (validated.pages.every((p) => p.doc)) problems.push(...unshownEntries(sources, validated.facts.schemas, usage));
  result.problems = sortProblems(problems);
  result.site = { settings, collections, pages, servicePages };
  placeProblems(result.site, result.problems);
  return result;
}

let lastCollections: { parts: unknown[]; collections: Collections } | undefined;

/**
 * Normalize: a collection entry's image without alt text gets the text its entry names for it (a
 * warning). The same object while every collection and its fallbacks are, so what was resolved
 * from it is reused.
 */
function normalized(valid: Collections, fallbacksOf: (name: keyof Collections) => AltFallback[] | undefined): Collections {
  const parts = COLLECTION_NAMES.flatMap((name) => [valid[name], fallbacksOf(name)]);
  if (lastCollections && parts.every((part, i) => part === lastCollections?.parts[i])) return lastCollections.collections;
  const collections = Object.fromEntries(
    COLLECTION_NAMES.map((name) => [name, withAltFallbacks({ items: valid[name] }, fallbacksOf(name)).items]),
  ) as Collections;
  lastCollections = { parts, collections };
  return collections;
}

/** Each page's errors that no error card of its own shows: the preview lists them above the page, so that every error is seen. */
function placeProblems(site: Site, problems: readonly Problem[]): void {
  for (const page of [...site.pages, ...site.servicePages]) {
    const inCards = new Set(page.slots.flatMap((slot) => (slot.ok ? [] : slot.problems)));
    page.pageProblems = problems
      .filter((p) => p.file === page.file && p.severity === "error")
      .map(formatProblem)
      .filter((line) => !inCards.has(line));
  }
}

/**
 * loadSite, and the checks that read the pictures and videos themselves (size, shape, animation:
 * src/content/media.ts). What the build, the dev server, `npm run validate` and the page builder
 * report; loadSite alone is for what needs the content only.
 */
export function checkSite(root: string, options: { overlay?: ReadonlyMap<string, string> } = {}): Promise<SiteResult> {
  return checkMedia(root, loadSite(root, options));
}

/** Adds the problems of the pictures and videos themselves to `result`. */
async function checkMedia(root: string, result: SiteResult): Promise<SiteResult> {
  const media = await mediaProblems(join(root, "public"), result.media);
  if (media.length > 0) {
    result.problems = sortProblems([...result.problems, ...media]);
    if (result.site) placeProblems(result.site, result.problems);
  }
  return result;
}

function sectionProblem(sources: Sources, file: string, index: number, err: SectionDataError): Problem {
  const source = file === sources.template.file ? sources.template : sources.pages.find((p) => p.file === file);
  const pointer = `/sections/${index}`;
  const loc = source?.parsed?.locations.get(pointer)?.value ?? { line: 1, column: 1 };
  return {
    severity: "error",
    file,
    line: loc.line,
    column: loc.column,
    path: source?.parsed ? readablePath(pointer, source.parsed.value) : "",
    message: err.message,
    hint: err.hint,
    pointer,
  };
}

/** A warning for each collection no section shows, and for each entry of a collection that no section picks. */
function unshownEntries(sources: Sources, schemas: SchemaSet, usage: Usage): Problem[] {
  const out: Problem[] = [];
  for (const name of COLLECTION_NAMES) {
    // Every service has a page of its own.
    if (name === "services") continue;
    const source = sources.collections[name];
    const shown = usage.shown.get(name);
    if (shown === "all" || !source.parsed) continue;
    const where = sectionsShowing(schemas, name);
    if (!shown) {
      out.push({
        severity: "warning",
        file: source.file,
        line: 1,
        column: 1,
        path: "",
        message: "no page shows this collection",
        hint: `Show it on a page with ${where}, or delete the file.`,
        pointer: "",
      });
      continue;
    }
    for (const { index, entry } of entriesOf(source)) {
      if ((typeof entry.id !== "string" && typeof entry.id !== "number") || shown.has(String(entry.id))) continue;
      const pointer = `/items/${index}`;
      const loc = source.parsed.locations.get(pointer)?.value;
      if (!loc) throw new Error(`${source.file}: the place of the entry at ${pointer} is not known.`);
      out.push({
        severity: "warning",
        file: source.file,
        line: loc.line,
        column: loc.column,
        path: readablePath(pointer, source.parsed.value),
        message: `entry "${entry.id}" is not shown on any page`,
        hint: `Add "${entry.id}" to ${where} on a page, or delete the entry.`,
        pointer,
      });
    }
  }
  return out;
}

/** Where pages choose a collection's entries, from the schemas: '"testimonials" in a testimonials-carousel section'. */
function sectionsShowing(schemas: SchemaSet, collection: string): string {
  const places: string[] = [];
  for (const type of schemas.sectionTypes) {
    const a = /^[aeiou]/.test(type) ? "an" : "a";
    // A list of ids ("collectionRef") or a choice of whole collection ("enum"), at any depth.
    const walk = (node: unknown, field: string) => {
      if (!node || typeof node !== "object" || Array.isArray(node)) return;
      const obj = node as Record<string, unknown>;
      const items = obj.items as Record<string, unknown> | undefined;
      if (items?.collectionRef === collection) places.push(`"${field}" in ${a} ${type} section`);
      else if (Array.isArray(obj.enum) && obj.enum.includes(collection)) places.push(`"${field}": "${collection}" in ${a} ${type} section`);
      for (const [name, prop] of Object.entries((obj.properties ?? {}) as Record<string, unknown>)) walk(prop, name);
      if (items) walk(items, field);
    };
    walk(schemas.raw.get(`sections/${type}.schema.json`), "");
  }
  return places.length > 0 ? places.join(" or ") : "a section that lists it";
}

type Snapshot = { key: string; site: SiteResult; checked?: Promise<SiteResult> };
/** Process-wide: the route table, the check before a build, its route list, the route loaders and the post-build run in separate module instances of one process. */
const SNAPSHOTS = Symbol.for("site-content/build-snapshots");
function snapshots(): Map<string, Snapshot> {
  const global = globalThis as Record<symbol, Map<string, Snapshot> | undefined>;
  global[SNAPSHOTS] ??= new Map();
  return global[SNAPSHOTS];
}

function snapshot(root: string): Snapshot {
  const key = fingerprint(root, ["site-config", "schemas", "public"]);
  const kept = snapshots().get(root);
  if (kept?.key === key) return kept;
  const made: Snapshot = { key, site: loadSite(root) };
  snapshots().set(root, made);
  return made;
}

/**
 * The site as one build reads it: read once, then shared by every step of the build for as long as
 * site-config/, schemas/ and public/ are unchanged (a stat of each file says so). `npm run dev` and
 * the builder keep theirs in a SiteStore.
 */
export function buildSite(root: string): SiteResult {
  return snapshot(root).site;
}

/** buildSite with the checks of the pictures and videos themselves (checkSite), made once. */
export function buildSnapshot(root: string): Promise<SiteResult> {
  const kept = snapshot(root);
  kept.checked ??= checkMedia(root, kept.site);
  return kept.checked;
}
