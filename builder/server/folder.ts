/**
 * A folder of the site as the page builder reads and writes it, through the content layer, so
 * that it checks content exactly as `npm run validate` does. In parts: content.ts (files, checks,
 * saves), pages.ts (new, renamed, deleted pages), media.ts (pictures), changes.ts (Git). Served by
 * the dev server (vite-plugin.ts) and by the studio (studio/), through handler.ts.
 */
import { type Dirent, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { JsonValue } from "../../src/content/json-source.ts";
import { checkSite } from "../../src/content/site.ts";
import { catalogOf } from "../../src/content/site.server.ts";
import { typeTitle } from "../shared/labels.ts";
import { changesApi } from "./changes.ts";
import { contentApi } from "./content.ts";
import { contentWriter, oneAtATime } from "./files.ts";
import { mediaApi, UPLOAD_LIMIT } from "./media.ts";
import { pagesApi } from "./pages.ts";
import { toEditorProblem } from "./problems.ts";

/** The folders the builder's state is made from: content, pictures, and the schemas (of sections too). */
const STATE_SOURCES = ["site-config", "public", "schemas", "src/sections"];

/** Every file's path, size and time of change under these folders: equal while none of them changed. */
export function fingerprint(root: string, folders: readonly string[]): string {
  const parts: string[] = [];
  const walk = (dir: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return parts.push(`${dir}: none`);
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        const stats = statSync(path, { throwIfNoEntry: false });
        if (stats) parts.push(`${path} ${stats.size} ${stats.mtimeMs}`);
      }
    }
  };
  for (const folder of folders) walk(join(root, folder));
  return parts.join("\n");
}

export function contentFolder(root: string) {
  // Also sweeps what a crash left mid-write.
  const writer = contentWriter(root);
  // Saves of one file, one after another: each compares against what the previous one wrote.
  const perFile = oneAtATime();
  const content = contentApi(root, writer, perFile);
  const { files, schemas } = content;
  const pictures = mediaApi(root, writer);
  const { media, images, sizes } = pictures;

  /** The whole site as the editor starts from it. */
  async function readState() {
    const result = await checkSite(root);
    const mediaFiles = media();
    return {
      files: files(),
      routes: [...result.routes, ...result.draftRoutes],
      media: mediaFiles,
      images: await images(mediaFiles),
      mediaBytes: sizes(mediaFiles),
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

  // Read again only when a file it comes from changed: every opening of the builder asks for it.
  let kept: { key: string; state: ReturnType<typeof readState> } | null = null;
  function state() {
    const key = fingerprint(root, STATE_SOURCES);
    if (kept?.key !== key) {
      const read = readState();
      kept = { key, state: read };
      read.catch(() => {
        if (kept?.state === read) kept = null;
      });
    }
    return kept.state;
  }

  return { ...content, ...pagesApi(root, writer, content), ...pictures, ...changesApi(root), state };
}

export type ContentFolder = ReturnType<typeof contentFolder>;
