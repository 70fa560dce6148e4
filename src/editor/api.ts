/**
 * The page builder's server side (development only, see vite-plugin.ts): what the editor reads and
 * writes, through the content layer, so that it checks content exactly as `npm run validate` does.
 */
import { execFile } from "node:child_process";
import { existsSync, linkSync, readdirSync, rmSync, statSync, unlinkSync } from "node:fs";
import { basename, join, relative, sep } from "node:path";
import { promisify } from "node:util";
import { COLLECTIONS, COLLECTION_NAMES } from "../content/collections.ts";
import { readablePath } from "../content/ajv-problems.ts";
import type { JsonValue } from "../content/json-source.ts";
import { formatProblem, type Problem } from "../content/problems.ts";
import { checkSite, hasErrors, loadSite } from "../content/site.ts";
import { PAGE_SLUG, pagePath, readSources } from "../content/sources.ts";
import { catalogOf, previewOf } from "../content/site.server.ts";
import { allowedPath, contentPath, contentWriter, EditorError, oneAtATime, readText, sha256 } from "./files.ts";
import { deepEqual, writeJson } from "./json-write.ts";
import { bundleSchema } from "./schema-bundle.ts";
import { typeTitle } from "./labels.ts";
import { imageFactsOf, renderFacts } from "../images/facts.ts";
import type { ImageFacts } from "../images/slots.ts";

const run = promisify(execFile);

export type FileKind = "page" | "template" | "collection" | "settings";

/** A content file changed since the last commit: its diff, and its text then and now (null: not there, or not JSON). */
export interface FileChange {
  path: string;
  status: "added" | "changed" | "deleted";
  diff: string;
  head: string | null;
  current: string | null;
}

export interface EditorFile {
  /** From the project root: "site-config/pages/home.json". */
  path: string;
  kind: FileKind;
  /** What a person calls it: "home", "services", "Settings". */
  name: string;
  /** The page's address, for pages. */
  route?: string;
  draft?: boolean;
  /** The schema its form is made from (bundled for @rjsf/core). */
  schema: string;
}

/** A problem as the editor shows it: the line as `npm run validate` prints it, and where it belongs. */
export interface EditorProblem {
  file: string;
  pointer: string;
  severity: Problem["severity"];
  /** "site-config/pages/home.json:42:7  sections[3] (hero) > headline  ..." */
  text: string;
  /** The message and hint alone. */
  message: string;
  /** Where a form shows it (a missing field's own place; else `pointer`). */
  field: string;
  /** For under the field, without the field's name: "Too long (95 characters; at most 90). Shorten it." (null: `message` says it all). */
  detail: string | null;
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const toEditorProblem = (p: Problem): EditorProblem => ({
  file: p.file,
  pointer: p.pointer,
  severity: p.severity,
  text: formatProblem(p),
  message: `${sentence(p.message)}.${p.hint ? ` ${p.hint}` : ""}`,
  field: p.field ?? p.pointer,
  // A missing field's hint names it as JSON does ('Add "headline"'): under the field, "Required." says it.
  detail: p.detail ? `${sentence(p.detail.replace(/^is /, ""))}.${p.hint && !p.field ? ` ${p.hint}` : ""}` : null,
});

/** Upload limit for one picture: room for a phone's or a camera's photo; the site makes small copies of any, and warns over IMAGE_MAX_BYTES (src/content/media.ts). */
export const UPLOAD_LIMIT = 25 * 1024 * 1024;
/** A page address's length at most: room for any real one, and far below the system's limit on a file name. */
const MAX_SLUG = 80;
/** A stored picture's name at most (before "-2" and the extension): long names are cut. */
const MAX_STEM = 60;
const IMAGE_FORMATS: Record<string, string> = { jpeg: "jpg", png: "png", webp: "webp", avif: "avif", gif: "gif", svg: "svg", heif: "avif" };

export function editorApi(root: string) {
  const schemasDir = join(root, "schemas");
  // Also sweeps what a crash left mid-write.
  const writer = contentWriter(root);
  // Saves of one file, one after another: each compares against what the previous one wrote.
  const perFile = oneAtATime();

  function files(): EditorFile[] {
    const sources = readSources(root);
    return [
      ...sources.pages.map((p): EditorFile => ({ path: p.file, kind: "page", name: p.slug, route: p.path, draft: p.draft, schema: "page" })),
      { path: sources.template.file, kind: "template", name: "Service page template", schema: "service-template" },
      ...COLLECTION_NAMES.map(
        (name): EditorFile => ({ path: sources.collections[name].file, kind: "collection", name, schema: `collections/${COLLECTIONS[name].schema}` }),
      ),
      { path: sources.settings.file, kind: "settings", name: "Settings", schema: "settings" },
    ];
  }

  /** Every schema a form needs, bundled: the documents', each section type's, and each collection entry's. */
  function schemas() {
    const sectionFiles = readdirSync(join(schemasDir, "sections"))
      .filter((f) => f.endsWith(".schema.json"))
      .sort();
    const sections = Object.fromEntries(sectionFiles.map((f) => [f.slice(0, -".schema.json".length), bundleSchema(schemasDir, `sections/${f}`)]));
    const documents: Record<string, unknown> = {
      page: bundleSchema(schemasDir, "page.schema.json", withoutSections),
      "service-template": bundleSchema(schemasDir, "service-template.schema.json", withoutSections),
      settings: bundleSchema(schemasDir, "settings.schema.json"),
    };
    for (const name of new Set(Object.values(COLLECTIONS).map((c) => c.schema))) {
      documents[`collections/${name}`] = bundleSchema(schemasDir, `collections/${name}.schema.json`, (s) => {
        const list = (s.properties as { items?: { items: Record<string, unknown> } }).items;
        if (!list) throw new Error(`The collection schema ${name}.schema.json has no "items" property.`);
        return { ...list.items, definitions: s.definitions };
      });
    }
    return { sections, documents };
  }

  function media(): string[] {
    const dir = join(root, "public", "media");
    const out: string[] = [];
    const walk = (d: string) => {
      for (const entry of readdirSync(d, { withFileTypes: true })) {
        const full = join(d, entry.name);
        if (entry.isDirectory()) walk(full);
        else out.push(`/${relative(join(root, "public"), full).split(sep).join("/")}`);
      }
    };
    if (existsSync(dir)) walk(dir);
    return out.sort();
  }

  /** What the site knows of each picture in public/media/ (size, hash), so the canvas shows any of them as the site does. */
  async function images(srcs: readonly string[]): Promise<Record<string, ImageFacts>> {
    const facts = await imageFactsOf(
      join(root, "public"),
      srcs.filter((src) => /\.(svg|png|jpe?g|webp|avif|gif)$/i.test(src)),
    );
    return Object.fromEntries([...facts].map(([src, f]) => [src, renderFacts(f)]));
  }

  /** The whole site as the editor starts from it. */
  async function state() {
    const result = await checkSite(root);
    const mediaFiles = media();
    return {
      files: files(),
      routes: [...result.routes, ...result.draftRoutes],
      media: mediaFiles,
      images: await images(mediaFiles),
      uploadLimit: UPLOAD_LIMIT,
      schemas: schemas(),
      collections: result.site?.collections ?? null,
      settings: result.site?.settings ?? null,
      problems: result.problems.map(toEditorProblem),
      // The section library: each type's example, rendered (the same as /__sections).
      library: result.site
        ? catalogOf(result.site, result).map((entry) => ({ ...entry, title: typeTitle(entry.type), example: JSON.parse(entry.json) as JsonValue }))
        : [],
    };
  }

  function read(path: string) {
    const full = contentPath(root, path);
    const text = readText(full);
    return { path, text, hash: sha256(text), value: JSON.parse(text) as JsonValue };
  }

  /** What saving `value` into `path` would write, every problem of the site with it, and the page at `preview` as it would render. */
  async function check(path: string, value: unknown, preview?: string) {
    const full = contentPath(root, path);
    // A file deleted on disk, written again from the builder's edits, starts as plain formatted JSON.
    const text = existsSync(full) ? writeJson(readText(full), value) : `${JSON.stringify(value, null, 2)}\n`;
    const result = await checkSite(root, { overlay: new Map([[path, text]]) });
    return {
      text,
      problems: result.problems.map(toEditorProblem),
      errors: hasErrors(result.problems),
      page: preview ? ((await previewOf(result, preview, root)) ?? null) : null,
      settings: result.site?.settings ?? null,
      routes: [...result.routes, ...result.draftRoutes],
    };
  }

  /**
   * Saves `value` into `path` if the file is still what the editor read (`hash`) and the site has no
   * error with it. Checked again at the moment of writing: a hand edit made while the site was being
   * checked is kept, and the save answers 409.
   */
  function save(path: string, value: unknown, hash: string) {
    const full = contentPath(root, path);
    const changed = () =>
      new EditorError(409, `${path} changed on disk since the editor read it (edited by hand?). Nothing was saved: reload it to see what it holds now.`);
    return perFile(full, async () => {
      // hash "": the editor means to write a file that is not there (deleted on disk while it was open).
      const missing = hash === "" && !existsSync(full);
      const current = missing ? "" : readText(full);
      if ((missing ? "" : sha256(current)) !== hash) throw changed();
      const { text, problems, errors } = await check(path, value);
      if (errors)
        throw new EditorError(
          422,
          `${path} was not saved: fix the errors first.\n${problems
            .filter((p) => p.severity === "error")
            .map((p) => p.text)
            .join("\n")}`,
        );
      if (missing ? !writer.create(full, text) : text !== current && !writer.replace(full, text, hash)) throw changed();
      return { path, text, hash: sha256(text), problems };
    });
  }

  /** Every place that links to `route` (or to a part of it, "/about-us#team"): the file, where in it, the link. */
  function linksTo(route: string) {
    const sources = readSources(root);
    const documents = [sources.settings, sources.template, ...Object.values(sources.collections), ...sources.pages];
    const out: { file: string; pointer: string; path: string; href: string }[] = [];
    for (const doc of documents) {
      const parsed = doc.parsed;
      if (!parsed) continue;
      const visit = (node: JsonValue, pointer: string) => {
        if (typeof node === "string") {
          if (node === route || node.startsWith(`${route}#`) || node.startsWith(`${route}?`))
            out.push({ file: doc.file, pointer, path: readablePath(pointer, parsed.value), href: node });
        } else if (Array.isArray(node))
          node.forEach((child, i) => {
            visit(child, `${pointer}/${i}`);
          });
        else if (node && typeof node === "object")
          for (const [key, child] of Object.entries(node)) visit(child, `${pointer}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`);
      };
      visit(parsed.value, "");
    }
    return out;
  }

  const pageFile = (slug: string) => {
    if (!PAGE_SLUG.test(slug))
      throw new EditorError(400, `"${slug}" cannot be a page address: use lower case letters, digits and hyphens between words, e.g. "cloud-migration".`);
    if (slug.length > MAX_SLUG) throw new EditorError(400, `A page address has at most ${MAX_SLUG} characters; this one has ${slug.length}.`);
    return `site-config/pages/${slug}.json`;
  };

  /** A new page, as a draft: a copy of `from`, or a page with one banner; the title made unique. */
  function createPage(slug: string, from?: string) {
    const path = pageFile(slug);
    const full = contentPath(root, path);
    if (existsSync(full)) throw new EditorError(409, `There is already a page ${pagePath(slug)} (${path}).`);
    const site = loadSite(root);
    const titles = new Set([...(site.site?.pages ?? []), ...(site.site?.servicePages ?? [])].map((p) => p.title));
    const company = site.site?.settings.companyName ?? "Our company";
    const words = slug
      .split("-")
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(" ");
    let title = `${words} | ${company}`.slice(0, 60);
    for (let n = 2; titles.has(title); n++) title = `${words} ${n} | ${company}`.slice(0, 60);
    let value: Record<string, unknown>;
    if (from) {
      value = { ...(read(pageFile(from)).value as Record<string, unknown>), title, status: "draft" };
    } else {
      const banner = (schemas().sections["page-banner"]?.examples as Record<string, unknown>[] | undefined)?.[0];
      if (!banner) throw new Error("The page-banner section schema has no example to start a new page from.");
      value = {
        $schema: "../../schemas/page.schema.json",
        title,
        description: `${words}: what this page offers, in one or two sentences for search results and link previews.`,
        status: "draft",
        sections: [{ ...banner, title: words }],
      };
    }
    const text = `${JSON.stringify(value, null, 2)}\n`;
    if (!writer.create(full, text)) throw new EditorError(409, `There is already a page ${pagePath(slug)} (${path}).`);
    return { path, route: pagePath(slug) };
  }

  /** Renames a page (its address follows); with `fixLinks`, every link to it is changed too, each file with a minimal change. */
  function renamePage(from: string, to: string, fixLinks: boolean) {
    const source = contentPath(root, pageFile(from));
    const target = contentPath(root, pageFile(to));
    if (from === "home") throw new EditorError(400, "The home page is the page at /: it cannot be renamed.");
    if (!existsSync(source)) throw new EditorError(404, `There is no page ${pagePath(from)}.`);
    if (existsSync(target)) throw new EditorError(409, `There is already a page ${pagePath(to)}.`);
    const links = linksTo(pagePath(from));
    if (links.length > 0 && !fixLinks) return { renamed: false, links };
    // A link then an unlink: unlike a rename, never over a page made in the meantime.
    try {
      linkSync(source, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "EEXIST") throw new EditorError(409, `There is already a page ${pagePath(to)}.`);
      throw err;
    }
    unlinkSync(source);
    const byFile = new Map<string, typeof links>();
    for (const link of links) byFile.set(link.file === pageFile(from) ? pageFile(to) : link.file, [...(byFile.get(link.file) ?? []), link]);
    for (const [file, list] of byFile) {
      const full = contentPath(root, file);
      const text = readText(full);
      const value = JSON.parse(text) as JsonValue;
      for (const link of list) setAt(value, link.pointer, pagePath(to) + link.href.slice(pagePath(from).length));
      if (!writer.replace(full, writeJson(text, value), sha256(text)))
        throw new EditorError(409, `${file} changed on disk while its links were fixed: reload it.`);
    }
    return { renamed: true, links, path: pageFile(to), route: pagePath(to) };
  }

  /** Deletes a page, unless other content links to it (then the links, to fix first). */
  function deletePage(slug: string) {
    if (slug === "home") throw new EditorError(400, "The home page is the page at /: the site needs it.");
    const path = pageFile(slug);
    const full = contentPath(root, path);
    const links = linksTo(pagePath(slug)).filter((l) => l.file !== path);
    if (links.length > 0) return { deleted: false, links };
    rmSync(full);
    return { deleted: true, links };
  }

  /**
   * Stores an uploaded picture in public/media/, named from `name`, if its content is an image (an
   * SVG cleaned first: src/editor/svg.ts); returns its path for content.
   */
  async function upload(name: string, data: Buffer) {
    if (data.length === 0) throw new EditorError(400, "The file is empty.");
    if (data.length > UPLOAD_LIMIT) throw new EditorError(413, `The picture is too large: the limit is ${UPLOAD_LIMIT / 1024 / 1024} MB.`);
    const notPicture = () => new EditorError(415, `"${name}" is not a picture (JPEG, PNG, WebP, AVIF, GIF or SVG).`);
    const extension = IMAGE_FORMATS[(await formatOf(data)) ?? ""];
    if (!extension) throw notPicture();
    let stored = data;
    if (extension === "svg") {
      const { cleanSvg } = await import("./svg.ts");
      const clean = await cleanSvg(data.toString("utf8"));
      stored = Buffer.from(clean ?? "");
      if (clean === undefined || (await formatOf(stored)) !== "svg") throw notPicture();
    }
    const stem =
      basename(name)
        .replace(/\.[^.]*$/, "")
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .slice(0, MAX_STEM)
        .replace(/^-|-$/g, "") || "picture";
    for (let n = 1; ; n++) {
      const file = `public/media/${n === 1 ? stem : `${stem}-${n}`}.${extension}`;
      const full = allowedPath(root, file, ["public/media"], [`.${extension}`]);
      if (writer.create(full, stored)) {
        const src = `/${file.slice("public/".length)}`;
        return { src, size: statSync(full).size, images: await images([src]) };
      }
    }
  }

  /** Content files changed since the last commit, each with its diff, and its text then and now (null: not there). */
  async function changes() {
    const git = (...args: string[]) => run("git", ["--literal-pathspecs", ...args], { cwd: root, maxBuffer: 16 * 1024 * 1024 }).then((r) => r.stdout);
    let status: string;
    try {
      status = await git("status", "--porcelain", "--untracked-files=all", "--", "site-config", "public/media");
    } catch {
      return { available: false, files: [] as FileChange[] };
    }
    const out: FileChange[] = [];
    for (const line of status.split("\n").filter(Boolean)) {
      const code = line.slice(0, 2);
      const path = line.slice(3).replace(/^.* -> /, "");
      const untracked = code === "??";
      const deleted = code.includes("D");
      const diff = untracked ? "" : await git("diff", "HEAD", "--", path);
      const head = untracked ? null : await git("show", `HEAD:${path}`).catch(() => null);
      const current = deleted || !path.endsWith(".json") ? null : readText(join(root, path));
      out.push({ path, status: untracked ? "added" : deleted ? "deleted" : "changed", diff, head: path.endsWith(".json") ? head : null, current });
    }
    return { available: true, files: out };
  }

  /** Puts one content file back as it was at the last commit (a new file is removed). */
  async function discard(path: string) {
    // One file by its exact path: Git must not read it as a pattern ("site-config/*.json").
    if (typeof path === "string" && (/[*?[\]]/.test(path) || path.startsWith(":")))
      throw new EditorError(400, `Discard takes one file's exact path, without wildcards; "${path}" is not one.`);
    const full = path.startsWith("public/media/")
      ? allowedPath(
          root,
          path,
          ["public/media"],
          Object.values(IMAGE_FORMATS).map((e) => `.${e}`),
        )
      : contentPath(root, path);
    const file = relative(root, full).split(sep).join("/");
    const git = (...args: string[]) => run("git", ["--literal-pathspecs", ...args], { cwd: root });
    const tracked = await git("ls-files", "--error-unmatch", "--", file).then(
      () => true,
      () => false,
    );
    if (tracked) await git("checkout", "HEAD", "--", file);
    else if (existsSync(full) && statSync(full).isFile()) rmSync(full);
    else throw new EditorError(404, `There is no file ${path} to put back.`);
    return { path, restored: tracked };
  }

  return { state, files, read, check, save, linksTo, createPage, renamePage, deletePage, upload, changes, discard };
}

/** What sharp reads the bytes as ("png", "svg"...), or undefined if not a picture. Loaded on the first upload only: the dev server starts without libvips. */
async function formatOf(data: Buffer): Promise<string | undefined> {
  try {
    const { default: sharp } = await import("sharp");
    return (await sharp(data).metadata()).format;
  } catch {
    return undefined;
  }
}

const withoutSections = (schema: Record<string, unknown>) => {
  const { sections: _, ...properties } = schema.properties as Record<string, unknown>;
  return { ...schema, properties, required: (schema.required as string[]).filter((r) => r !== "sections") };
};

/** Sets the value at a JSON Pointer inside `value` (which must exist up to its parent). */
function setAt(value: JsonValue, pointer: string, to: string) {
  const segments = pointer
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  const last = segments.pop();
  if (last === undefined) throw new Error("A link cannot be the whole document: its JSON Pointer is empty.");
  let node = value as Record<string, JsonValue>;
  for (const segment of segments) node = node[segment] as Record<string, JsonValue>;
  node[last] = to;
}

export type EditorApi = ReturnType<typeof editorApi>;
export { deepEqual, EditorError };
