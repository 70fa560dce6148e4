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

/**
 * A commit's author, given to Git as its own two settings rather than one "Name <address>" text:
 * whatever a name holds, it cannot change the address (accounts.ts also refuses such names).
 */
export const authorEnv = (author: Person) => ({ GIT_AUTHOR_NAME: author.name, GIT_AUTHOR_EMAIL: author.email });

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
  async git(args: string[], { cwd = this.dir, env = {}, input }: { cwd?: string; env?: Record<string, string>; input?: string } = {}): Promise<string> {
    try {
      const running = run("git", args, {
        cwd,
        // Paths are always taken literally: "site-config/*.json" is a file of that name, never every page.
        env: { ...process.env, ...COMMITTER, GIT_TERMINAL_PROMPT: "0", GIT_LITERAL_PATHSPECS: "1", LC_ALL: "C", ...env },
        maxBuffer: 64 * 1024 * 1024,
      });
      if (input !== undefined) running.child.stdin?.end(input);
      const { stdout } = await running;
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

  /**
   * Commits `paths` (already written in the clone) on the drafts branch, with `author`; the new
   * commit, or null if nothing changed. If it fails, the paths are put back as committed: nothing
   * of an unconfirmed save stays staged or on disk for the others to see.
   */
  async commit(paths: string[], author: Person, message: string): Promise<string | null> {
    try {
      await this.git(["add", "--all", "--", ...paths]);
      if (!(await this.git(["status", "--porcelain", "--", ...paths])).trim()) return null;
      await this.git(["commit", "--quiet", "--no-verify", "-m", message, "--", ...paths], { env: authorEnv(author) });
      return (await this.git(["rev-parse", "HEAD"])).trim();
    } catch (err) {
      await this.putBack(paths);
      throw err;
    }
  }

  /** `paths` as the drafts branch has them: unstaged, and written back (or removed, when not committed). */
  async putBack(paths: string[]): Promise<void> {
    await this.git(["reset", "--quiet", "HEAD", "--", ...paths]).catch(() => undefined);
    for (const path of paths) {
      if (await this.holds(["cat-file", "-e", `HEAD:${path}`])) await this.git(["checkout", "--quiet", "HEAD", "--", path]);
      else rmSync(join(this.dir, path), { force: true });
    }
  }

  /** A file as it was at `commit` (null if it was not there). */
  async show(commit: string, path: string): Promise<string | null> {
    return this.git(["show", `${commit}:${path}`]).catch(() => null);
  }

  head = async (ref = "HEAD") => (await this.git(["rev-parse", ref])).trim();
}

/**
 * Copies the drafts branch to the remote after each save, in the background: a save never waits
 * for it, and a lost server loses no acknowledged draft. A failed push is retried, waiting longer
 * each time (up to five minutes); until it succeeds, `state()` says how many saves are on this
 * server only, and why.
 */
export class DraftsMirror {
  private running: Promise<void> | null = null;
  private again = false;
  private retry: NodeJS.Timeout | null = null;
  private failures = 0;
  private error: string | null = null;
  private closed = false;

  constructor(private readonly repo: Repo) {}

  /** Pushes the drafts soon (once for any number of saves that come meanwhile). */
  push(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.running = this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run() {
    const { drafts } = this.repo.options;
    do {
      this.again = false;
      try {
        await this.repo.git(["push", "--quiet", "--porcelain", "origin", `refs/heads/${drafts}:refs/heads/${drafts}`]);
        this.error = null;
        this.failures = 0;
      } catch (err) {
        // --porcelain marks a refused ref with "!": the remote's branch moved; anything else is Git's own message.
        const refused = err instanceof GitError && err.stdout.split("\n").some((line) => line.startsWith("!\t"));
        const said = err instanceof GitError ? err.stderr : (err as Error).message;
        this.error = refused
          ? `the remote's ${drafts} branch has changes this studio does not have (someone pushed to it)`
          : (said.split("\n").find(Boolean) ?? "git push failed");
        this.failures++;
        if (!this.closed) this.retry = setTimeout(() => void this.push(), Math.min(300_000, 2_000 * 2 ** (this.failures - 1))).unref();
        return;
      }
    } while (this.again);
  }

  /** Saves not on the remote yet (0 when it has them all), and why not, if a push failed. */
  async state(): Promise<{ behind: number; error: string | null }> {
    const { drafts, published } = this.repo.options;
    const remote = (await this.repo.holds(["rev-parse", "--verify", "--quiet", `refs/remotes/origin/${drafts}`])) ? `origin/${drafts}` : `origin/${published}`;
    const behind = Number((await this.repo.git(["rev-list", "--count", `${remote}..${drafts}`]).catch(() => "0")).trim());
    return { behind, error: behind > 0 ? this.error : null };
  }

  close() {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
  }
}
