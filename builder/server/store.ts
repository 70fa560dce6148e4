/**
 * One builder back end, two stores. The builder's API (routes.ts) reads and writes the site through
 * a `BuilderStore`; `npm run edit` gives it the local store (the project's own files: a save is a
 * file written, "changes" are what Git says differs from the last commit), the studio a Git store
 * (its clone: a save is also a commit by its editor, "changes" are the drafts not published yet;
 * studio/git-store.ts). Both tell the open builders what changed through their event stream.
 */
import type { Person } from "./git.ts";
import type { EventStream } from "./events.ts";
import { changesApi } from "./changes.ts";
import { contentFolder } from "./folder.ts";
import type { SiteStore } from "../../src/content/site-store.ts";
import type { CheckResult, ContentState, EditorState, FileChange, FileData, SaveAnswer, Uploaded } from "../shared/types.ts";

export type { Person };

/** A link to a page, where it is: the file, the JSON Pointer and its path in words. */
export interface Link {
  file: string;
  pointer: string;
  path: string;
  href: string;
}

/** What the page dialog asks for. */
export type PageRequest =
  /** `from`: a page to copy (its address); `template`: a page template to start from (its name); neither: a banner only. */
  | { action: "create"; slug: string; from?: string; template?: string }
  | { action: "rename"; slug: string; to: string; fixLinks: boolean }
  | { action: "delete"; slug: string };

export type PageAnswer =
  | { path: string; route: string }
  | { renamed: boolean; links: Link[]; path?: string; route?: string }
  | { deleted: boolean; links: Link[] };

export interface BuilderStore {
  /** The folder the site is read from and written to (the project, or the studio's clone). */
  readonly root: string;
  readonly events: EventStream;
  state(): Promise<EditorState>;
  /** The part of the state a content file's change changes (what a save answers with). */
  content(): Promise<ContentState>;
  read(path: string): Promise<FileData>;
  check(path: string, value: unknown, preview?: string): Promise<CheckResult>;
  /** Writes `value` if the file is still what the builder read (`hash`), as `who` (null: on this computer). */
  save(path: string, value: unknown, hash: string, who: Person | null): Promise<SaveAnswer>;
  linksTo(route: string): Link[];
  pages(request: PageRequest, who: Person | null): Promise<PageAnswer>;
  upload(name: string, data: Buffer, who: Person | null): Promise<Uploaded>;
  /** A new shared section `name` holding `section` (the builder then places it on the page). */
  share(name: string, section: unknown, who: Person | null): Promise<{ path: string; name: string }>;
  changes(): Promise<{ available: boolean; files: FileChange[] }>;
  discard(path: string, who: Person | null): Promise<{ path: string; restored: boolean }>;
}

/** The site's files in a folder, as the builder reads and writes them, before any store adds its own (commits, events). */
export function folderStore(root: string, site?: SiteStore) {
  const folder = contentFolder(root, site);
  return {
    folder,
    async state() {
      return folder.state();
    },
    content: () => folder.contentState(),
    async read(path: string): Promise<FileData> {
      return folder.read(path);
    },
    check: (path: string, value: unknown, preview?: string) => folder.check(path, value, preview),
    linksTo: (route: string) => folder.linksTo(route),
    async pages(request: PageRequest): Promise<PageAnswer> {
      if (request.action === "create") return folder.createPage(request.slug, request.from, request.template);
      if (request.action === "rename") return folder.renamePage(request.slug, request.to, request.fixLinks);
      return folder.deletePage(request.slug);
    },
    upload: (name: string, data: Buffer) => folder.upload(name, data),
    async share(name: string, section: unknown) {
      const made = folder.makeShared(name, section);
      // Read again at the next ask, so the builder's next look at the content has it.
      folder.store.invalidate([made.path]);
      return made;
    },
  };
}

/**
 * `npm run edit`: the project's own files. Nothing is committed. Each change of the site (a save
 * here, a hand edit seen by the dev server's watcher) is told to the open builders with its
 * generation; a save's answer already holds the new content, so the builder that saved asks nothing.
 */
export function localStore(root: string, events: EventStream, site?: SiteStore): BuilderStore {
  const base = folderStore(root, site);
  const git = changesApi(root);
  base.folder.store.onChange(({ generation, files }) => events.send("changed", { generation, paths: files }));
  return {
    root,
    events,
    state: base.state,
    content: base.content,
    read: base.read,
    check: base.check,
    async save(path, value, hash) {
      const { before: _, ...saved } = await base.folder.save(path, value, hash);
      return { ...saved, state: await base.folder.contentState() };
    },
    linksTo: base.linksTo,
    pages: base.pages,
    upload: base.upload,
    share: base.share,
    changes: git.changes,
    discard: git.discard,
  };
}
