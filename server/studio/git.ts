/**
 * The studio's Git: its own clone of the site's repository, checked out on the drafts branch.
 * Every operation goes through one queue, so a save's write and commit, a publish's merge and push
 * never interleave. Commits are flushed to disk (core.fsync), so an acknowledged save survives a
 * crash; after one, `recover` puts the clone back in a known state and says what it did.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface RepoOptions {
  /** The clone (created from `remote` if missing). */
  dir: string;
  /** Any Git URL or path; credentials come from the environment or the SSH agent, never from the studio. */
  remote: string;
  /** Where editors' saves go. */
  drafts: string;
  /** What the live site is built from. */
  published: string;
}

export interface Person {
  name: string;
  email: string;
}

export class GitError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
    readonly stdout: string,
  ) {
    super(message);
  }
}

/** The committer of every studio commit (the author is the editor). */
const COMMITTER = { GIT_COMMITTER_NAME: "Site studio", GIT_COMMITTER_EMAIL: "studio@localhost" };

export class Repo {
  private queue: Promise<unknown> = Promise.resolve();
  readonly dir: string;

  constructor(readonly options: RepoOptions) {
    this.dir = options.dir;
  }

  /** Runs `task` after every task queued before it, alone. */
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    const next = this.queue.then(task, task);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** git in the clone (or `cwd`), its output; a failure says which command and what Git said. */
  async git(args: string[], { cwd = this.dir, env = {} }: { cwd?: string; env?: Record<string, string> } = {}): Promise<string> {
    try {
      const { stdout } = await run("git", args, {
        cwd,
        env: { ...process.env, ...COMMITTER, GIT_TERMINAL_PROMPT: "0", LC_ALL: "C", ...env },
        maxBuffer: 64 * 1024 * 1024,
      });
      return stdout;
    } catch (err) {
      const stderr = String((err as { stderr?: string }).stderr ?? "").trim();
      throw new GitError(`git ${args[0]} failed: ${stderr || (err as Error).message}`, stderr, String((err as { stdout?: string }).stdout ?? ""));
    }
  }

  /** True when `git` succeeds (a check such as merge-base --is-ancestor). */
  async holds(args: string[]): Promise<boolean> {
    return this.git(args).then(
      () => true,
      () => false,
    );
  }

  /** Clones the remote on first use; checks out the drafts branch (made from the published one if new). */
  async open(): Promise<string[]> {
    const { remote, drafts, published } = this.options;
    const said: string[] = [];
    const fresh = !existsSync(join(this.dir, ".git"));
    if (fresh) {
      mkdirSync(dirname(this.dir), { recursive: true });
      await this.git(["clone", "--quiet", "--no-checkout", remote, this.dir], { cwd: dirname(this.dir) });
      said.push(`Cloned ${remote} into ${this.dir}.`);
    }
    // Commits and refs are flushed to disk: an acknowledged save survives a power cut.
    await this.git(["config", "core.fsync", "committed,reference"]);
    await this.git(["config", "core.fsyncMethod", "fsync"]);
    await this.git(["config", "merge.conflictStyle", "merge"]);
    await this.git(["fetch", "--quiet", "origin"]);
    if (!(await this.holds(["rev-parse", "--verify", "--quiet", `refs/heads/${drafts}`]))) {
      const start = (await this.holds(["rev-parse", "--verify", "--quiet", `refs/remotes/origin/${drafts}`])) ? `origin/${drafts}` : `origin/${published}`;
      await this.git(["branch", drafts, start]);
      said.push(`Started the ${drafts} branch from ${start}.`);
    }
    // A clone made just now has no files yet (--no-checkout): nothing of a save to put back.
    said.push(...(await this.recover(fresh)));
    // A publish pushed but stopped before the drafts caught up (a crash): they catch up now.
    if (
      (await this.git(["rev-parse", drafts])).trim() !== (await this.git(["rev-parse", `origin/${published}`])).trim() &&
      (await this.holds(["merge-base", "--is-ancestor", drafts, `origin/${published}`]))
    ) {
      await this.git(["merge", "--quiet", "--ff-only", `origin/${published}`]);
      said.push(`The drafts caught up with the published site (${published}), which already had them.`);
    }
    return said;
  }

  /**
   * After a crash: no stale lock, no merge in progress, no temporary worktree, the drafts branch
   * checked out, and a file written but never committed (its save was never confirmed) put back.
   */
  async recover(fresh = false): Promise<string[]> {
    const said: string[] = [];
    for (const lock of ["index.lock", "HEAD.lock"]) {
      if (existsSync(join(this.dir, ".git", lock))) {
        rmSync(join(this.dir, ".git", lock), { force: true });
        said.push(`Removed a lock file left by an interrupted Git command (.git/${lock}).`);
      }
    }
    if (existsSync(join(this.dir, ".git", "MERGE_HEAD"))) {
      await this.git(["merge", "--abort"]);
      said.push("Stopped a merge left half done.");
    }
    const work = join(dirname(this.dir), "work");
    if (existsSync(work))
      for (const left of readdirSync(work)) {
        rmSync(join(work, left), { recursive: true, force: true });
        said.push(`Removed an unfinished publish's folder (${left}).`);
      }
    // After the folders are gone: Git forgets the worktrees whose folder is missing.
    await this.git(["worktree", "prune"]);
    // Looked at before the checkout, which would put such a file back without a word.
    const dirty = (await this.git(["status", "--porcelain", "--untracked-files=all"])).trimEnd();
    await this.git(["checkout", "--quiet", "--force", this.options.drafts]);
    if (dirty && !fresh) {
      await this.git(["reset", "--quiet", "--hard", "HEAD"]);
      await this.git(["clean", "--quiet", "-fd"]);
      said.push(
        `Put back files written by a save that was not finished (not confirmed to its editor): ${dirty
          .split("\n")
          .map((l) => l.slice(3))
          .join(", ")}.`,
      );
    }
    return said;
  }

  /** Commits `paths` (already written in the clone) on the drafts branch, with `author`; the new commit, or null if nothing changed. */
  async commit(paths: string[], author: Person, message: string): Promise<string | null> {
    await this.git(["add", "--all", "--", ...paths]);
    if (!(await this.git(["status", "--porcelain", "--", ...paths])).trim()) return null;
    await this.git(["commit", "--quiet", "--no-verify", `--author=${author.name} <${author.email}>`, "-m", message, "--", ...paths]);
    return (await this.git(["rev-parse", "HEAD"])).trim();
  }

  /** A file as it was at `commit` (null if it was not there). */
  async show(commit: string, path: string): Promise<string | null> {
    return this.git(["show", `${commit}:${path}`]).catch(() => null);
  }

  head = async (ref = "HEAD") => (await this.git(["rev-parse", ref])).trim();
}
