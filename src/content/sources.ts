/**
 * Stages 1 and 2 of the content layer: read every file of site-config/ and parse it, keeping where
 * each value sits. Nothing is validated yet; a file that is missing or does not parse is a problem
 * here and simply absent from what follows, so the route list and the dev server still come out
 * of broken content.
 */
import { readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { readablePath } from "./ajv-problems.ts";
import { COLLECTION_NAMES, type CollectionName } from "./collections.ts";
import { filesUnder } from "../lib/files.ts";
import { textsIn } from "../lib/json-pointer.ts";
import { slugOf } from "../lib/slug.ts";
import { JsonSyntaxError, parseJson, type JsonValue, type ParsedJson } from "./json-source.ts";
import { decodeContent, type Decoded } from "./encoding.ts";
import { missingFileAdvice } from "./paths.ts";
import { didYouMean, type Problem } from "./problems.ts";

export const pagePath = (slug: string) => (slug === "home" ? "/" : `/${slug}`);
export const servicePath = (id: string) => `/services/${id}`;

/** What a page file may be called: its name is its address. */
export const PAGE_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export interface SourceFile {
  /** Path from the project root, with forward slashes: "site-config/pages/home.json". */
  file: string;
  /** The parsed content; absent when the file is missing or is not valid JSON. */
  parsed?: ParsedJson;
}

export interface PageSource extends SourceFile {
  /** File name without .json: "about-us"; "home" is the page at "/". */
  slug: string;
  /** Route path: "/" or "/about-us". */
  path: string;
  /** "status": "draft": shown by npm run dev, left out of the production build. */
  draft: boolean;
}

/** A section stored once in site-config/shared/<name>.json, placed on pages by name. */
export interface SharedSource extends SourceFile {
  /** The file name without .json: what pages write as "shared". */
  name: string;
}

export interface Sources {
  settings: SourceFile;
  template: SourceFile;
  /** Every file of site-config/shared/ with a usable name, by name. */
  shared: SharedSource[];
  /** The page templates: every file of site-config/templates/ but service.json, by name ("New page" starts from one). */
  pageTemplates: SharedSource[];
  collections: Record<CollectionName, SourceFile>;
  /** Every page file with a usable name: home first, then by name. */
  pages: PageSource[];
  /** Files under public/, as paths from its root ("/media/hero.webm"). */
  assets: ReadonlySet<string>;
  /** Missing files, syntax errors, duplicate keys, misnamed files. */
  problems: Problem[];
}

/**
 * Addresses the site uses for something other than a page (by the server, the build's output, the
 * host rules, the preview), and what: a page file of that name would be hidden by it or hide it.
 */
export const RESERVED_ADDRESSES: Readonly<Record<string, string>> = {
  "send-email": "the server receives the contact form's enquiries there",
  assets: "the site's scripts, styles and picture copies are served from there",
  _: "the home page's data is /_.data",
  _headers: "static hosts read /_headers as the site's header rules",
  _redirects: "static hosts read /_redirects as the site's redirect rules",
  __edit: "the page builder is there",
  __sections: "the section catalog is there",
};

/** Names Windows keeps for devices, whatever follows the dot: no file of the site may be called so. */
const WINDOWS_DEVICES = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

/** Why no page can be called `slug` (its address is taken, or Windows could not check the file out), or undefined. */
export function reservedPageName(slug: string): string | undefined {
  if (RESERVED_ADDRESSES[slug]) return `the address /${slug} is taken: ${RESERVED_ADDRESSES[slug]}`;
  if (WINDOWS_DEVICES.test(slug)) return `Windows keeps "${slug}" for a device, so the site could not be checked out there`;
  return undefined;
}

/**
 * Why a file under site-config/pages/ (`name`: "/about-us.json") cannot be a page, in words that fit
 * the mistake; undefined when it can. `names`: every file there; `publicFolders`: the top-level
 * names of public/ (served as they are, so no page can take them); `serviceIds`: the services.
 */
export function pageFileProblem(
  name: string,
  names: readonly string[],
  publicFolders: ReadonlySet<string>,
  serviceIds: ReadonlySet<string> | undefined,
): { message: string; hint: string } | undefined {
  const parts = name.slice(1).split("/");
  const base = (parts.at(-1) ?? "").replace(/\.json$/i, "");
  const exists = (slug: string) => names.includes(`/${slug}.json`);
  if (parts.length > 1) {
    const folder = parts.slice(0, -1).join("/");
    const address = slugOf(base);
    const message = `page files cannot be in a folder: site-config/pages/${folder}/ is one`;
    if (parts[0] === "services" && parts.length === 2) {
      if (serviceIds?.has(base))
        return {
          message,
          hint: `The page /services/${base} exists already: it is made from the entry "${base}" in site-config/collections/services.json and the layout in site-config/templates/service.json. Change it there, and delete this file.`,
        };
      return {
        message,
        hint: `A page under /services/ is a service: add an entry with "id": "${address || "..."}" to site-config/collections/services.json (its page is made from site-config/templates/service.json), and delete this file.`,
      };
    }
    if (address && exists(address))
      return {
        message,
        hint: `Addresses have no folders, and site-config/pages/${address}.json is a page already: merge the two, or move this file to site-config/pages/ under another name.`,
      };
    return { message, hint: `Addresses have no folders: move it to site-config/pages/${address || base}.json, the page at /${address || base}.` };
  }
  if (!/\.json$/i.test(name)) {
    const stem = jsonStem(base);
    const address = stem === undefined ? "" : slugOf(stem);
    if (!address) return { message: "only .json files belong in site-config/pages/", hint: "Move or delete this file." };
    const message = `"${base}" is not read as a page: its name does not end in .json`;
    if (exists(address))
      return {
        message,
        hint: `${address}.json is a page already: if this file is a copy of it, delete this one; if it holds the changes you want, delete ${address}.json and rename this one to ${address}.json.`,
      };
    return { message, hint: `Rename it to ${address}.json (the page /${address}).` };
  }
  const reserved = RESERVED_ADDRESSES[base] ?? (publicFolders.has(base) ? `the files in public/${base}/ are served from there` : undefined);
  if (reserved) return { message: `the address /${base} is taken: ${reserved}`, hint: "Give the file another name: its name is the page's address." };
  if (WINDOWS_DEVICES.test(base))
    return {
      message: `"${base}.json" cannot be a page's file name: Windows keeps "${base}" for a device, so the site could not be checked out there`,
      hint: `Give the file another name, such as ${base}-page.json: its name is the page's address.`,
    };
  if (PAGE_SLUG.test(base) && name.endsWith(".json")) return undefined;
  const address = slugOf(base);
  if (PAGE_SLUG.test(base) && !exists(address))
    return {
      message: `"${base}${name.slice(-".json".length)}" ends in capitals: page files end in .json, in lower case`,
      hint: `Rename it to ${address}.json (the page /${address}).`,
    };
  const message = `"${base}${name.slice(-".json".length)}" cannot be a page's file name: addresses have only lower-case letters, digits and hyphens`;
  if (!address) return { message, hint: "Rename it in lower case with hyphens between words, e.g. web-development.json." };
  if (exists(address))
    return { message, hint: `Rename it, in lower case with hyphens: ${address}.json is a page already (if this file is a copy of it, delete one of the two).` };
  return { message, hint: `Rename it to ${address}.json (the page /${address}).` };
}

/** Why a file under site-config/<folder>/ (`name`: "/contact.json"), named by its file name, cannot be `what`, or undefined. */
function namedFileProblem(folder: string, what: string, name: string): { message: string; hint: string } | undefined {
  const parts = name.slice(1).split("/");
  const base = parts.at(-1) ?? "";
  if (parts.length > 1) return { message: `${what} cannot be in a folder`, hint: `Move it to site-config/${folder}/${base}.` };
  if (!base.endsWith(".json")) {
    const stem = jsonStem(base);
    return stem === undefined
      ? { message: `only .json files belong in site-config/${folder}/`, hint: "Move or delete this file." }
      : { message: `"${base}" is not read as ${what}: its name does not end in .json`, hint: `Rename it to ${slugOf(stem) || stem}.json.` };
  }
  const stem = base.slice(0, -".json".length);
  if (PAGE_SLUG.test(stem)) return undefined;
  const fixed = slugOf(stem);
  const rule = folder === "shared" ? "pages name it by its file name, in lower-case letters, digits and hyphens" : "use lower-case letters, digits and hyphens";
  return {
    message: `"${base}" cannot be ${what}'s file name: ${rule}`,
    hint: fixed
      ? `Rename it to ${fixed}.json${folder === "shared" ? ` (pages then write "shared": "${fixed}")` : ""}.`
      : "Rename it in lower case with hyphens between words, e.g. contact.json.",
  };
}

/**
 * The name a file was meant to have before ".json", when an editor saved it with another ending:
 * "careers.json.txt" (Notepad), "careers.txt", "careers.json.bak" -> "careers"; undefined otherwise.
 */
export function jsonStem(fileName: string): string | undefined {
  return /^(.+?)\.json\.[a-z0-9~]+$/i.exec(fileName)?.[1] ?? /^(.+?)\.(txt|text)$/i.exec(fileName)?.[1];
}

/** Every file under `dir`, as paths from it ("/media/hero.webm"), sorted. */
export function listFiles(dir: string): string[] {
  return filesUnder(dir)
    .map((file) => `/${relative(dir, file).split(sep).join("/")}`)
    .sort();
}

/** A page document (parsed JSON, possibly invalid) marked as a draft. */
export const isDraft = (page: JsonValue | undefined): boolean => Boolean(page && typeof page === "object" && !Array.isArray(page) && page.status === "draft");

/** The objects of a parsed collection's "items", whatever else is wrong with it. */
export function entriesOf(source: SourceFile | undefined): { index: number; entry: { [key: string]: JsonValue } }[] {
  const value = source?.parsed?.value;
  if (!value || typeof value !== "object" || Array.isArray(value) || !Array.isArray(value.items)) return [];
  return value.items.flatMap((entry, index) => (entry && typeof entry === "object" && !Array.isArray(entry) ? [{ index, entry }] : []));
}

/** The ids of a parsed collection, read tolerantly; undefined when the file could not be read at all. */
export function idsOf(source: SourceFile): Set<string> | undefined {
  if (!source.parsed) return undefined;
  return new Set(entriesOf(source).flatMap(({ entry }) => (typeof entry.id === "string" || typeof entry.id === "number" ? [String(entry.id)] : [])));
}

const REPLACEMENT = "\uFFFD";

/** Every text of a JSON value with U+FFFD in it: what a decoder leaves where it could not read a letter. */
const replacementCharacters = (value: JsonValue) => textsIn(value).filter(({ text }) => text.includes(REPLACEMENT));

/** The last parse of each file, reused while its text is the same (the dev server reads every file on each save). */
const parses = new Map<string, { text: string; parsed: ParsedJson }>();

function parseOnce(full: string, text: string): ParsedJson {
  const known = parses.get(full);
  if (known?.text === text) return known.parsed;
  const parsed = parseJson(text);
  parses.set(full, { text, parsed });
  return parsed;
}

/** Each file's last reading, by its full path, with the stat it was read at. */
const readings = new Map<string, { stamp: string; decoded: Decoded }>();

/** A file reads as "stable" once its last change is this far back: a change within one tick of the clock could keep its stamp. */
const SETTLED_MS = 1000;

/**
 * A file's text, read again only when its stat changed (a studio checks a site of a thousand pages on
 * every save, and reads one of them changed). Undefined when the file is missing.
 */
function readDecoded(full: string): Decoded | undefined {
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(full);
  } catch {
    readings.delete(full);
    return undefined;
  }
  const stamp = `${stats.mtimeMs}:${stats.ctimeMs}:${stats.size}:${stats.ino}`;
  const known = readings.get(full);
  if (known?.stamp === stamp) return known.decoded;
  let bytes: Buffer;
  try {
    bytes = readFileSync(full);
  } catch {
    readings.delete(full);
    return undefined;
  }
  const decoded = decodeContent(bytes);
  // Like Git's "racily clean" rule: a file changed just now is read again next time.
  if (Date.now() - Math.max(stats.mtimeMs, stats.ctimeMs) > SETTLED_MS) readings.set(full, { stamp, decoded });
  else readings.delete(full);
  return decoded;
}

/** Readings and parses kept at most, for every folder a process reads (a studio reads its clone and its publishes' worktrees). */
const KEPT_AT_MOST = 20_000;

/** Forgets the files under `dir` not read this time (deleted, renamed), and everything once too many are kept. */
function forgetOthers(dir: string, seen: ReadonlySet<string>): void {
  for (const kept of [readings, parses]) {
    if (kept.size > KEPT_AT_MOST) kept.clear();
    for (const full of kept.keys()) if (full.startsWith(dir + sep) && !seen.has(full)) kept.delete(full);
  }
}

/**
 * Reads and parses site-config/ under `root`. `overlay` (file from the root -> text) stands in for
 * files on disk: the page builder checks what it would save this way before saving it.
 */
export function readSources(root: string, overlay?: ReadonlyMap<string, string>): Sources {
  const configDir = join(root, "site-config");
  const problems: Problem[] = [];
  const fileProblem = (file: string, message: string, hint?: string, line = 1, column = 1, path = "", pointer = "") =>
    problems.push({ severity: "error", file, line, column, path, message, hint, pointer });

  const seen = new Set<string>();
  const read = (full: string): SourceFile => {
    seen.add(full);
    const file = relative(root, full).split(sep).join("/");
    let text = overlay?.get(file);
    if (text === undefined) {
      const decoded = readDecoded(full);
      if (!decoded) {
        fileProblem(file, "the file is missing", `Restore it from version control (git checkout -- ${file}).`);
        return { file };
      }
      if (!decoded.ok) {
        fileProblem(file, decoded.message, decoded.hint, decoded.line, decoded.column);
        return { file };
      }
      text = decoded.text;
    }
    if (text.trim() === "") {
      fileProblem(file, "the file is empty", `Undo the change in your editor, or restore the file from version control (git checkout -- ${file}).`);
      return { file };
    }
    try {
      const parsed = parseOnce(full, text);
      const mayHave = text.includes(REPLACEMENT) || /\\u[fF]{3}[dD]/.test(text);
      for (const { pointer, text: lost } of mayHave ? replacementCharacters(parsed.value) : []) {
        const loc = parsed.locations.get(pointer)?.value ?? { line: 1, column: 1 };
        const at = lost.indexOf(REPLACEMENT);
        const around = lost.length > 40 ? `…${lost.slice(Math.max(0, at - 20), at + 20)}…` : lost;
        fileProblem(
          file,
          `the text ${JSON.stringify(around)} has a ${REPLACEMENT} where a letter was lost (the file was once saved in another encoding)`,
          `Type the letter that belongs there again (such as é), and save the file as UTF-8.`,
          loc.line,
          loc.column,
          readablePath(pointer, parsed.value),
          pointer,
        );
      }
      for (const d of parsed.duplicates) {
        fileProblem(
          file,
          `field "${d.key}" appears twice (first on line ${d.first.line})`,
          "Remove one of them; only the last one would count.",
          d.second.line,
          d.second.column,
          readablePath(d.pointer, parsed.value),
          d.pointer,
        );
      }
      return { file, parsed };
    } catch (err) {
      if (!(err instanceof JsonSyntaxError)) throw err;
      // A path typed with backslashes: the corrected path, or the file it likely meant, from what public/ holds.
      const advice = err.typedPath === undefined ? err : missingFileAdvice(err.typedPath, assetFacts, { video: false });
      fileProblem(file, advice.message, advice.hint, err.position.line, err.position.column);
      return { file };
    }
  };

  const assets = listFiles(join(root, "public"));
  const assetSet = new Set(assets);
  const assetFacts = { exists: (p: string) => assetSet.has(p), suggestion: (p: string) => didYouMean(p, assets) };
  const settings = read(join(configDir, "settings.json"));
  const template = read(join(configDir, "templates", "service.json"));
  const collections = Object.fromEntries(COLLECTION_NAMES.map((name) => [name, read(join(configDir, "collections", `${name}.json`))])) as Record<
    CollectionName,
    SourceFile
  >;
  for (const extra of listFiles(join(configDir, "collections"))) {
    const name = extra.slice(1).replace(/\.json$/, "");
    if ((COLLECTION_NAMES as string[]).includes(name)) continue;
    const file = `site-config/collections${extra}`;
    const stem = jsonStem(extra.slice(1))?.toLowerCase();
    if (stem !== undefined && (COLLECTION_NAMES as string[]).includes(stem)) {
      fileProblem(
        file,
        `"${extra.slice(1)}" is not read as a collection: its name does not end in .json`,
        `${stem}.json is the collection: if this file is a copy of it, delete this one; if it holds the changes you want, delete ${stem}.json and rename this one to ${stem}.json.`,
      );
      continue;
    }
    const near = didYouMean(name, COLLECTION_NAMES);
    fileProblem(
      file,
      "this file is not a known collection",
      `${near ? `Did you mean collections/${near}.json? ` : ""}Collections: ${COLLECTION_NAMES.map((n) => `${n}.json`).join(", ")}.`,
    );
  }

  /** The files of a folder of site-config/ that are named by their file name (shared sections, page templates). */
  const named = (folder: string, what: string, except: readonly string[] = []): SharedSource[] =>
    listFiles(join(configDir, folder)).flatMap((name) => {
      if (except.includes(name)) return [];
      const file = `site-config/${folder}${name}`;
      const misnamed = namedFileProblem(folder, what, name);
      if (misnamed) {
        fileProblem(file, misnamed.message, misnamed.hint);
        return [];
      }
      return [{ ...read(join(configDir, folder, name.slice(1))), name: name.slice(1, -".json".length) }];
    });
  const shared = named("shared", "a shared section");
  const pageTemplates = named("templates", "a page template", ["/service.json"]);

  const pages: PageSource[] = [];
  const pageFiles = listFiles(join(configDir, "pages"));
  const serviceIds = idsOf(collections.services);
  const publicFolders = new Set(assets.map((p) => p.split("/")[1] ?? ""));
  for (const name of pageFiles) {
    const file = `site-config/pages${name}`;
    const misplaced = pageFileProblem(name, pageFiles, publicFolders, serviceIds);
    if (misplaced) {
      fileProblem(file, misplaced.message, misplaced.hint);
      continue;
    }
    const slug = name.slice(1, -".json".length);
    const source = read(join(configDir, "pages", name.slice(1)));
    pages.push({ ...source, slug, path: pagePath(slug), draft: isDraft(source.parsed?.value) });
  }
  pages.sort((a, b) => (a.slug === "home" ? -1 : b.slug === "home" ? 1 : a.slug.localeCompare(b.slug)));
  const home = pages[0]?.slug === "home" ? pages[0] : undefined;
  if (!home) {
    fileProblem("site-config/pages/home.json", "there is no home page", "Add site-config/pages/home.json: it becomes the page at /.");
  } else if (home.draft) {
    const loc = home.parsed?.locations.get("/status")?.value;
    fileProblem(
      home.file,
      "the home page cannot be a draft",
      'Remove "status": "draft": the live site needs a page at /.',
      loc?.line,
      loc?.column,
      "status",
      "/status",
    );
    // One message for one mistake: links to / are not also reported as links to a draft.
    home.draft = false;
  }

  forgetOthers(configDir, seen);
  return { settings, template, shared, pageTemplates, collections, pages, assets: assetSet, problems };
}
