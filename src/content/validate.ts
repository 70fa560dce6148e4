/**
 * Stage 3 of the content layer: every parsed file checked against its schema and the site-wide
 * rules (links go to pages that exist, ids name entries that exist, files are in public/, titles
 * are unique...). Each problem is one plain line with file, line and column. Nothing here changes
 * the data: what validation finds about alt text is handed on for the normalize stage.
 */
import type { Page, PlacedSection, Section, ServiceTemplate, SharedSection, SiteSettings } from "../generated/content.ts";
import { lastString } from "../lib/last-string.ts";
import { problemsFromAjv, readablePath } from "./ajv-problems.ts";
import { headingProblems } from "./authoring.ts";
import { consistencyProblems } from "./consistency.ts";
import { COLLECTIONS, COLLECTION_NAMES, type CollectionName, type Collections } from "./collections.ts";
import type { ParsedJson } from "./json-source.ts";
import { didYouMean, type Problem } from "./problems.ts";
import type { SchemaSet, KeywordContext } from "./schemas.ts";
import { placeholderProblems } from "./placeholders.ts";
import { seoProblems } from "./seo-rules.ts";
import { expandShared, sharedPart, type Placement, type SharedSummary } from "./shared.ts";
import { entriesOf, idsOf, PAGE_SLUG, type PageSource, type SourceFile, type Sources } from "./sources.ts";

/** What validation needs to know about the whole site. */
export interface SiteFacts {
  schemas: SchemaSet;
  assets: ReadonlySet<string>;
  routes: readonly string[];
  draftRoutes: readonly string[];
  collectionIds: ReadonlyMap<string, ReadonlySet<string> | undefined>;
}

/** An image without alt text whose entry names the text that stands in (a warning, applied by normalize). */
export interface AltFallback {
  pointer: string;
  alt: string;
}

/** A file in public/ that content uses, where it is named, and for a picture the slot where it is shown at its widest. */
export interface MediaUse {
  src: string;
  file: string;
  /** Of the path (the "src" of an image). */
  pointer: string;
  line: number;
  column: number;
  path: string;
  slot?: string;
}

/** A link to an address that is no page, with the error it is on its own. */
export interface MissingLink {
  path: string;
  problem: Problem;
}

export interface Checked<T> {
  valid: T | undefined;
  problems: Problem[];
  /** Those of `problems` that are links to addresses that are no page (validateSite reports them with the other files'). */
  missingLinks: MissingLink[];
  fallbacks: AltFallback[];
  media: MediaUse[];
}

export interface CheckOptions {
  /** Whether a link at this JSON Pointer may go to a draft page (default: no). */
  draftLinkAllowed?: (pointer: string) => boolean;
}

/**
 * Validates one parsed document against a schema (relative to schemas/) with the site-wide
 * checks. expectSchemaRef: the "$schema" value the file must carry, or undefined for a value that
 * is not a file of its own.
 */
const routeSets = new WeakMap<SiteFacts, { routeSet: Set<string>; draftSet: Set<string> }>();

/** The site's routes as sets, made once per site: every document is checked against them. */
function routeSetsOf(facts: SiteFacts) {
  let sets = routeSets.get(facts);
  if (!sets) {
    sets = { routeSet: new Set(facts.routes), draftSet: new Set(facts.draftRoutes) };
    routeSets.set(facts, sets);
  }
  return sets;
}

export function checkDocument<T>(
  facts: SiteFacts,
  file: string,
  parsed: ParsedJson,
  schemaFile: string,
  expectSchemaRef?: string,
  options: CheckOptions = {},
): Checked<T> {
  const validator = facts.schemas.validator<T>(schemaFile);
  const found: Problem[] = [];
  const value = parsed.value;
  const { routeSet, draftSet } = routeSetsOf(facts);
  const missingAlt: string[] = [];
  const altTexts = new Map<string, string>();
  const media: MediaUse[] = [];
  const slots = new Map<string, string>();
  const missingLinks: MissingLink[] = [];
  // Values a site keyword already explained (a file not in public/): their pattern or format adds nothing (one message per mistake).
  const reported = new Set<string>();
  const problemAt = (severity: Problem["severity"], pointer: string, message: string, hint?: string): Problem => {
    const loc = parsed.locations.get(pointer)?.value ?? { line: 1, column: 1 };
    return { severity, file, line: loc.line, column: loc.column, path: readablePath(pointer, value), message, hint, pointer };
  };
  const add = (severity: Problem["severity"], pointer: string, message: string, hint?: string) => {
    found.push(problemAt(severity, pointer, message, hint));
  };
  const context: KeywordContext = {
    assetExists: (p) => facts.assets.has(p),
    assetSuggestion: (p) => didYouMean(p, facts.assets),
    routeExists: (p) => routeSet.has(p),
    routeSuggestion: (p) => didYouMean(p, facts.routes),
    routesLike: (p) => {
      const section = p.split("/")[1];
      const under = facts.routes.filter((r) => r.split("/")[1] === section && r.split("/").length > 2);
      return under.length > 0 ? under : facts.routes.filter((r) => r.split("/").length === 2);
    },
    routeIsDraft: (p) => draftSet.has(p),
    draftLinkAllowed: (pointer) => options.draftLinkAllowed?.(pointer) ?? false,
    collectionIds: (name) => facts.collectionIds.get(name),
    collectionNoun: (name) => (name in COLLECTIONS ? COLLECTIONS[name as CollectionName].noun : "entry"),
    collectionSuggestion: (id, ids) => [...ids].find((known) => known.toLowerCase() === id.toLowerCase()) ?? didYouMean(id, ids),
    report: (pointer, message, hint) => {
      reported.add(pointer);
      add("error", pointer, message, hint);
    },
    missingRoute: (pointer, path, message, hint) => {
      const problem = problemAt("error", pointer, message, hint);
      found.push(problem);
      missingLinks.push({ path, problem });
    },
    warn: (pointer, message, hint) => add("warning", pointer, message, hint),
    missingAlt: (pointer) => missingAlt.push(pointer),
    altFallback: (pointer, text) => altTexts.set(pointer, text),
    mediaUse: (pointer, src) => {
      const loc = parsed.locations.get(pointer)?.value ?? { line: 1, column: 1 };
      media.push({ src, file, pointer, line: loc.line, column: loc.column, path: readablePath(pointer, value) });
    },
    imageSlot: (pointer, slot) => slots.set(`${pointer}/src`, slot),
  };
  const valid = validator.call(context, value) ? value : undefined;
  const fallbacks: AltFallback[] = [];
  const ALT_HINT = 'Add "alt": "what the picture shows", or "decorative": true if it only decorates.';
  for (const pointer of missingAlt) {
    const alt = altTexts.get(pointer);
    // A form shows it under the alt text field, where it is fixed.
    const field = `${pointer}/alt`;
    const fix = 'say what the picture shows, or tick "Decorative" if it only decorates';
    if (alt === undefined) found.push({ ...problemAt("error", pointer, "image has no alt text", ALT_HINT), field, detail: `is missing: ${fix}` });
    else {
      const detail = `is missing, so "${alt}" is used instead: ${fix}`;
      found.push({ ...problemAt("warning", pointer, `image has no alt text, so "${alt}" is used instead`, ALT_HINT), field, detail });
      fallbacks.push({ pointer, alt });
    }
  }
  if (!valid) {
    const errors = (validator.errors ?? []).filter((e) => !(reported.has(e.instancePath) && (e.keyword === "pattern" || e.keyword === "format")));
    found.push(...problemsFromAjv(errors, { file, parsed, sectionTypes: facts.schemas.sectionTypes, fits: facts.schemas.fits }));
  }
  // "$schema" is what gives authors autocompletion; a wrong one silently turns it off.
  if (expectSchemaRef !== undefined && value && typeof value === "object" && !Array.isArray(value) && value.$schema !== expectSchemaRef) {
    const loc = parsed.locations.get("/$schema");
    found.push({
      severity: "error",
      file,
      line: loc?.key?.line ?? 1,
      column: loc?.key?.column ?? 1,
      path: loc ? "$schema" : "",
      message: loc ? `"$schema" points at the wrong schema` : `missing "$schema"`,
      hint: `Make the first line inside { be "$schema": "${expectSchemaRef}", so your editor can check this file as you type.`,
      pointer: "/$schema",
    });
  }
  for (const use of media) use.slot = slots.get(use.pointer);
  return { valid: valid as T | undefined, problems: found, missingLinks, fallbacks, media };
}

/** One section of a page, as validation left it. */
export type CheckedSection = { ok: true; index: number; section: Section } | { ok: false; index: number; type: string; problems: Problem[] };

export interface CheckedPage extends PageSource {
  /** The page, when it matches the schema. */
  doc?: Page;
  /** Each entry of "sections", valid or with its own problems (a page with one broken section shows the others). */
  sections: CheckedSection[];
}

export interface Validated {
  problems: Problem[];
  settings?: SiteSettings;
  template?: ServiceTemplate;
  /** Each entry of the service template's "sections", as for a page. */
  templateSections: CheckedSection[];
  /** Each collection whose file is valid. */
  collections: Partial<Collections>;
  pages: CheckedPage[];
  /** Per file, the alt texts that stand in for missing ones. */
  fallbacks: Map<string, AltFallback[]>;
  /** Every picture and video the content names that exists in public/. */
  media: MediaUse[];
  facts: SiteFacts;
  /** Each shared section, what it stands for and where it is placed. */
  shared: SharedSummary[];
}

/** Links in the header menu and footer lists: dropped from the live site when they go to a draft. */
const MENU_LINK = /^\/(navigation|footer\/quickLinks|footer\/companyLinks)\/\d+\/href$/;

const schemaRef = (file: string, schema: string) => `${"../".repeat(file.split("/").length - 1)}schemas/${schema}`;

export function validateSite(sources: Sources, schemas: SchemaSet, routes: { routes: string[]; draftRoutes: string[] }): Validated {
  const problems: Problem[] = [];
  const fallbacks = new Map<string, AltFallback[]>();
  const media: MediaUse[] = [];
  const collectionIds = new Map<string, ReadonlySet<string> | undefined>(COLLECTION_NAMES.map((n) => [n, idsOf(sources.collections[n])]));
  const facts: SiteFacts = { schemas, assets: sources.assets, routes: routes.routes, draftRoutes: routes.draftRoutes, collectionIds };
  const signature = factsSignature(facts);
  const missingLinks: MissingLink[] = [];
  // `optionsKey` names what `options` decide, for the memo: the same text, schema, options and site facts give the same result.
  const check = <T>(source: SourceFile, schemaFile: string, options?: CheckOptions, optionsKey = ""): T | undefined => {
    if (!source.parsed) return undefined;
    const result = memoized(schemas, source.parsed, `${source.file}|${schemaFile}|${optionsKey}`, signature, () =>
      checkDocument<T>(facts, source.file, source.parsed as ParsedJson, schemaFile, schemaRef(source.file, schemaFile), options),
    );
    const links = new Set(result.missingLinks.map((link) => link.problem));
    problems.push(...result.problems.filter((p) => !links.has(p)));
    missingLinks.push(...result.missingLinks);
    if (result.fallbacks.length > 0) fallbacks.set(source.file, result.fallbacks);
    media.push(...result.media);
    return result.valid;
  };

  // Menus and footer lists leave out links to drafts in a production build, so those links are fine.
  const settings = check<SiteSettings>(sources.settings, "settings.schema.json", { draftLinkAllowed: (pointer) => MENU_LINK.test(pointer) }, "menu");
  // Shared sections written in place: what follows checks each page as it renders.
  const expanded = expandShared(sources, schemas);
  problems.push(...expanded.problems);
  for (const shared of expanded.shared) check<SharedSection>(shared, "shared-section.schema.json");
  // Page templates are pages with placeholders for texts; a page made from one says where they are left.
  for (const pageTemplate of expanded.pageTemplates) check<Page>(pageTemplate, "page.schema.json");
  problems.push(...placeholderProblems(sources.pages));
  const template = check<ServiceTemplate>(expanded.template, "service-template.schema.json");
  if (template && !template.sections.some((s) => s.type === "service-detail")) {
    const loc = sources.template.parsed?.locations.get("/sections")?.value;
    problems.push({
      severity: "error",
      file: sources.template.file,
      line: loc?.line ?? 1,
      column: loc?.column ?? 1,
      path: "sections",
      message: 'the service template has no "service-detail" section',
      hint: 'Add { "type": "service-detail", ... } to "sections": it shows the service itself.',
      pointer: "/sections",
    });
  }

  const collections: Partial<Collections> = {};
  for (const name of COLLECTION_NAMES) {
    const source = sources.collections[name];
    const valid = check<{ items: Collections[typeof name] }>(source, `collections/${COLLECTIONS[name].schema}.schema.json`);
    if (valid) (collections as Record<string, unknown>)[name] = valid.items;
    problems.push(...duplicateIds(source));
  }

  const docs = expanded.pages.map((page) => ({
    page,
    doc: check<Page>(page, "page.schema.json", { draftLinkAllowed: () => page.draft }, `draft:${page.draft}`),
  }));

  problems.push(...linkProblems(missingLinks));

  // What files say together: one phone number, counts that match the collections, sections a phone can read.
  problems.push(
    ...consistencyProblems({
      settings: sources.settings,
      template: expanded.template,
      pages: expanded.pages,
      collections: COLLECTION_NAMES.map((name) => sources.collections[name]),
      counts: { services: collections.services?.length, industries: collections.industries?.length },
    }),
  );

  // Titles unique across pages and service pages; service page titles 10-60 characters.
  problems.push(
    ...seoProblems({
      pages: docs.map(({ page, doc }) => ({ ...page, doc })),
      services: { ...sources.collections.services, items: collections.services },
      template: { ...expanded.template, titleSuffix: template?.titleSuffix },
    }),
  );

  const raw = new Map<string, SourceFile>(
    [sources.template, ...sources.pages, ...sources.shared, ...sources.pageTemplates].map((source) => [source.file, source]),
  );
  placedProblems(problems, expanded.placements, raw);

  // Every error in a section, whatever found it (a duplicated key, a schema, a check across files), makes it an error card.
  const errorsByFile = new Map<string, Problem[]>();
  for (const p of [...sources.problems, ...problems]) {
    if (p.severity !== "error") continue;
    const list = errorsByFile.get(p.file) ?? [];
    list.push(p);
    errorsByFile.set(p.file, list);
  }
  const errorsIn = (file: string) => errorsByFile.get(file) ?? [];

  // Each page's headings in the order its sections render them: one main heading, no level skipped. Only in a file
  // without errors: a misspelt "heading" is one error, not also a page without headings.
  const headings = [expanded.template, ...expanded.pages].flatMap((source) => (errorsIn(source.file).length === 0 ? headingProblems(source, schemas) : []));
  placedProblems(headings, expanded.placements, raw);
  problems.push(...headings);
  // A placed shared section shows the errors of the shared files it is made from.
  const sectionsOf = (source: SourceFile, valid: PlacedSection[] | undefined) => {
    const placed = new Map((expanded.placements.get(source.file) ?? []).map((p) => [p.pointer, p.files.flatMap(errorsIn)]));
    return checkSections(source, valid, errorsIn(source.file), schemas, placed);
  };
  const pages = docs.map(({ page, doc }): CheckedPage => ({ ...page, doc, sections: sectionsOf(page, doc?.sections) }));
  const templateSections = sectionsOf(expanded.template, template?.sections);

  return { problems, settings, template, templateSections, collections, pages, fallbacks, media, facts, shared: expanded.summaries };
}

/**
 * Links to addresses that are no page. Several links to one missing page (/contact-us from the menu,
 * the footer and three buttons) are one mistake, a page file deleted or renamed: one error about
 * that file, naming the links. A single one is its own error (a typo, most often: "did you mean").
 */
function linkProblems(links: readonly MissingLink[]): Problem[] {
  const byPath = new Map<string, MissingLink[]>();
  for (const link of links) byPath.set(link.path, [...(byPath.get(link.path) ?? []), link]);
  return [...byPath].flatMap(([path, group]): Problem[] => {
    const slug = path.slice(1);
    if (group.length < 2 || !PAGE_SLUG.test(slug)) return group.map((link) => link.problem);
    const file = `site-config/pages/${slug}.json`;
    const where = group
      .map(({ problem: p }) => p)
      .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line)
      .map((p) => `${p.file}:${p.line}:${p.column}`);
    return [
      {
        severity: "error",
        file,
        line: 1,
        column: 1,
        path: "",
        message: `this page file is missing, and ${group.length} links go to its page ${path}`,
        hint: `Restore it from version control (git checkout -- ${file}), or change the links: ${where.join(", ")}.`,
        pointer: "",
      },
    ];
  });
}

/**
 * Results of checkDocument by schema set, parsed file and key: a file whose text did not change, checked
 * against the same routes, ids and files, is not checked again (npm run dev on a big site, the page
 * builder on every keystroke). Problems and data are only read after, never changed.
 */
const memo = new WeakMap<SchemaSet, WeakMap<ParsedJson, { key: string; signature: string; result: Checked<unknown> }>>();

function memoized<T>(schemas: SchemaSet, parsed: ParsedJson, key: string, signature: string, run: () => Checked<T>): Checked<T> {
  let bySource = memo.get(schemas);
  if (!bySource) {
    bySource = new WeakMap();
    memo.set(schemas, bySource);
  }
  const known = bySource.get(parsed);
  if (known?.key === key && known.signature === signature) return known.result as Checked<T>;
  const result = run();
  bySource.set(parsed, { key, signature, result });
  return result;
}

const sameSignature = lastString();

/**
 * What a document's check depends on besides its own text: the routes, the drafts, the collections' ids and
 * the files in public/. The same string object while they stay the same, so that a thousand memo entries
 * compare it by reference rather than letter by letter.
 */
function factsSignature(facts: SiteFacts): string {
  const ids = [...facts.collectionIds].map(([name, set]) => `${name}:${set ? [...set].join(",") : "?"}`);
  return sameSignature([facts.routes.join(" "), facts.draftRoutes.join(" "), ids.join(";"), [...facts.assets].join(" ")].join("\n"));
}

/** Ids are unique within a collection: pages refer to entries by id. */
function duplicateIds(source: SourceFile): Problem[] {
  const parsed = source.parsed;
  if (!parsed) return [];
  const out: Problem[] = [];
  const first = new Map<string, number>();
  for (const { index, entry } of entriesOf(source)) {
    if (typeof entry.id !== "string" && typeof entry.id !== "number") continue;
    const key = String(entry.id);
    const before = first.get(key);
    if (before === undefined) {
      first.set(key, index);
      continue;
    }
    const pointer = `/items/${index}/id`;
    // The parser records where every value is, so both ids have a place.
    const loc = parsed.locations.get(pointer)?.value;
    const firstLoc = parsed.locations.get(`/items/${before}/id`)?.value;
    if (!loc || !firstLoc) throw new Error(`${source.file}: the place of the id at ${pointer} is not known.`);
    out.push({
      severity: "error",
      file: source.file,
      line: loc.line,
      column: loc.column,
      path: readablePath(pointer, parsed.value),
      message: `id ${JSON.stringify(entry.id)} is used twice (first on line ${firstLoc.line})`,
      hint: "Give each entry its own id.",
      pointer,
    });
  }
  return out;
}

/**
 * Each entry of a page's "sections": valid, or with the errors of the file (`fileErrors`) found
 * under it. When the page as a whole does not validate, a section with no errors of its own is checked on its own, so that only
 * the broken ones become error cards in the preview.
 */
function checkSections(
  page: SourceFile,
  valid: PlacedSection[] | undefined,
  fileErrors: Problem[],
  schemas: SchemaSet,
  /** By placed shared section's pointer: the errors of the shared files it is made from. */
  placed: ReadonlyMap<string, Problem[]> = new Map(),
): CheckedSection[] {
  const value = page.parsed?.value;
  const raw = value && typeof value === "object" && !Array.isArray(value) && Array.isArray(value.sections) ? value.sections : [];
  const isSection = schemas.validator<Section>("section.schema.json");
  return raw.map((section, index): CheckedSection => {
    const prefix = `/sections/${index}`;
    const own = [...fileErrors.filter((p) => p.pointer === prefix || p.pointer.startsWith(`${prefix}/`)), ...(placed.get(prefix) ?? [])];
    // A placement left as written (a missing or broken shared section) has no "type": never a section.
    const entry = valid?.[index];
    const ok = valid ? (entry && "type" in entry ? (entry as Section) : undefined) : isSection(section) ? section : undefined;
    if (ok && own.length === 0) return { ok: true, index, section: ok };
    const obj = section && typeof section === "object" && !Array.isArray(section) ? section : undefined;
    const type = typeof obj?.type === "string" ? obj.type : typeof obj?.shared === "string" ? `shared "${obj.shared}"` : "(no type)";
    return { ok: false, index, type, problems: own };
  });
}

/**
 * Of the problems a page's check found inside its placed shared sections: drops those the shared
 * file's own check reports too (one mistake, said once, where it is fixed), and names the rest's
 * place as the page writes it ("section 8 (contact)", the shared section's name).
 */
function placedProblems(problems: Problem[], placements: ReadonlyMap<string, Placement[]>, raw: ReadonlyMap<string, SourceFile>): void {
  const said = new Set(problems.map((p) => `${p.file}|${p.pointer}|${p.message}`));
  const kept: Problem[] = [];
  for (const p of problems) {
    const inPlacement = placements.get(p.file)?.find((pl) => p.pointer === pl.pointer || p.pointer.startsWith(`${pl.pointer}/`));
    const value = raw.get(p.file)?.parsed?.value;
    if (!inPlacement || value === undefined) {
      kept.push(p);
      continue;
    }
    const shared = sharedPart(p.pointer, placements.get(p.file));
    const inShared = shared && `/section${p.pointer.slice(shared.pointer.length)}`;
    if (shared?.files.some((file) => said.has(`${file}|${inShared}|${p.message}`))) continue;
    kept.push({ ...p, path: readablePath(p.pointer, value) });
  }
  problems.splice(0, problems.length, ...kept);
}
