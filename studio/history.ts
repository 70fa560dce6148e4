/**
 * A file's versions from Git (who, when, the message in plain words, and whether the live site has
 * it), what the drafts hold that is not published yet, and Restore (a new commit with an earlier
 * version, never a rewrite of history).
 */
import { join } from "node:path";
import { type Clone, type Commit, oncePerChange, type Person } from "../builder/server/git.ts";
import type { FileChange, PendingChanges, Version, WaitingFile } from "../builder/shared/types.ts";
import { writeFileDurably } from "./durable.ts";

const version = (c: Commit, published: ReadonlySet<string>): Version => ({
  commit: c.commit,
  author: c.author,
  email: c.email,
  date: c.date,
  message: c.subject,
  published: published.has(c.commit),
});

/**
 * Every version of `path` that ever existed on either side, newest first: the drafts' and the
 * published branch's, including the side a publish set aside when both changed the same thing
 * (plain `git log` simplifies those away). A merge is a version only when it made a file neither
 * side had (a section-by-section merge), not when it kept one side's.
 */
export async function fileHistory(clone: Clone, path: string, limit = 100): Promise<Version[]> {
  const { drafts } = clone.options;
  const sides = [drafts, clone.live];
  const all = await clone.log(sides, { paths: [path], fullHistory: true, limit: limit * 2 });
  // The file's content in each commit, in each merge's parents and at both ends, asked of Git at once.
  const asked = [...new Set([...sides, ...all.flatMap((c) => [c.commit, ...(c.parents.length > 1 ? c.parents : [])])])];
  const blobs = await clone.blobs(asked.map((c) => `${c}:${path}`));
  const blob = new Map(asked.map((c, i) => [c, blobs[i] ?? null]));
  const kept = all.filter((c) => c.parents.length < 2 || c.parents.every((p) => blob.get(p) !== blob.get(c.commit))).slice(0, limit);
  // Published: what plain history of the published branch explains; set aside: what neither side's plain history does.
  const [live, draft] = await Promise.all([clone.touching(clone.live, [path]), clone.touching(drafts, [path])]);
  return kept.map((c) => ({
    ...version(c, live),
    live: blob.get(c.commit) === blob.get(clone.live),
    draft: blob.get(c.commit) === blob.get(drafts),
    setAside: !live.has(c.commit) && !draft.has(c.commit),
  }));
}

/** How many shown of the changes not published yet: the status every open builder asks for stays small whatever the backlog. */
export const LATEST_PENDING = 20;
/** How many of a file's own latest changes the status lists. */
const LATEST_PER_FILE = 3;

const tally = (commits: { author: string }[]) => {
  const counts = new Map<string, number>();
  for (const c of commits) counts.set(c.author, (counts.get(c.author) ?? 0) + 1);
  return [...counts].map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count);
};

/** A waiting file's saves: those since its live version, newest first. */
type Waiting = Omit<WaitingFile, "changes" | "by" | "count" | "title"> & { commits: Commit[] };

/**
 * The files whose drafts hold changes the live site does not have, with the saves that made them:
 * changed since the drafts last took in the live site, and still different from the live version
 * (a file published on its own is not waiting, though its saves are not in the live history).
 * Read once per change of the repository: every open builder asks after each save.
 */
export function waitingFiles(clone: Clone): Promise<Waiting[]> {
  let read = reading.get(clone);
  if (!read) {
    read = oncePerChange(async () => {
      const [live = "", draft = ""] = await clone.heads(clone.live, clone.options.drafts);
      return readWaiting(clone, live, draft);
    });
    reading.set(clone, read);
  }
  return read();
}
const reading = new WeakMap<Clone, () => Promise<Waiting[]>>();

async function readWaiting(clone: Clone, live: string, draft: string): Promise<Waiting[]> {
  const base = await clone.commonBase(live, draft);
  const changed = await clone.changedFiles(base, draft, ["site-config", "public/media"]);
  const [onLive, inDrafts] = halves(await clone.blobs([...changed.map((c) => `${live}:${c.path}`), ...changed.map((c) => `${draft}:${c.path}`)]));
  const differ = changed.flatMap(({ path }, i) => (onLive[i] === inDrafts[i] ? [] : [{ path, live: onLive[i] ?? null, draft: inDrafts[i] ?? null }]));
  // Every waiting file's saves in one log, and every version they made in one ask: a few Git processes whatever the number of files.
  const saves = await clone.logFiles(
    `${base}..${draft}`,
    differ.map((c) => c.path),
    { noMerges: true },
  );
  const pairs = saves.flatMap(({ files, ...commit }) => files.map((path) => ({ commit, path })));
  const versions = await clone.blobs(pairs.map(({ commit, path }) => `${commit.commit}:${path}`));
  const files = differ.map(({ path, live: published, draft: drafted }): Waiting => {
    const status: WaitingFile["status"] = published === null ? "added" : drafted === null ? "deleted" : "changed";
    const mine = pairs.flatMap((pair, i) => (pair.path === path ? [{ commit: pair.commit, version: versions[i] ?? null }] : []));
    // Saves up to a version that is the live one were published already (on their own): not waiting.
    const upTo = mine.findIndex((m) => m.version === published);
    const all = mine.map((m) => m.commit);
    return { path, status, commits: upTo === -1 ? all : all.slice(0, upTo) };
  });
  return files.sort((a, b) => (b.commits[0]?.date ?? "").localeCompare(a.commits[0]?.date ?? ""));
}

/** The two halves of a list of even length. */
const halves = <T>(list: T[]): [T[], T[]] => [list.slice(0, list.length / 2), list.slice(list.length / 2)];

/** The changes on the drafts branch that are not published yet: how many, who made them, the latest `limit`, newest first, and by file. */
export async function pending(clone: Clone, title: (path: string) => Promise<string> | string = (p) => p, limit = LATEST_PENDING): Promise<PendingChanges> {
  const waiting = await waitingFiles(clone);
  const commits = new Map<string, Commit>();
  for (const file of waiting) for (const c of file.commits) commits.set(c.commit, c);
  const all = [...commits.values()].sort((a, b) => b.date.localeCompare(a.date));
  const none = new Set<string>();
  return {
    count: all.length,
    changes: all.slice(0, limit).map((c) => version(c, none)),
    by: tally(all),
    files: await Promise.all(
      waiting.map(async (f) => ({
        path: f.path,
        title: await title(f.path),
        status: f.status,
        count: f.commits.length,
        changes: f.commits.slice(0, LATEST_PER_FILE).map((c) => version(c, none)),
        by: tally(f.commits),
      })),
    ),
  };
}

/** Content files whose drafts differ from the published site: for the builder's Changes view. */
export async function unpublished(clone: Clone): Promise<FileChange[]> {
  const { drafts } = clone.options;
  const out: FileChange[] = [];
  for (const { path, status } of await clone.changedFiles(clone.live, drafts, ["site-config", "public/media"])) {
    const json = path.endsWith(".json");
    out.push({
      path,
      status,
      diff: await clone.diff(clone.live, path, drafts),
      head: json ? await clone.show(clone.live, path) : null,
      current: json ? await clone.show(drafts, path) : null,
    });
  }
  return out;
}

/** Puts `path` back as it was at `commit`, as a new commit on the drafts branch by `who`. */
export async function restore(clone: Clone, path: string, commit: string, who: Person, title: string): Promise<string | null> {
  const text = await clone.show(commit, path);
  if (text === null) throw new Error(`${path} was not there in that version.`);
  const [then] = await clone.log([commit], { limit: 1 });
  writeFileDurably(join(clone.dir, path), text);
  const day = new Date(then?.date ?? "").toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  return clone.commitAs(who, `${title}: restored the version of ${day} UTC by ${then?.author ?? "someone"}`, [path]);
}
