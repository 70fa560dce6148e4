/**
 * A folder of the site as the page builder reads and writes it, through the content layer, so
 * that it checks content exactly as `npm run validate` does. In parts: content.ts (files, checks,
 * saves), pages.ts (new, renamed, deleted pages), media.ts (pictures), changes.ts (Git); the site as
 * last read and checked is the store's (src/content/site-store.ts): read once, kept until a change.
 */
import type { JsonValue } from "../../src/content/json-source.ts";
import { SiteStore } from "../../src/content/site-store.ts";
import type { SiteResult } from "../../src/content/site.ts";
import { fingerprint } from "../../src/lib/files.ts";
import type { ContentState, EditorState } from "../shared/types.ts";
import { catalogOf } from "../../src/content/site.server.ts";
import { typeTitle } from "../shared/labels.ts";
import { changesApi } from "./changes.ts";
import { contentApi } from "./content.ts";
import { contentWriter, oneAtATime } from "./files.ts";
import { mediaApi, UPLOAD_LIMIT } from "./media.ts";
import { pagesApi } from "./pages.ts";
import { sharedApi } from "./shared-sections.ts";
import { toEditorProblem } from "./problems.ts";

/** Besides content: what the builder's state is made of, and what no content check notices changing (a picture added by hand, a section's code). */
const OTHER_SOURCES = ["public", "schemas", "src/sections"];

export function contentFolder(root: string, store = new SiteStore(root)) {
  // Also sweeps what a crash left mid-write.
  const writer = contentWriter(root);
  // Saves of one file, one after another: each compares against what the previous one wrote.
  const perFile = oneAtATime();
  const content = contentApi(root, writer, perFile, store);
  const { schemas } = content;
  const pictures = mediaApi(root, writer);
  const { media, images, sizes } = pictures;

  /** The site's content as the builder shows it: what changes with a save. */
  async function contentState(): Promise<ContentState> {
    const result = await store.result();
    return {
      generation: store.version,
      files: content.files(result.sources),
      pageTemplates: result.sources.pageTemplates.filter((t) => t.parsed).map((t) => t.name),
      shared: result.shared.map(({ placedIn, ...s }) => ({ ...s, placedIn: placedIn.map((file) => placeName(result, file)) })),
      routes: [...result.routes, ...result.draftRoutes],
      collections: result.site?.collections ?? null,
      settings: result.site?.settings ?? null,
      problems: result.problems.map(toEditorProblem),
    };
  }

  /** The whole site as the editor starts from it. */
  async function readState(): Promise<EditorState> {
    const result = await store.result();
    const mediaFiles = media();
    return {
      ...(await contentState()),
      media: mediaFiles,
      images: await images(mediaFiles),
      mediaBytes: sizes(mediaFiles),
      uploadLimit: UPLOAD_LIMIT,
      schemas: schemas(),
      // The section library: each type's example, rendered (the same as /__sections).
      library: result.site
        ? catalogOf(result.site, result).map((entry) => ({ ...entry, title: typeTitle(entry.type), example: JSON.parse(entry.json) as JsonValue }))
        : [],
    };
  }

  // Made again only after a change: of the content (the store's generation), or of pictures, schemas or sections' code.
  let kept: { key: string; state: Promise<EditorState> } | null = null;
  function state() {
    const others = fingerprint(root, OTHER_SOURCES);
    if (kept && !kept.key.endsWith(others)) store.invalidate();
    const key = `${store.version} ${others}`;
    if (kept?.key !== key) {
      const read = readState();
      kept = { key, state: read };
      read.catch(() => {
        if (kept?.state === read) kept = null;
      });
    }
    return kept.state;
  }

  /** The files of the site, as the store last read them. */
  const files = async () => content.files((await store.result()).sources);

  return { ...content, files, ...pagesApi(root, writer, content), ...sharedApi(root, writer), ...pictures, ...changesApi(root), state, contentState, store };
}

export type ContentFolder = ReturnType<typeof contentFolder>;

/** Where a shared section is placed, in words: a page's address, the service pages, a page template. */
export function placeName(result: SiteResult, file: string): string {
  const page = result.pages.find((p) => p.file === file);
  if (page) return page.path;
  if (file === result.sources.template.file) return "every service page";
  return `the template ${file.replace(/^.*\//, "").replace(/\.json$/, "")}`;
}
