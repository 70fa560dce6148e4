/**
 * Git, in one module, spoken in verbs: nothing else in the builder or the studio runs `git`. A
 * `Git` is one working folder (the project under `npm run edit`, the studio's clone, a publish's
 * temporary worktree); a `Clone` is the studio's own clone of the site's repository, checked out on
 * the drafts branch, with its queue and its recovery after a crash. Paths are always taken
 * literally ("site-config/*.json" is a file of that name, never every page); commits are flushed
 * to disk; an author is given to Git as a name and an address apart, so no name can change the
 * address. A failure says which command and what Git said.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Git commands that only read: anything else may move a branch or change the index. */
const READS = new Set(["rev-parse", "show", "cat-file", "log", "merge-base", "diff", "rev-list", "status", "ls-files", "ls-tree"]);

/**
 * Counts the commands that may have changed any repository this process works in (before and
 * after each): an answer read from Git at one count holds until the count moves.
 */
let changes = 0;
export const gitChanges = () => changes;

/**
 * `read`, asked once for each `key` of its arguments while no Git command changes anything: every
 * open builder asks the same answers after each change. A failure is not kept.
 */
export function oncePerChange<A extends unknown[], T>(read: (...args: A) => Promise<T>, key: (...args: A) => string = () => ""): (...args: A) => Promise<T> {
  let at = -1;
  let answers = new Map<string, Promise<T>>();
  return (...args) => {
    if (at !== changes) {
      at = changes;
      answers = new Map();
    }
    const k = key(...args);
    const known = answers.get(k);
    if (known) return known;
    const value = read(...args);
    const kept = answers;
    kept.set(k, value);
    value.catch(() => {
      if (kept.get(k) === value) kept.delete(k);
    });
    return value;
  };
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

/** One commit as the history shows it. */
export interface Commit {
  commit: string;
  parents: string[];
  author: string;
  email: string;
  /** ISO 8601. */
  date: string;
  subject: string;
}

/** The committer of every commit made here (the author is the person who made the change). */
const COMMITTER = { GIT_COMMITTER_NAME: "Site studio", GIT_COMMITTER_EMAIL: "studio@localhost" };

const authorEnv = (author: Person) => ({ GIT_AUTHOR_NAME: author.name, GIT_AUTHOR_EMAIL: author.email });

/** Git's fields for one commit: separated by a character no field holds, one commit per record. */
const LOG_FORMAT = ["%H", "%P", "%an", "%ae", "%aI", "%s"].join("%x1f");

function commits(out: string): Commit[] {
  return out
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [commit = "", parents = "", author = "", email = "", date = "", subject = ""] = line.split("\x1f");
      return { commit, parents: parents.split(" ").filter(Boolean), author, email, date, subject };
    });
}

export interface LogOptions {
  /** Only commits that touched these paths. */
  paths?: string[];
  /** Every commit that touched them on any side of a merge, not only those plain history keeps. */
  fullHistory?: boolean;
  noMerges?: boolean;
  limit?: number;
}

export class Git {
  constructor(readonly dir: string) {}

  /** git in this folder: its output, or a GitError. */
  protected async git(args: string[], { env = {}, input, cwd = this.dir }: { env?: Record<string, string>; input?: string; cwd?: string } = {}) {
    const writes = !READS.has(args[0] as string);
    if (writes) changes++;
    try {
      const running = run("git", args, {
        cwd,
        env: { ...process.env, ...COMMITTER, GIT_TERMINAL_PROMPT: "0", GIT_LITERAL_PATHSPECS: "1", LC_ALL: "C", ...env },
        maxBuffer: 64 * 1024 * 1024,
      });
      if (input !== undefined) running.child.stdin?.end(input);
      return (await running).stdout;
    } catch (err) {
      const stderr = String((err as { stderr?: string }).stderr ?? "").trim();
      throw new GitError(`git ${args[0]} failed: ${stderr || (err as Error).message}`, stderr, String((err as { stdout?: string }).stdout ?? ""));
    } finally {
      if (writes) changes++;
    }
  }

  private holds(args: string[]): Promise<boolean> {
    return this.git(args).then(
      () => true,
      () => false,
    );
  }

  /** Whether this folder is in a Git repository at all. */
  isRepository = () => this.holds(["rev-parse", "--git-dir"]);

  /** The commit a ref names. */
  head = async (ref = "HEAD") => (await this.git(["rev-parse", ref])).trim();

  /** The commits several refs name, in one Git process. */
  heads = async (...refs: string[]) => (await this.git(["rev-parse", ...refs])).trim().split("\n");

  /** Whether a ref exists. */
  exists = (ref: string) => this.holds(["rev-parse", "--verify", "--quiet", ref]);

  /** The newest commit both `a` and `b` have in their history. */
  commonBase = async (a: string, b: string) => (await this.git(["merge-base", a, b])).trim();

  /** Whether `ancestor` is in the history of `of`. */
  isAncestor = (ancestor: string, of: string) => this.holds(["merge-base", "--is-ancestor", ancestor, of]);

  /** A file as it was at `ref` (null if it was not there). */
  show(ref: string, path: string): Promise<string | null> {
    return this.git(["show", `${ref}:${path}`]).catch(() => null);
  }

  /** The content's object id of each "ref:path" (null: not there), asked at once. */
  async blobs(specs: string[]): Promise<(string | null)[]> {
    if (specs.length === 0) return [];
    const lines = (await this.git(["cat-file", "--batch-check=%(objectname)"], { input: specs.map((s) => `${s}\n`).join("") })).split("\n");
    return specs.map((_, i) => (lines[i] === undefined || lines[i].endsWith(" missing") ? null : lines[i]));
  }

  /** Commits reachable from `refs` (a range "a..b" is one of them), newest first. */
  async log(refs: string[], { paths, fullHistory, noMerges, limit }: LogOptions = {}): Promise<Commit[]> {
    const args = ["log", `--format=${LOG_FORMAT}`];
    if (fullHistory) args.push("--full-history");
    if (noMerges) args.push("--no-merges");
    if (limit) args.push(`-${limit}`);
    return commits(await this.git([...args, ...refs, "--", ...(paths ?? [])]));
  }

  /** Commits of `range` ("a..b") that changed any of `paths`, newest first, each with the ones of `paths` it changed: one Git process for any number of files. */
  async logFiles(range: string, paths: string[], { noMerges }: { noMerges?: boolean } = {}): Promise<(Commit & { files: string[] })[]> {
    if (paths.length === 0) return [];
    const out = await this.git(["log", `--format=%x1e${LOG_FORMAT}`, "--name-only", "-z", ...(noMerges ? ["--no-merges"] : []), range, "--", ...paths]);
    return out
      .split("\x1e")
      .filter(Boolean)
      .map((record) => {
        const [line = "", ...names] = record.split("\0");
        const [commit] = commits(line);
        return { ...(commit as Commit), files: names.map((n) => n.replace(/^\n/, "")).filter(Boolean) };
      });
  }

  /** The commits plain history keeps for `paths` from `ref` (those that explain what it holds). */
  async touching(ref: string, paths: string[]): Promise<Set<string>> {
    return new Set((await this.git(["rev-list", ref, "--", ...paths])).split("\n").filter(Boolean));
  }

  /** How many commits are in `range` ("a..b"). */
  async count(range: string, { noMerges = false } = {}): Promise<number> {
    return Number((await this.git(["rev-list", "--count", ...(noMerges ? ["--no-merges"] : []), range])).trim());
  }

  /** The files that differ between two commits under `paths`. */
  async changedFiles(from: string, to: string, paths: string[]): Promise<{ path: string; status: "added" | "changed" | "deleted" }[]> {
    const fields = (await this.git(["diff", "--name-status", "-z", "--no-renames", from, to, "--", ...paths])).split("\0");
    const out: { path: string; status: "added" | "changed" | "deleted" }[] = [];
    for (let i = 0; i + 1 < fields.length; i += 2) {
      const code = fields[i] as string;
      out.push({ path: fields[i + 1] as string, status: code === "A" ? "added" : code === "D" ? "deleted" : "changed" });
    }
    return out;
  }

  /** The unified diff of `path` from `from` to `to` (to: the working folder when left out). */
  diff = (from: string, path: string, to?: string) => this.git(["diff", from, ...(to ? [to] : []), "--", path]);

  /** The files of the working folder that differ from the last commit under `paths` (new ones too). */
  async uncommitted(paths: string[]): Promise<{ path: string; status: "added" | "changed" | "deleted" }[]> {
    return (await this.git(["status", "--porcelain", "--untracked-files=all", "--", ...paths]))
      .split("\n")
      .filter(Boolean)
      .map((line) => {
        const code = line.slice(0, 2);
        const path = line.slice(3).replace(/^.* -> /, "");
        return { path, status: code === "??" ? "added" : code.includes("D") ? "deleted" : "changed" };
      });
  }

  /** Whether the last commit has `path`. */
  committed = (path: string, ref = "HEAD") => this.holds(["cat-file", "-e", `${ref}:${path}`]);

  /** `paths` as the last commit has them: unstaged, and written back (or removed, when not committed). */
  async putBack(paths: string[]): Promise<void> {
    await this.git(["reset", "--quiet", "HEAD", "--", ...paths]).catch(() => undefined);
    for (const path of paths) {
      if (await this.committed(path)) await this.git(["checkout", "--quiet", "HEAD", "--", path]);
      else rmSync(join(this.dir, path), { force: true });
    }
  }

  /**
   * Commits `paths` (already written in the folder, or deleted from it) on the branch checked out,
   * as `author`; the new commit, or null if nothing changed. If it fails, the paths are put back as
   * committed: nothing of an unconfirmed change stays staged or on disk.
   */
  async commitAs(author: Person, message: string, paths: string[]): Promise<string | null> {
    try {
      await this.git(["add", "--all", "--", ...paths]);
      if (!(await this.git(["status", "--porcelain", "--", ...paths])).trim()) return null;
      await this.git(["commit", "--quiet", "--no-verify", "-m", message, "--", ...paths], { env: authorEnv(author) });
      return await this.head();
    } catch (err) {
      await this.putBack(paths);
      throw err;
    }
  }

  /** The author and time of the last commit of `path` on `ref`. */
  lastChange(ref: string, path: string): Promise<{ name: string; date: string } | null> {
    return this.loggedChange(ref, path);
  }

  /** lastChange as Git's log says it (asked once per change of the repository: each open builder reads its file after a change). */
  protected loggedChange = oncePerChange(
    (ref: string, path: string): Promise<{ name: string; date: string } | null> =>
      this.log([ref], { paths: [path], limit: 1 }).then(
        ([last]) => (last ? { name: last.author, date: last.date } : null),
        () => null,
      ),
    (ref, path) => `${ref}\0${path}`,
  );
}

/** The kept worktree's folder under the clone's worktrees, and the mark that a publish is using it (it is removed at start if so). */
const KEPT = "publish";
const KEPT_BUSY = "publish.in-use";

/** A folder where the merge of a publish is made, apart from the clone (git worktree). */
export class Worktree extends Git {
  constructor(
    dir: string,
    private readonly clone: Clone,
    /** The clone's kept worktree (Clone.worktree `keep`): given back, not removed. */
    readonly kept = false,
  ) {
    super(dir);
  }

  /** Merges `ref` without committing: clean, or the files changed on both sides. */
  async merge(ref: string): Promise<{ clean: true } | { clean: false; conflicted: string[] }> {
    const clean = await this.git(["merge", "--no-ff", "--no-commit", ref]).then(
      () => true,
      () => false,
    );
    if (clean) return { clean: true };
    return { clean: false, conflicted: (await this.git(["diff", "--name-only", "--diff-filter=U"])).split("\n").filter(Boolean) };
  }

  /** A conflicted file as the two sides' common base, this side (the published) and the side merged in (the drafts) have it. */
  async sides(path: string): Promise<{ base: string | null; ours: string | null; theirs: string | null }> {
    const stage = (n: 1 | 2 | 3) => this.git(["show", `:${n}:${path}`]).catch(() => null);
    const [base, ours, theirs] = await Promise.all([stage(1), stage(2), stage(3)]);
    return { base, ours, theirs };
  }

  /** The commit both sides of the merge in progress come from. */
  mergeBase = async () => (await this.git(["merge-base", "HEAD", "MERGE_HEAD"])).trim();

  /** A file of the merge, written in the folder, marked as settled. */
  settle = async (path: string) => void (await this.git(["add", "--all", "--", path]));

  /** A conflicted file settled whole: this side's or the merged-in side's (removed if that side removed it). */
  async take(path: string, side: "ours" | "theirs"): Promise<void> {
    await this.git(["checkout", `--${side}`, "--", path]).catch(() => this.git(["rm", "--quiet", "--", path]));
    await this.settle(path);
  }

  abortMerge = async () => void (await this.git(["merge", "--abort"]).catch(() => undefined));

  /**
   * After a merge (settled): only `paths` keep what it brought, every other file is put back as this
   * side had it, and the merge is forgotten, so the commit that follows is a plain one with the
   * chosen files alone (a publish of some pages; the rest stays waiting in the drafts).
   */
  async narrow(paths: string[]): Promise<void> {
    const keep = new Set(paths);
    const staged = (await this.git(["diff", "--cached", "--name-only", "-z", "HEAD"])).split("\0").filter(Boolean);
    for (const path of staged.filter((p) => !keep.has(p))) {
      if (await this.committed(path)) await this.git(["checkout", "--quiet", "HEAD", "--", path]);
      else await this.git(["rm", "--quiet", "--cached", "--force", "--", path]).then(() => rmSync(join(this.dir, path), { force: true }));
    }
    await this.git(["merge", "--quit"]);
  }

  /** Whether anything is staged to commit. */
  staged = async () => (await this.git(["diff", "--cached", "--name-only", "HEAD"])).trim() !== "";

  /** Commits the merge as `author`; the new commit. */
  async commitMerge(author: Person, message: string): Promise<string> {
    await this.git(["commit", "--quiet", "--no-verify", "-m", message], { env: authorEnv(author) });
    return this.head();
  }

  /** Pushes the commit checked out here to `branch` on the remote: "refused" when the remote moved meanwhile. */
  pushTo(branch: string): Promise<"pushed" | "refused"> {
    return this.clone.talking(async () => {
      try {
        await this.git(["push", "--porcelain", "origin", `HEAD:refs/heads/${branch}`]);
        return "pushed";
      } catch (err) {
        // --porcelain marks a refused ref with "!" (the remote has commits this push does not).
        if (err instanceof GitError && err.stdout.split("\n").some((line) => line.startsWith("!\t"))) return "refused";
        throw err;
      }
    });
  }

  /** Nothing staged or changed, no merge in progress (a hard reset ends it), no file Git does not know; ignored files stay. */
  async tidy(): Promise<void> {
    await this.git(["reset", "--quiet", "--hard"]);
    await this.git(["clean", "--quiet", "-fd"]);
  }

  /** Removes the folder and Git's record of it; the kept worktree is given back to the clone instead. */
  async remove(): Promise<void> {
    if (this.kept) await this.clone.giveBack(this);
    else await this.clone.removeWorktree(this.dir);
  }
}

export interface CloneOptions {
  /** The clone (created from `remote` if missing). */
  dir: string;
  /** Any Git URL or path; credentials come from the environment or the SSH agent, never from the studio. */
  remote: string;
  /** Where editors' saves go. */
  drafts: string;
  /** What the live site is built from. */
  published: string;
}

/** A save written to the clone, waiting for its commit. */
interface Written {
  author: Person;
  message: string;
  path: string;
  text: string;
  done: (commit: string) => void;
  failed: (err: unknown) => void;
}

/** How many commit passes (each a small pack) between two joins of the small packs. */
const PACK_EVERY = 25;
/** A join waits for the saves to pause this long (it would slow the saves beside it)... */
const PACK_IDLE_MS = 1500;
/** ...unless this many more passes came meanwhile (a team that never pauses). */
const PACK_AT_MOST = 4 * PACK_EVERY;

/** A name or address as Git's import stream takes it: no line break, no angle bracket. */
const identity = (text: string) => text.replace(/[\p{Cc}<>]/gu, "");

/**
 * Commits `writes` on `branch`, one commit each in order (author, message, the file's new text),
 * in one `git fast-import`, which moves the branch only forward; the new commits.
 */
async function importCommits(clone: Clone, branch: string, writes: Written[], seconds: number): Promise<string[]> {
  const data = (text: string) => `data ${Buffer.byteLength(text)}\n${text}\n`;
  const when = `${seconds} +0000`;
  const parts: string[] = [];
  writes.forEach((w, i) => {
    if (/[\p{Cc}]/u.test(w.path) || w.path.startsWith('"')) throw new GitError(`git fast-import: a path it cannot take: ${JSON.stringify(w.path)}`, "", "");
    parts.push(
      `commit ${branch}\nmark :${i + 1}\n`,
      `author ${identity(w.author.name)} <${identity(w.author.email)}> ${when}\n`,
      `committer ${COMMITTER.GIT_COMMITTER_NAME} <${COMMITTER.GIT_COMMITTER_EMAIL}> ${when}\n`,
      data(w.message),
      i === 0 ? `from ${branch}^0\n` : "",
      `M 100644 inline ${w.path}\n`,
      data(w.text),
      "\n",
    );
  });
  parts.push(...writes.map((_, i) => `get-mark :${i + 1}\n`), "done\n");
  const made = (await clone.fastImport(parts.join(""))).split("\n").filter(Boolean);
  if (made.length !== writes.length) throw new GitError(`git fast-import made ${made.length} commits of ${writes.length}`, "", made.join("\n"));
  return made;
}

/**
 * The studio's clone, checked out on the drafts branch. Every write goes through one queue, so a
 * save's write and commit, a publish's merge and push never interleave. After a crash, `recover`
 * puts it back in a known state and says what it did.
 */
export class Clone extends Git {
  private queue: Promise<unknown> = Promise.resolve();
  private remote: Promise<unknown> = Promise.resolve();

  constructor(readonly options: CloneOptions) {
    super(options.dir);
  }

  /** The remote's published branch, as last fetched. */
  get live() {
    return `origin/${this.options.published}`;
  }

  /** Runs `task` after every task queued before it, alone (saves written before it committed first). */
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    return this.inTurn(async () => {
      await this.commitWritten();
      await this.repacking;
      try {
        return await task();
      } finally {
        // It may have moved the drafts (a publish taken in, a restore): Git says who changed what from here.
        this.savedBy.clear();
      }
    });
  }

  /**
   * Who last changed each file of the drafts and when, as the save commits made here said, for as
   * long as nothing else moved the drafts (a task in `exclusive`, a recovery). Each open builder
   * reads its file after each colleague's save: this spares starting a Git process for each read.
   */
  private readonly savedBy = new Map<string, { name: string; date: string }>();

  override lastChange(ref: string, path: string): Promise<{ name: string; date: string } | null> {
    const known = ref === this.options.drafts ? this.savedBy.get(path) : undefined;
    return known ? Promise.resolve(known) : this.loggedChange(ref, path);
  }

  /**
   * Runs `task`, a save's write, in the clone's turn; the save is committed by `commitSoon` (which
   * the task calls before it ends) together with the others written before that commit's turn.
   */
  writing<T>(task: () => Promise<T>): Promise<T> {
    return this.inTurn(task);
  }

  private inTurn<T>(task: () => Promise<T>): Promise<T> {
    const next = this.queue.then(task, task);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Saves written and waiting for their commit, in the order written. */
  private written: Written[] = [];
  private commitQueued = false;
  /** Commit passes made (commitWritten) since the studio started. */
  private imports = 0;

  /**
   * Commits `text`, just written to `path` (within `writing`), as `author`: each save its own
   * commit, those written meanwhile made in one pass (one `git fast-import`, one index update).
   * The new commit; if it fails, the files are put back as committed.
   */
  commitSoon(author: Person, message: string, path: string, text: string): Promise<string> {
    return new Promise((done, failed) => {
      this.written.push({ author, message, path, text, done, failed });
      if (this.commitQueued) return;
      this.commitQueued = true;
      void this.inTurn(() => this.commitWritten());
    });
  }

  private async commitWritten() {
    this.commitQueued = false;
    const batch = this.written.splice(0);
    if (batch.length === 0) return;
    const paths = [...new Set(batch.map((w) => w.path))];
    try {
      const seconds = Math.floor(Date.now() / 1000);
      const made = await importCommits(this, `refs/heads/${this.options.drafts}`, batch, seconds);
      // The index as the new commits have it (the files are already on disk): nothing shows as changed.
      await this.git(["update-index", "--add", "--", ...paths]);
      // As `git log --format=%aI` would say it.
      const date = `${new Date(seconds * 1000).toISOString().slice(0, 19)}+00:00`;
      for (const w of batch) this.savedBy.set(w.path, { name: identity(w.author.name), date });
      for (const [i, w] of batch.entries()) w.done(made[i] as string);
      this.packWhenIdle(++this.imports);
    } catch (err) {
      await this.putBack(paths).catch(() => undefined);
      for (const w of batch) w.failed(err);
    }
  }

  /** The join of small packs under way, if any. */
  private repacking: Promise<void> | null = null;
  /** The commit passes counted at the last join, and the timer of the next one. */
  private packedAt = 0;
  private packTimer: NodeJS.Timeout | undefined;

  /** Joins the small packs once PACK_EVERY passes were made, when the saves pause (or at once after PACK_AT_MOST). */
  private packWhenIdle(passes: number) {
    if (passes - this.packedAt < PACK_EVERY) return;
    clearTimeout(this.packTimer);
    const join = () => {
      this.packedAt = this.imports;
      this.joinPacks();
    };
    if (passes - this.packedAt >= PACK_AT_MOST) return join();
    this.packTimer = setTimeout(join, PACK_IDLE_MS);
    this.packTimer.unref();
  }

  /**
   * Joins the small packs the commit passes wrote, beside the saves (Git lets a repack run beside
   * writers), one at a time; a publish and the studio's stop wait for it (`exclusive`).
   */
  private joinPacks() {
    // One thread: the other core stays free for the saves meanwhile.
    this.repacking ??= this.git(["-c", "pack.threads=1", "repack", "-d", "-q", "--geometric=2"]).then(
      () => {
        this.repacking = null;
      },
      () => {
        this.repacking = null;
      },
    );
  }

  /** git fast-import in this clone (importCommits). */
  fastImport = (stream: string) => this.git(["fast-import", "--quiet", "--done"], { input: stream });

  /**
   * Runs `task`, a fetch or a push, after every one before it: each updates the remote-tracking
   * branches, and two at once fail to lock them. Apart from the clone's queue: saves go on meanwhile.
   */
  talking<T>(task: () => Promise<T>): Promise<T> {
    const next = this.remote.then(task, task);
    this.remote = next.catch(() => undefined);
    return next;
  }

  /** The remote's branches as they are now. */
  fetch = () => this.talking(async () => void (await this.git(["fetch", "--quiet", "origin"])));

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
    // Packs' indexes too: a save's commit may be written as a small pack (fast-import).
    await this.git(["config", "core.fsync", "committed,reference,derived-metadata"]);
    await this.git(["config", "core.fsyncMethod", "fsync"]);
    await this.git(["config", "merge.conflictStyle", "merge"]);
    // A save's objects stay in fast-import's small pack, written once, instead of loose files, each
    // flushed to disk by a second process; a geometric repack every PACK_EVERY passes joins the small packs.
    await this.git(["config", "fastimport.unpackLimit", "1"]);
    await this.fetch();
    if (!(await this.exists(`refs/heads/${drafts}`))) {
      const start = (await this.exists(`refs/remotes/origin/${drafts}`)) ? `origin/${drafts}` : `origin/${published}`;
      await this.git(["branch", drafts, start]);
      said.push(`Started the ${drafts} branch from ${start}.`);
    }
    // A clone made just now has no files yet (--no-checkout): nothing of a save to put back.
    said.push(...(await this.recover(fresh)));
    // A publish pushed but stopped before the drafts caught up (a crash): they catch up now.
    if ((await this.head(drafts)) !== (await this.head(this.live)) && (await this.isAncestor(drafts, this.live))) {
      await this.fastForward(this.live);
      said.push(`The drafts caught up with the published site (${published}), which already had them.`);
    }
    return said;
  }

  /** The drafts branch moved forward to `commit` (which has it in its history). */
  fastForward = async (commit: string) => void (await this.git(["merge", "--quiet", "--ff-only", commit]));

  /**
   * The drafts branch (checked out) takes in `commit`, a publish of `snapshot`: a fast-forward when
   * nothing was saved since the snapshot, else a merge commit by `author`. "later" when that merge
   * would conflict: left undone, the next publish merges the same (what is live is in its history).
   */
  async catchUp(commit: string, snapshot: string, author: Person, message: string): Promise<"fast-forward" | "merged" | "later"> {
    // A publish of some files is not built on the drafts: it is merged in, never fast-forwarded to.
    if ((await this.head(this.options.drafts)) === snapshot && (await this.isAncestor(snapshot, commit))) {
      await this.fastForward(commit);
      return "fast-forward";
    }
    try {
      await this.git(["merge", "--quiet", "--no-ff", "--no-edit", "-m", message, commit], { env: authorEnv(author) });
      return "merged";
    } catch {
      if (existsSync(join(this.dir, ".git", "MERGE_HEAD"))) await this.git(["merge", "--abort"]);
      return "later";
    }
  }

  /** Who made the commits of `range` ("a..b", merges left out), with how many each, most first. */
  async authors(range: string): Promise<{ name: string; count: number }[]> {
    const counts = new Map<string, number>();
    for (const name of (await this.git(["log", "--no-merges", "--format=%an", range])).split("\n").filter(Boolean))
      counts.set(name, (counts.get(name) ?? 0) + 1);
    return [...counts].map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count);
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
    const work = this.worktrees();
    this.kept = undefined;
    this.savedBy.clear();
    // The kept worktree stays when no publish was using it; else it goes like any other.
    const keptBusy = existsSync(join(work, KEPT_BUSY));
    if (existsSync(work))
      for (const left of readdirSync(work)) {
        if (left === KEPT_BUSY || (left === KEPT && !keptBusy)) continue;
        rmSync(join(work, left), { recursive: true, force: true });
        said.push(`Removed an unfinished publish's folder (${left}).`);
      }
    rmSync(join(work, KEPT_BUSY), { force: true });
    // After the folders are gone: Git forgets the worktrees whose folder is missing.
    await this.git(["worktree", "prune"]);
    if (existsSync(join(work, KEPT))) {
      const kept = new Worktree(join(work, KEPT), this, true);
      await kept.tidy().then(
        () => (this.kept = { dir: kept.dir, busy: false }),
        () => this.removeWorktree(kept.dir),
      );
    }
    // Looked at before the checkout, which would put such a file back without a word.
    const dirty = await this.uncommitted([]);
    await this.git(["checkout", "--quiet", "--force", this.options.drafts]);
    if (dirty.length > 0 && !fresh) {
      await this.git(["reset", "--quiet", "--hard", "HEAD"]);
      await this.git(["clean", "--quiet", "-fd"]);
      said.push(`Put back files written by a save that was not finished (not confirmed to its editor): ${dirty.map((d) => d.path).join(", ")}.`);
    }
    return said;
  }

  /** Where temporary worktrees go: beside the clone, swept at start. */
  private worktrees = () => join(dirname(this.dir), "work");

  /** The worktree kept between publishes, and whether one is using it. */
  private kept: { dir: string; busy: boolean } | undefined;

  /**
   * A worktree of `ref`, detached: a new temporary one named after `name` (publish, deploy), or
   * with `keep` the clone's kept one when it is free, whose ignored files (node_modules, the last
   * build) stay between uses, so a publish builds over its own last build. Given back by remove().
   */
  async worktree(ref: string, name: string, { keep = false } = {}): Promise<Worktree> {
    if (keep && this.kept && !this.kept.busy) {
      const kept = this.kept;
      kept.busy = true;
      writeFileSync(join(this.worktrees(), KEPT_BUSY), "");
      try {
        await this.git(["checkout", "--quiet", "--detach", "--force", ref], { cwd: kept.dir });
        await this.git(["clean", "--quiet", "-fd"], { cwd: kept.dir });
        return new Worktree(kept.dir, this, true);
      } catch (error) {
        this.kept = undefined;
        await this.removeWorktree(kept.dir);
        throw error;
      }
    }
    const made = keep && !this.kept;
    const dir = join(this.worktrees(), made ? KEPT : name);
    mkdirSync(dirname(dir), { recursive: true });
    if (made) writeFileSync(join(this.worktrees(), KEPT_BUSY), "");
    await this.git(["worktree", "add", "--quiet", "--detach", dir, ref]);
    if (made) this.kept = { dir, busy: true };
    return new Worktree(dir, this, made);
  }

  /** The kept worktree back, with no merge in progress and nothing changed; removed if that fails. */
  async giveBack(work: Worktree): Promise<void> {
    if (!this.kept || this.kept.dir !== work.dir) return this.removeWorktree(work.dir);
    try {
      await work.tidy();
      this.kept.busy = false;
      rmSync(join(this.worktrees(), KEPT_BUSY), { force: true });
    } catch {
      this.kept = undefined;
      rmSync(join(this.worktrees(), KEPT_BUSY), { force: true });
      await this.removeWorktree(work.dir);
    }
  }

  async removeWorktree(dir: string): Promise<void> {
    await this.git(["worktree", "remove", "--force", dir]).catch(() => rmSync(dir, { recursive: true, force: true }));
  }

  /** Pushes a local branch to the remote's branch of the same name: "refused" when the remote has commits it does not. */
  pushBranch(branch: string): Promise<"pushed" | "refused"> {
    return this.talking(async () => {
      try {
        await this.git(["push", "--quiet", "--porcelain", "origin", `refs/heads/${branch}:refs/heads/${branch}`]);
        return "pushed";
      } catch (err) {
        if (err instanceof GitError && err.stdout.split("\n").some((line) => line.startsWith("!\t"))) return "refused";
        throw err;
      }
    });
  }
}

/** The least time from the start of one push of the drafts to the start of the next. */
const MIRROR_GAP_MS = 1000;

/**
 * Copies the drafts branch to the remote after each save, in the background: a save never waits
 * for it, and a lost server loses no acknowledged draft. Saves made during a push go together, a
 * second after it began. A failed push is retried, waiting longer each time (up to five minutes);
 * until it succeeds, `state()` says how many saves are on this server only, and why.
 */
export class DraftsMirror {
  private running: Promise<void> | null = null;
  private again = false;
  private retry: NodeJS.Timeout | null = null;
  private failures = 0;
  private error: string | null = null;
  private closed = false;

  constructor(private readonly clone: Clone) {}

  private holds = 0;
  private held = false;
  /** When the last push began (ms since the epoch). */
  private lastPush = 0;

  /**
   * Holds the pushes until the returned function is called (while a publish builds, the machine is
   * its); then pushes what was saved meanwhile.
   */
  hold(): () => void {
    this.holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds--;
      if (this.holds === 0 && this.held) {
        this.held = false;
        void this.push();
      }
    };
  }

  /** Pushes the drafts soon (once for any number of saves that come meanwhile). */
  push(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.holds > 0) {
      this.held = true;
      return Promise.resolve();
    }
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
    const { drafts } = this.clone.options;
    do {
      this.again = false;
      // One push a second at most: the saves of a busy team go together, a moment later.
      const wait = MIRROR_GAP_MS - (Date.now() - this.lastPush);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (this.closed) return;
      if (this.holds > 0) {
        this.held = true;
        return;
      }
      this.lastPush = Date.now();
      let error: string | null = null;
      try {
        if ((await this.clone.pushBranch(drafts)) === "refused")
          error = `the remote's ${drafts} branch has changes this studio does not have (someone pushed to it)`;
      } catch (err) {
        error = (err instanceof GitError ? err.stderr : (err as Error).message).split("\n").find(Boolean) ?? "git push failed";
      }
      this.error = error;
      if (error) {
        this.failures++;
        if (!this.closed) this.retry = setTimeout(() => void this.push(), Math.min(300_000, 2_000 * 2 ** (this.failures - 1))).unref();
        return;
      }
      this.failures = 0;
    } while (this.again && !this.closed);
  }

  /** Saves not on the remote yet (0 when it has them all), and why not, if a push failed. */
  state = oncePerChange(
    () => this.read(),
    () => String(this.error),
  );

  private async read(): Promise<{ behind: number; error: string | null }> {
    const { drafts, published } = this.clone.options;
    const remote = (await this.clone.exists(`refs/remotes/origin/${drafts}`)) ? `origin/${drafts}` : `origin/${published}`;
    const behind = await this.clone.count(`${remote}..${drafts}`).catch(() => 0);
    return { behind, error: behind > 0 ? this.error : null };
  }

  close() {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
  }
}
