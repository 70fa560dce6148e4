/**
 * The studio's store for the builder's API (builder/server/store.ts): the site's files in the
 * studio's clone, where each write is a commit on the drafts branch by the person who made it,
 * described in plain words, made before the answer and copied to the remote soon after (DraftsMirror).
 * "Changes" are the drafts not published yet; "discard" puts a file back as published. A save
 * refused because a colleague saved first names them.
 */
import { rmSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { Conflict } from "../builder/server/errors.ts";
import type { EventStream } from "../builder/server/events.ts";
import { editablePath } from "../builder/server/files.ts";
import type { Clone, DraftsMirror, Person } from "../builder/server/git.ts";
import { placeName } from "../builder/server/folder.ts";
import { type BuilderStore, folderStore, type PageRequest } from "../builder/server/store.ts";
import { describeChanges } from "../builder/shared/describe.ts";
import { describeOptions, fileTitle, listKey } from "../builder/shared/kinds.ts";
import { merge3 } from "../builder/shared/merge.ts";
import type { JsonValue } from "../src/content/json-source.ts";
import type { ContentState } from "../builder/shared/types.ts";
import type { ActivityLog } from "./activity.ts";
import { crashPoint } from "./crash.ts";
import { restore, unpublished } from "./history.ts";

/** How many texts a studio remembers to merge saves with (a few per open file of a team). */
const SEEN_TEXTS = 500;

/** A save in plain words: the first thing changed, and the rest counted and listed. */
async function saveMessage(folder: GitStore["folder"], path: string, before: string | null, after: string) {
  const file = (await folder.files()).find((f) => f.path === path);
  const { shared } = await folder.store.result();
  const options = file ? describeOptions(file, folder.schemas(), shared) : null;
  const lines = options ? describeChanges(JSON.parse(before ?? "null") as JsonValue, JSON.parse(after) as JsonValue, options) : [];
  const more = lines.length > 1 ? ` (and ${lines.length - 1} more)\n\n${lines.map((l) => `- ${l}`).join("\n")}` : "";
  return `${file ? fileTitle(file) : path}: ${lines[0] ?? "edited"}${more}`;
}

/** Refused because the file changed since it was read: in the studio, that is a colleague's save, named. */
async function namedConflict(clone: Clone, path: string, err: unknown, who: Person | null): Promise<never> {
  if (!(err instanceof Conflict)) throw err;
  // The last colleague to save it (a person's own saves from another tab say so).
  const recent = await clone.log([clone.options.drafts], { paths: [path], limit: 20 }).catch(() => []);
  const last = recent.find((c) => c.email !== who?.email) ?? recent[0];
  if (!last) throw err;
  const time = new Date(last.date).toLocaleTimeString("en-GB", { timeStyle: "short" });
  const name = last.email === who?.email ? "You" : last.author;
  throw new Conflict(`Not saved: ${name} saved this file (${time}) since you opened it. Nothing is lost: choose what to keep.`);
}

/** Texts of content files as editors read or saved them, by hash (the latest few hundred): the version a save was made from. */
class SeenTexts {
  private readonly texts = new Map<string, string>();

  remember(hash: string, text: string) {
    this.texts.delete(hash);
    this.texts.set(hash, text);
    if (this.texts.size > SEEN_TEXTS) this.texts.delete(this.texts.keys().next().value as string);
  }

  get = (hash: string) => this.texts.get(hash);
}

/**
 * How to merge a save of `path` made from the version read with `hash` with what the file holds
 * now (a colleague saved since): both kept where they changed different fields; null when that
 * version is unknown or both changed the same thing.
 */
async function withColleague(folder: GitStore["folder"], seen: SeenTexts, path: string, value: unknown, hash: string) {
  const file = (await folder.files()).find((f) => f.path === path);
  return (current: string): JsonValue | null => {
    const read = seen.get(hash);
    if (read === undefined || !file) return null;
    const merged = merge3(JSON.parse(read) as JsonValue, value as JsonValue, JSON.parse(current) as JsonValue, listKey(file.kind));
    return merged.ok ? merged.value : null;
  };
}

/** What the lists of changes call a file; a shared section with every page that shows it (one change there shows on all of them). */
async function changeTitle(folder: GitStore["folder"], path: string) {
  const file = (await folder.files()).find((f) => f.path === path);
  if (!file) return path;
  if (file.kind !== "shared") return fileTitle(file);
  const result = await folder.store.result();
  const places = (result.shared.find((s) => s.file === path)?.placedIn ?? []).map((file) => placeName(result, file));
  return places.length > 0 ? `${fileTitle(file)} (on ${places.join(", ")})` : fileTitle(file);
}

/** Who a change is by: the person signed in, or the studio itself. */
const person = (who: Person | null): Person => who ?? { name: "Site studio", email: "studio@localhost" };

export function gitStore(clone: Clone, events: EventStream, mirror: DraftsMirror, activity?: ActivityLog) {
  const base = folderStore(clone.dir);
  const { folder } = base;

  /** Commits what a write (not a save) changed, as `who`, and tells the open builders; the commit, or null if nothing changed. */
  async function commit(paths: string[], who: Person | null, message: string, what: string) {
    const made = await clone.commitAs(person(who), message, paths);
    if (made) {
      void mirror.push();
      activity?.record(person(who).email, what, { paths, change: message.split("\n")[0], commit: made });
    }
    folder.store.invalidate(paths);
    if (made) told(paths, who, made);
    return made;
  }

  /** Tells the open builders what changed, by whom, in which commit; with a save, the content state after it (none asks for it then). */
  const told = (paths: string[], who: Person | null, made?: string, content?: ContentState) =>
    events.send("changed", {
      paths,
      by: person(who).name,
      ...(made ? { commit: made } : {}),
      generation: content?.generation ?? folder.store.version,
      content,
    });

  async function pages(request: PageRequest, who: Person | null) {
    return clone.exclusive(async () => {
      const answer = await base.pages(request);
      if (request.action === "create" && "route" in answer && !("renamed" in answer)) {
        const from = request.from ? ` (a copy of /${request.from === "home" ? "" : request.from})` : "";
        await commit([answer.path], who, `${await changeTitle(folder, answer.path)}: new page, as a draft${from}`, "page.create");
      } else if (request.action === "rename" && "renamed" in answer && answer.renamed && answer.path) {
        const from = folder.pageFile(request.slug);
        const files = [...new Set(answer.links.map((l) => l.file))];
        const links = files.length ? `; links changed in ${files.length} files` : "";
        await commit([from, answer.path, ...files], who, `${await changeTitle(folder, answer.path)}: renamed from ${request.slug}${links}`, "page.rename");
      } else if (request.action === "delete" && "deleted" in answer && answer.deleted) {
        await commit([folder.pageFile(request.slug)], who, `Page deleted: ${request.slug}.json`, "page.delete");
      }
      return answer;
    });
  }

  const seen = new SeenTexts();

  /**
   * Writes and commits `value` over the file read with `hash`, as `who` (merged with a colleague's
   * save made since, in the file's own turn, so no third save comes between); tells the open builders.
   */
  async function saveAs(path: string, value: unknown, hash: string, who: Person | null) {
    let made: string | null = null;
    const saved = await folder.save(path, value, hash, {
      exclusive: (task) => clone.writing(task),
      merge: await withColleague(folder, seen, path, value, hash),
      describe: (before, text) => saveMessage(folder, path, before, text),
      afterWrite: async ({ text }, message) => {
        crashPoint("save:written");
        made = await clone.commitSoon(person(who), message, path, text);
        void mirror.push();
        activity?.record(person(who).email, "save", { paths: [path], change: message.split("\n")[0], commit: made });
      },
    });
    seen.remember(saved.hash, saved.text);
    const { before: _, ...answer } = saved;
    const state = await folder.contentState();
    if (made) told([path], who, made, state);
    return { ...answer, state };
  }

  const store: BuilderStore = {
    root: clone.dir,
    events,
    state: base.state,
    content: base.content,
    async read(path) {
      const file = await base.read(path);
      seen.remember(file.hash, file.text);
      return { ...file, savedBy: await clone.lastChange(clone.options.drafts, path) };
    },
    check: base.check,
    // The check runs beside other saves; only the write and its commit wait their turn in the clone.
    // A colleague saved other parts of the file meanwhile: both kept, merged; the same part: refused, naming them.
    save: (path, value, hash, who) => saveAs(path, value, hash, who).catch((err: unknown) => namedConflict(clone, path, err, who)),
    linksTo: base.linksTo,
    pages,
    upload: (name, data, who) =>
      clone.exclusive(async () => {
        const uploaded = await base.upload(name, data);
        await commit([`public${uploaded.src}`], who, `Picture added: ${uploaded.src}`, "picture.add");
        return uploaded;
      }),
    share: (name, section, who) =>
      clone.exclusive(async () => {
        const made = await base.share(name, section);
        await commit([made.path], who, `Shared section: ${name}: new, made from a page's section`, "shared.create");
        return made;
      }),
    changes: async () => ({ available: true, files: await unpublished(clone) }),
    discard: (asked, who) =>
      clone.exclusive(async () => {
        // One content file or picture, exactly: never a pattern, nothing else of the clone.
        const path = relative(clone.dir, editablePath(clone.dir, asked)).split(sep).join("/");
        const published = await clone.show(clone.live, path);
        if (published !== null) await restore(clone, path, await clone.head(clone.live), person(who), await changeTitle(folder, path));
        else {
          // Not published at all: putting it back as published removes it.
          rmSync(join(clone.dir, path), { force: true });
          await clone.commitAs(person(who), `${path}: removed (not on the published site)`, [path]);
        }
        activity?.record(person(who).email, "discard", { paths: [path], restored: published !== null });
        folder.store.invalidate([path]);
        told([path], who);
        void mirror.push();
        return { path, restored: published !== null };
      }),
  };
  return { store, commit, title: (path: string) => changeTitle(folder, path), folder };
}

export type GitStore = ReturnType<typeof gitStore>;
