/**
 * A file's versions from Git (who, when, the message in plain words, and whether the live site has
 * it), what the drafts hold that is not published yet, and Restore (a new commit with an earlier
 * version, never a rewrite of history).
 */
import { join } from "node:path";
import type { Clone, Commit, Person } from "../builder/server/git.ts";
import type { FileChange, PendingChanges, Version } from "../builder/shared/types.ts";
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

/** The changes on the drafts branch that are not published yet: how many, who made them, and the latest `limit`, newest first. */
export async function pending(clone: Clone, limit = LATEST_PENDING): Promise<PendingChanges> {
  const range = `${clone.live}..${clone.options.drafts}`;
  const [count, latest, by] = await Promise.all([clone.count(range, { noMerges: true }), clone.log([range], { noMerges: true, limit }), clone.authors(range)]);
  return { count, changes: latest.map((c) => version(c, new Set())), by };
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
