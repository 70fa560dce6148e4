/**
 * The builder's content: the site's files, the schemas their forms are made from, reading a file,
 * checking edits with the site's own checks (the same as `npm run validate`) and saving them, and
 * the links to a page. Everything through the content layer.
 */
import { Conflict, Unprocessable } from "./errors.ts";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { COLLECTIONS, COLLECTION_NAMES } from "../../src/content/collections.ts";
import { readablePath } from "../../src/content/ajv-problems.ts";
import type { JsonValue } from "../../src/content/json-source.ts";
import { checkSite, hasErrors } from "../../src/content/site.ts";
import { readSources, type Sources } from "../../src/content/sources.ts";
import type { SiteStore } from "../../src/content/site-store.ts";
import { formatProblem } from "../../src/content/problems.ts";
import { fingerprint } from "../../src/lib/files.ts";
import { previewOf } from "../../src/content/site.server.ts";
import { escapeSegment } from "../../src/lib/json-pointer.ts";
import { contentPath, type contentWriter, type oneAtATime, readText, sha256 } from "./files.ts";
import { writeJson } from "./json-write.ts";
import { toEditorProblem } from "./problems.ts";
import { bundleSchema } from "./schema-bundle.ts";
import type { EditorFile } from "../shared/types.ts";

/** A page's own form leaves its sections out: each section has a form of its own, by its type. */
const withoutSections = (schema: Record<string, unknown>) => {
  const { sections: _, ...properties } = schema.properties as Record<string, unknown>;
  return { ...schema, properties, required: (schema.required as string[]).filter((r) => r !== "sections") };
};

/** The site's files, from the sources a check read. */
export function files(sources: Sources): EditorFile[] {
  return [
    ...sources.pages.map((p): EditorFile => ({ path: p.file, kind: "page", name: p.slug, route: p.path, draft: p.draft, schema: "page" })),
    { path: sources.template.file, kind: "template", name: "Service page template", schema: "service-template" },
    ...COLLECTION_NAMES.map(
      (name): EditorFile => ({ path: sources.collections[name].file, kind: "collection", name, schema: `collections/${COLLECTIONS[name].schema}` }),
    ),
    { path: sources.settings.file, kind: "settings", name: "Settings", schema: "settings" },
    // A shared section's form is its type's (one that places another shared section has none: edited by hand).
    ...sources.shared.map((s): EditorFile => ({ path: s.file, kind: "shared", name: s.name, schema: `shared/${sharedType(s.parsed?.value) ?? ""}` })),
  ];
}

/** The section type a shared section's file holds, when it holds one written out. */
function sharedType(value: JsonValue | undefined): string | undefined {
  const section = value && typeof value === "object" && !Array.isArray(value) ? value.section : undefined;
  return section && typeof section === "object" && !Array.isArray(section) && typeof section.type === "string" ? section.type : undefined;
}

/** Every schema a form needs, bundled: the documents', each section type's, and each collection entry's. */
function bundleAll(schemasDir: string) {
  const sectionFiles = readdirSync(join(schemasDir, "sections"))
    .filter((f) => f.endsWith(".schema.json"))
    .sort();
  const sections = Object.fromEntries(sectionFiles.map((f) => [f.slice(0, -".schema.json".length), bundleSchema(schemasDir, `sections/${f}`)]));
  const documents: Record<string, Record<string, unknown>> = {
    page: bundleSchema(schemasDir, "page.schema.json", withoutSections),
    "service-template": bundleSchema(schemasDir, "service-template.schema.json", withoutSections),
    settings: bundleSchema(schemasDir, "settings.schema.json"),
  };
  // A shared section's file: its one section, with that type's form.
  for (const [type, schema] of Object.entries(sections)) {
    const { definitions, ...section } = schema as { definitions?: unknown };
    documents[`shared/${type}`] = {
      type: "object",
      title: "Shared section",
      additionalProperties: false,
      required: ["section"],
      properties: { $schema: { type: "string" }, section: { ...section, title: "The section" } },
      definitions,
    };
  }
  for (const name of new Set(Object.values(COLLECTIONS).map((c) => c.schema))) {
    documents[`collections/${name}`] = bundleSchema(schemasDir, `collections/${name}.schema.json`, (s) => {
      const list = (s.properties as { items?: { items: Record<string, unknown> } }).items;
      if (!list) throw new Error(`The collection schema ${name}.schema.json has no "items" property.`);
      return { ...list.items, definitions: s.definitions };
    });
  }
  return { sections, documents };
}

const isJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** Every place that links to `route` (or to a part of it, "/about-us#team"): the file, where in it, the link. */
export function linksTo(root: string, route: string) {
  const sources = readSources(root);
  const documents = [sources.settings, sources.template, ...sources.pageTemplates, ...sources.shared, ...Object.values(sources.collections), ...sources.pages];
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
      else if (node && typeof node === "object") for (const [key, child] of Object.entries(node)) visit(child, `${pointer}/${escapeSegment(key)}`);
    };
    visit(parsed.value, "");
  }
  return out;
}

/** A save as written: its text and hash, the site's problems with it, and the text it replaced (null: a new file). */
export interface SavedFile {
  path: string;
  text: string;
  hash: string;
  problems: ReturnType<typeof toEditorProblem>[];
  before: string | null;
  /** Saved merged with a colleague's save made since the editor read the file: what was saved. */
  merged?: JsonValue;
}

export interface SaveHooks {
  /** Runs the write and what follows it alone (the studio: in its Git queue). */
  exclusive?: <T>(task: () => Promise<T>) => Promise<T>;
  /**
   * The file changed since the editor read it (`current` is what it holds now): the value to save
   * instead (the editor's change merged with it), or null to refuse. Without it, refused.
   */
  merge?: (current: string) => JsonValue | null;
  /** The save in words, made before its turn to write (the studio's commit message). */
  describe?: (before: string | null, text: string) => Promise<string>;
  /**
   * Called in the write's turn, once the file is written: what must happen in that turn happens
   * before its first await (the studio queues the commit); the save is confirmed when it resolves.
   */
  afterWrite?: (saved: SavedFile, description: string) => Promise<void>;
}

export function contentApi(root: string, writer: ReturnType<typeof contentWriter>, perFile: ReturnType<typeof oneAtATime>, store: SiteStore) {
  const schemasDir = join(root, "schemas");

  /** Every schema a form needs, bundled once and again only when a schema file changed. */
  let bundled: { key: string; schemas: ReturnType<typeof bundleAll> } | null = null;
  function schemas() {
    const key = fingerprint(root, ["schemas"]);
    if (bundled?.key !== key) bundled = { key, schemas: bundleAll(schemasDir) };
    return bundled.schemas;
  }

  function read(path: string) {
    const full = contentPath(root, path);
    const text = readText(full);
    return { path, text, hash: sha256(text), value: JSON.parse(text) as JsonValue };
  }

  /** The text saving `value` into `path` would write (formatted as the file on disk is). */
  function textFor(path: string, value: unknown) {
    const full = contentPath(root, path);
    // A file deleted on disk, or not JSON there (a text editor's save read half-written, a hand edit's mistake): the
    // builder's edits are checked as plain formatted JSON. Saving still refuses a file that changed on disk (409).
    const disk = existsSync(full) ? readText(full) : null;
    return disk !== null && isJson(disk) ? writeJson(disk, value) : `${JSON.stringify(value, null, 2)}\n`;
  }

  /** The text saving `value` into `path` would write, and the site checked with it. */
  async function checked(path: string, value: unknown) {
    const text = textFor(path, value);
    return { text, result: await checkSite(root, { overlay: new Map([[path, text]]) }) };
  }

  /** What saving `value` into `path` would write, every problem of the site with it, and the page at `preview` as it would render. */
  async function check(path: string, value: unknown, preview?: string) {
    const { text, result } = await checked(path, value);
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
   * error with it. The check and the write run together in `hooks.exclusive` (the studio's turn in
   * its clone), so the check sees every write before it and the store takes it as is: one whole-site
   * check per save. A hand edit made meanwhile is kept, and the save answers 409. The save is
   * confirmed once what a store does with it (`hooks.afterWrite`: the studio's commit) is done.
   */
  function save(path: string, asked: unknown, hash: string, hooks: SaveHooks = {}) {
    const full = contentPath(root, path);
    const changed = () =>
      new Conflict(`${path} changed on disk since the editor read it (edited by hand?). Nothing was saved: reload it to see what it holds now.`);
    const exclusive = hooks.exclusive ?? (<T>(task: () => Promise<T>) => task());
    return perFile(full, async () => {
      // hash "": the editor means to write a file that is not there (deleted on disk while it was open).
      const missing = hash === "" && !existsSync(full);
      const current = missing ? "" : readText(full);
      const now = missing ? "" : sha256(current);
      // Changed since the editor read it: saved only merged with what it holds now (the studio), else refused.
      const merged = now === hash || missing || !existsSync(full) ? undefined : (hooks.merge?.(current) ?? null);
      if (merged === null || (now !== hash && merged === undefined)) throw changed();
      const value = merged ?? asked;
      const text = textFor(path, value);
      const description = hooks.describe && text !== current ? await hooks.describe(missing ? null : current, text) : "";
      const { saved, committing } = await exclusive(async () => {
        if (!missing && (!existsSync(full) || sha256(readText(full)) !== now)) throw changed();
        const generation = store.version;
        const result = await checkSite(root, { overlay: new Map([[path, text]]) });
        if (hasErrors(result.problems))
          throw new Unprocessable(
            `${path} was not saved: fix the errors first.\n${result.problems
              .filter((p) => p.severity === "error")
              .map(formatProblem)
              .join("\n")}`,
          );
        if (missing ? !writer.create(full, text) : text !== current && !writer.replace(full, text, now)) throw changed();
        const saved: SavedFile = {
          path,
          text,
          hash: sha256(text),
          problems: result.problems.map(toEditorProblem),
          before: missing ? null : current,
          ...(merged !== undefined ? { merged } : {}),
        };
        if (text === current) return { saved, committing: undefined };
        // The check of exactly what was written: the site as it is now, nothing read back.
        store.wrote([{ file: path, text }], result, generation);
        // Not awaited in the turn: the studio's commit is made in a turn of its own, with the saves written meanwhile.
        return { saved, committing: hooks.afterWrite?.(saved, description) };
      });
      // Not confirmed: the store put the file back as committed, and reads it again.
      await committing?.catch((err: unknown) => {
        store.invalidate([path]);
        throw err;
      });
      return saved;
    });
  }

  return { files, schemas, read, check, save, linksTo: (route: string) => linksTo(root, route) };
}

export type ContentApi = ReturnType<typeof contentApi>;
