/**
 * A file's versions from Git (who, when, the message in plain words, and whether the live site has
 * it), one version's text, what the drafts hold that is not published yet, and Restore (a new
 * commit with an earlier version, never a rewrite of history).
 */
import { writeFileDurably } from "./durable.ts";
import { join } from "node:path";
import type { FileChange, Version } from "../builder/shared/types.ts";
import type { Person, Repo } from "./git.ts";

/** Git's fields for one commit, separated by a character no field holds. */
const FORMAT = ["%H", "%an", "%ae", "%aI", "%s"].join("%x1f");

function versions(out: string, live: ReadonlySet<string>): Version[] {
  return out
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [commit = "", author = "", email = "", date = "", message = ""] = line.split("\x1f");
      return { commit, author, email, date, message, published: live.has(commit) };
    });
}

/**
 * Every version of `path` that ever existed on either side, newest first: the drafts' and the
 * published branch's, including the side a publish set aside when both changed the same thing
 * (plain `git log` simplifies those away). A merge is a version only when it made a file neither
 * side had (a section-by-section merge), not when it kept one side's.
 */
export async function fileHistory(repo: Repo, path: string, limit = 100): Promise<Version[]> {
  const { drafts, published } = repo.options;
  const sides = [drafts, `origin/${published}`];
  const commits = (await repo.git(["log", "--full-history", `-${limit * 2}`, `--format=%P%x1f${FORMAT}`, ...sides, "--", path]))
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [parents = "", ...rest] = line.split("\x1f");
      return { commit: rest[0] ?? "", parents: parents.split(" ").filter(Boolean), line: rest.join("\x1f") };
    });
  // The file's content (its blob) in each commit, in each merge's parents and at both ends, asked of Git at once.
  const asked = [...new Set([...sides, ...commits.flatMap((c) => [c.commit, ...(c.parents.length > 1 ? c.parents : [])])])];
  const answers = (await repo.git(["cat-file", "--batch-check=%(objectname)"], { input: asked.map((c) => `${c}:${path}\n`).join("") })).split("\n");
  const blob = new Map(asked.map((c, i) => [c, answers[i]?.endsWith(" missing") ? null : (answers[i] ?? null)]));
  const kept = commits.filter((c) => c.parents.length < 2 || c.parents.every((p) => blob.get(p) !== blob.get(c.commit))).slice(0, limit);
  // Published: what plain history of the published branch explains; set aside: what neither side's plain history does.
  const plain = async (ref: string) => new Set((await repo.git(["rev-list", ref, "--", path])).split("\n").filter(Boolean));
  const [live, draft] = await Promise.all([plain(`origin/${published}`), plain(drafts)]);
  return versions(kept.map((c) => c.line).join("\n"), live).map((v) => ({
    ...v,
    live: blob.get(v.commit) === blob.get(`origin/${published}`),
    draft: blob.get(v.commit) === blob.get(drafts),
    setAside: !live.has(v.commit) && !draft.has(v.commit),
  }));
}

/** The changes on the drafts branch that are not published yet, newest first, and who made them. */
export async function pending(repo: Repo): Promise<{ changes: Version[]; by: { name: string; count: number }[] }> {
  const changes = versions(await repo.git(["log", "--no-merges", `--format=${FORMAT}`, `origin/${repo.options.published}..${repo.options.drafts}`]), new Set());
  const by = new Map<string, number>();
  for (const c of changes) by.set(c.author, (by.get(c.author) ?? 0) + 1);
  return { changes, by: [...by].map(([name, count]) => ({ name, count })) };
}

/** Content files whose drafts differ from the published site: for the builder's Changes view. */
export async function unpublished(repo: Repo): Promise<FileChange[]> {
  const { drafts, published } = repo.options;
  const fields = (await repo.git(["diff", "--name-status", "-z", "--no-renames", `origin/${published}`, drafts, "--", "site-config", "public/media"])).split(
    "\0",
  );
  const out: FileChange[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const [code, path] = [fields[i] as string, fields[i + 1] as string];
    const json = path.endsWith(".json");
    out.push({
      path,
      status: code === "A" ? "added" : code === "D" ? "deleted" : "changed",
      diff: await repo.git(["diff", `origin/${published}`, drafts, "--", path]),
      head: json ? await repo.show(`origin/${published}`, path) : null,
      current: json ? await repo.show(drafts, path) : null,
    });
  }
  return out;
}

/** Puts `path` back as it was at `commit`, as a new commit on the drafts branch by `who`. */
export async function restore(repo: Repo, path: string, commit: string, who: Person, title: string): Promise<string | null> {
  const text = await repo.show(commit, path);
  if (text === null) throw new Error(`${path} was not there in that version.`);
  const [date = "", author = ""] = (await repo.git(["log", "-1", "--format=%aI%x1f%an", commit])).trim().split("\x1f");
  writeFileDurably(join(repo.dir, path), text);
  const day = new Date(date).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  return repo.commit([path], who, `${title}: restored the version of ${day} UTC by ${author}`);
}
