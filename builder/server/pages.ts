/**
 * The builder's page actions: a new page (blank, from a page template, or a copy), a rename (its address follows, and the
 * links to it on request), a delete (refused while other content links to the page).
 */
import { BadRequest, Conflict, NotFound } from "./errors.ts";
import { existsSync, linkSync, rmSync, unlinkSync } from "node:fs";
import type { JsonValue } from "../../src/content/json-source.ts";
import { loadSite } from "../../src/content/site.ts";
import { PAGE_SLUG, pagePath, reservedPageName } from "../../src/content/sources.ts";
import { splitPointer } from "../../src/lib/json-pointer.ts";
import type { ContentApi } from "./content.ts";
import { contentPath, type contentWriter, readText, sha256 } from "./files.ts";
import { writeJson } from "./json-write.ts";

/** A page address's length at most: room for any real one, and far below the system's limit on a file name. */
const MAX_SLUG = 80;

export function pagesApi(root: string, writer: ReturnType<typeof contentWriter>, { read, schemas, linksTo }: Pick<ContentApi, "read" | "schemas" | "linksTo">) {
  const pageFile = (slug: string) => {
    if (!PAGE_SLUG.test(slug))
      throw new BadRequest(`"${slug}" cannot be a page address: use lower case letters, digits and hyphens between words, e.g. "cloud-migration".`);
    if (slug.length > MAX_SLUG) throw new BadRequest(`A page address has at most ${MAX_SLUG} characters; this one has ${slug.length}.`);
    const reserved = reservedPageName(slug);
    if (reserved) throw new BadRequest(`"${slug}" cannot be a page address: ${reserved}. Choose another.`);
    return `site-config/pages/${slug}.json`;
  };

  /** A new page, as a draft: a copy of `from`, the page template `template`, or a page with one banner; the title made unique. */
  function createPage(slug: string, from?: string, template?: string) {
    const path = pageFile(slug);
    const full = contentPath(root, path);
    if (existsSync(full)) throw new Conflict(`There is already a page ${pagePath(slug)} (${path}).`);
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
    } else if (template) {
      // An ordinary page from then on, with the template's placeholders to fill (src/content/placeholders.ts).
      const made = site.sources.pageTemplates.find((t) => t.name === template);
      if (!made?.parsed) throw new BadRequest(`There is no page template "${template}" (site-config/templates/${template}.json).`);
      value = { ...(made.parsed.value as Record<string, unknown>), title, status: "draft" };
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
    if (!writer.create(full, text)) throw new Conflict(`There is already a page ${pagePath(slug)} (${path}).`);
    return { path, route: pagePath(slug) };
  }

  /** Renames a page (its address follows); with `fixLinks`, every link to it is changed too, each file with a minimal change. */
  function renamePage(from: string, to: string, fixLinks: boolean) {
    const source = contentPath(root, pageFile(from));
    const target = contentPath(root, pageFile(to));
    if (from === "home") throw new BadRequest("The home page is the page at /: it cannot be renamed.");
    if (!existsSync(source)) throw new NotFound(`There is no page ${pagePath(from)}.`);
    if (existsSync(target)) throw new Conflict(`There is already a page ${pagePath(to)}.`);
    const links = linksTo(pagePath(from));
    if (links.length > 0 && !fixLinks) return { renamed: false, links };
    // A link then an unlink: unlike a rename, never over a page made in the meantime.
    try {
      linkSync(source, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "EEXIST") throw new Conflict(`There is already a page ${pagePath(to)}.`);
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
      if (!writer.replace(full, writeJson(text, value), sha256(text))) throw new Conflict(`${file} changed on disk while its links were fixed: reload it.`);
    }
    return { renamed: true, links, path: pageFile(to), route: pagePath(to) };
  }

  /** Deletes a page, unless other content links to it (then the links, to fix first). */
  function deletePage(slug: string) {
    if (slug === "home") throw new BadRequest("The home page is the page at /: the site needs it.");
    const path = pageFile(slug);
    const full = contentPath(root, path);
    const links = linksTo(pagePath(slug)).filter((l) => l.file !== path);
    if (links.length > 0) return { deleted: false, links };
    rmSync(full);
    return { deleted: true, links };
  }

  return { pageFile, createPage, renamePage, deletePage };
}

/** Sets the value at a JSON Pointer inside `value` (which must exist up to its parent). */
function setAt(value: JsonValue, pointer: string, to: string) {
  const segments = splitPointer(pointer);
  const last = segments.pop();
  if (last === undefined) throw new Error("A link cannot be the whole document: its JSON Pointer is empty.");
  let node = value as Record<string, JsonValue>;
  for (const segment of segments) node = node[segment] as Record<string, JsonValue>;
  node[last] = to;
}
