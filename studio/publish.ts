/**
 * Publish: the drafts merged into the published branch, checked and built, pushed. In a temporary
 * worktree of the published branch as the remote has it now, so nothing is half done in the
 * studio's clone: the merge (a content file changed on both sides is merged section by section;
 * what changed on both sides in the same place is shown to the publisher, who keeps one side or
 * stops: conflicts.ts), `npm run validate` and `npm run build` of the result, the merge commit, the
 * push (the one step that makes it public: it happens or it does not). A push refused because the
 * remote moved meanwhile starts again from the remote. Then the drafts branch catches up, and with
 * STUDIO_DEPLOY=local the build is switched in.
 */
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Clone, Commit, Person, Worktree } from "../builder/server/git.ts";
import type { Choices } from "../builder/shared/merge.ts";
import type { FileConflict, PublishOutcome } from "../builder/shared/types.ts";
import { CONTENT_ERRORS_EXIT } from "../src/deploy/build-protocol.ts";
import { buildKept, buildOnce } from "./build-process.ts";
import { linkTree } from "../src/lib/files.ts";
import { type DescribeFile, resolveConflicts } from "./conflicts.ts";
import { crashPoint } from "./crash.ts";
import { waitingFiles } from "./history.ts";

type Waiting = Awaited<ReturnType<typeof waitingFiles>>[number];

export type { FileConflict, PublishOutcome };

export interface PublishOptions {
  publisher: Person;
  /** For each conflicting file, the side kept for each conflict ("mine": the drafts, "theirs": the published site); "file" for a whole file. */
  choices?: Record<string, Choices>;
  /** The studio's own project: its node_modules serve the build. */
  project: string;
  /** Said as each step starts. */
  say(step: string): void;
  /** With STUDIO_DEPLOY=local: takes the built site (the worktree's dist/) for the commit. */
  deploy?(dist: string, commit: string): Promise<void>;
  describeFile?: DescribeFile;
  /** The files to publish (content files, pictures); all that are waiting when left out. */
  files?: string[];
}

const changes = (n: number) => (n === 1 ? "1 change" : `${n} changes`);

const staying = (n: number) => (n === 1 ? "1 file stays waiting." : `${n} files stay waiting.`);

const authorNames = (commits: Commit[]) => [...new Set(commits.map((c) => c.author))].join(", ");

/** The publish commit's message: what went live (the files, when not all) and by whom, and where the publisher chose a side, what was kept. */
function mergeMessage(ahead: number, by: string, settled: string[], titles: string[] | null): string {
  const subject = `Publish ${titles ? `${titles.join(", ")}: ` : ""}${changes(ahead)} by ${by}${settled.length ? `; ${settled.length === 1 ? "1 thing" : `${settled.length} things`} changed on both sides settled` : ""}`;
  return settled.length ? `${subject}\n\n${settled.map((line) => `- ${line}`).join("\n")}` : subject;
}

type Stopped = Extract<PublishOutcome, { status: "nothing" | "conflict" | "refused" }>;

/**
 * The drafts as they are now merged into the published site in a new worktree, with only the chosen
 * files when some are (conflicts settled by `choices`), checked and built there: what a publish
 * pushes and a preview serves. The caller removes the worktree. Stopped, in words, when there is
 * nothing to take, something changed on both sides, or the check or the build fails.
 */
async function prepare(clone: Clone, options: Omit<PublishOptions, "publisher">, say: (step: string) => void, verb = "Publishing", keep = false) {
  // The drafts as they are now: saves go on meanwhile, and are for the next publish.
  const snapshot = await clone.head(clone.options.drafts);
  const waiting = await waitingFiles(clone);
  const picked = await choose(waiting, options.files, snapshot, clone);
  const ahead = new Set(picked.files.flatMap((f) => f.commits.map((c) => c.commit))).size;
  if (picked.files.length === 0) {
    say(options.files ? "Nothing to publish: the chosen files have no changes waiting." : "Nothing to publish: every draft is live.");
    return { stopped: { status: "nothing" } as Stopped };
  }
  const titles = picked.files.map((f) => options.describeFile?.(f.path)?.title ?? f.path);
  if (picked.some) say(`${verb} ${titles.join(", ")}; ${staying(waiting.length - picked.files.length)}`);
  for (const line of picked.with) say(line);
  // A publish now takes the clone's kept worktree, with its last build; one made ahead of time or a preview, a new one.
  const work = await clone.worktree(clone.live, `${verb === "Publishing" ? "publish" : "preview"}-${randomBytes(4).toString("hex")}`, { keep });
  const stop = async (stopped: Stopped) => {
    await work.remove();
    return { stopped };
  };
  try {
    say(`Merging ${changes(ahead)} into the published site…`);
    const merged = await work.merge(snapshot);
    const paths = new Set(picked.files.map((f) => f.path));
    let settled: string[] = [];
    if (!merged.clean) {
      // Changed on both sides in a file not chosen: it stays as published, and waiting.
      for (const path of merged.conflicted.filter((p) => picked.some && !paths.has(p))) await work.take(path, "ours");
      const mine = merged.conflicted.filter((p) => !picked.some || paths.has(p));
      const resolved = await resolveConflicts(work, mine, options.choices ?? {}, options.describeFile);
      if (resolved.left.length > 0) {
        say("Changed on both sides: choose which to keep.");
        return stop({ status: "conflict", files: resolved.left, log: [] });
      }
      settled = resolved.settled;
    }
    // Some files: a plain commit of those alone; the others' saves stay on the drafts, waiting.
    if (picked.some) await work.narrow([...paths]);
    crashPoint("publish:merged");
    say("Checking the site and building the pages that changed (npm run build:changed)…");
    const refused = await checkAndBuild(clone, work, options.project, say, picked.some);
    if (refused) return stop({ ...refused, log: [] });
    return { work, snapshot, waiting, picked, paths, titles, ahead, settled };
  } catch (err) {
    await work.remove();
    throw err;
  }
}

type Prepared = Exclude<Awaited<ReturnType<typeof prepare>>, { stopped: Stopped }>;

/** A publish merged, checked and built ahead of its time (a schedule), not committed or pushed; `base` is the live site it was made on. */
export interface Ready extends Prepared {
  base: string;
  files: string[] | undefined;
}

/** Makes a publish of `options.files` (everything waiting, when left out) ready ahead of its time; throw it away with discardReady. */
export async function prepareReady(
  clone: Clone,
  options: Omit<PublishOptions, "publisher" | "deploy">,
  verb = "Publishing",
): Promise<Stopped | { status: "ready"; ready: Ready }> {
  await clone.fetch();
  const base = await clone.head(clone.live);
  const prepared = await prepare(clone, options, options.say, verb);
  if ("stopped" in prepared) return prepared.stopped as Stopped;
  return { status: "ready", ready: { ...prepared, base, files: options.files } };
}

export const discardReady = (ready: Ready) => ready.work.remove();

/**
 * Whether a publish made ready ahead is still exactly what one made now would be: the live site
 * has not moved, and the drafts now hold the same files to take, each with the same content.
 */
async function stillCurrent(clone: Clone, ready: Ready): Promise<boolean> {
  if ((await clone.head(clone.live)) !== ready.base) return false;
  const head = await clone.head(clone.options.drafts);
  if (head === ready.snapshot) return true;
  const picked = await choose(await waitingFiles(clone), ready.files, head, clone);
  const now = picked.files.map((f) => f.path).sort();
  if (now.join("\n") !== [...ready.paths].sort().join("\n")) return false;
  const [then, later] = await Promise.all([clone.blobs(now.map((p) => `${ready.snapshot}:${p}`)), clone.blobs(now.map((p) => `${head}:${p}`))]);
  return then.every((blob, i) => blob === later[i]);
}

export async function publish(clone: Clone, options: PublishOptions & { ready?: Ready }): Promise<PublishOutcome> {
  const { drafts, published } = clone.options;
  const started = performance.now();
  const log: string[] = [];
  const say = (step: string) => {
    log.push(step);
    options.say(step);
  };
  let ready = options.ready;
  for (let attempt = 1; attempt <= 3; attempt++) {
    say(attempt === 1 ? "Fetching the published site…" : "The published site changed meanwhile: starting again from it…");
    await clone.fetch();
    let prepared: Prepared | { stopped: Stopped };
    if (ready && (await stillCurrent(clone, ready))) {
      say("Taking the build made and checked ahead of time: nothing changed since.");
      prepared = ready;
    } else {
      if (ready) {
        say("Something it takes changed since the build made ahead of time: checking and building again…");
        await discardReady(ready);
      }
      prepared = await prepare(clone, options, say, "Publishing", true);
    }
    const builtAhead = prepared === ready;
    ready = undefined;
    if ("stopped" in prepared) return { ...prepared.stopped, log } as PublishOutcome;
    const { work, snapshot, waiting, picked, paths, titles, ahead, settled } = prepared;
    try {
      crashPoint("publish:built");
      const by = authorNames(picked.files.flatMap((f) => f.commits));
      const message = mergeMessage(ahead, by, settled, picked.some ? titles : null);
      const commit = await work.commitMerge(options.publisher, message);
      say("Publishing (git push)…");
      if ((await work.pushTo(published)) === "refused") continue;
      crashPoint("publish:pushed");
      // Live. The drafts catch up with what was published, in the clone's queue (saves write there);
      // what was saved since the snapshot is counted first (the publish's own commit is not a save).
      // The studio's copy of the drafts to the remote (DraftsMirror) pushes them once the publish has ended.
      say("Pushed. The drafts take in what was published…");
      const during = await clone.exclusive(async () => {
        const saved = await clone.count(`${snapshot}..${drafts}`, { noMerges: true });
        await clone.catchUp(commit, snapshot, options.publisher, `Drafts take in the publish by ${options.publisher.name}`);
        return saved;
      });
      if (options.deploy) {
        say("Switching the served site to this build…");
        await options.deploy(join(work.dir, "dist"), commit);
      }
      const stay = waiting.length - picked.files.length;
      const ms = Math.round(performance.now() - started);
      say(
        `Published: ${picked.some ? `${titles.join(", ")}: ` : ""}${changes(ahead)} by ${by}.${stay > 0 ? ` ${staying(stay)}` : ""}${during > 0 ? ` ${changes(during)} saved while publishing will go with the next publish.` : ""} It took ${(ms / 1000).toFixed(1)} s.`,
      );
      return { status: "published", commit, changes: ahead, during, files: titles, paths: [...paths], waiting: stay, builtAhead, ms, log };
    } finally {
      await work.remove();
    }
  }
  return { status: "refused", reason: "The published site kept changing while publishing: try again in a moment.", output: "", log };
}

/**
 * A preview: the drafts with only `files` (everything waiting, when left out) merged into the
 * published site and built, the built site copied to `into`. Nothing is committed or pushed.
 */
export async function buildPreview(
  clone: Clone,
  options: Omit<PublishOptions, "publisher" | "deploy">,
  into: string,
): Promise<Stopped | { status: "built"; titles: string[] }> {
  const made = await prepareReady(clone, options, "Previewing");
  if (made.status !== "ready") return made;
  try {
    cpSync(join(made.ready.work.dir, "dist", "client"), into, { recursive: true });
    return { status: "built", titles: made.ready.titles };
  } finally {
    await discardReady(made.ready);
  }
}

/**
 * The waiting files a publish takes: all of them when none are named; else those named, with the
 * waiting pictures they use (a page cannot go live without its new picture), said in words.
 */
async function choose(waiting: Waiting[], named: string[] | undefined, snapshot: string, clone: Clone) {
  if (!named) return { files: waiting, some: false, with: [] as string[] };
  const asked = new Set(named);
  const files = waiting.filter((f) => asked.has(f.path));
  const texts = await Promise.all(files.filter((f) => f.path.endsWith(".json")).map((f) => clone.show(snapshot, f.path)));
  const withLines: string[] = [];
  for (const picture of waiting.filter((f) => f.path.startsWith("public/") && !asked.has(f.path))) {
    const src = picture.path.slice("public".length);
    if (picture.status !== "deleted" && texts.some((t) => t?.includes(src))) {
      files.push(picture);
      withLines.push(`With the picture ${src}: a chosen page uses it.`);
    }
  }
  return { files, some: files.length < waiting.length, with: withLines };
}

/**
 * The whole site checked (as `npm run validate` does), then built over the last build (only the
 * pages that changed: npm run build:changed), in `work`: null when both pass, else why not (the last
 * lines of their output).
 */
async function checkAndBuild(clone: Clone, work: Worktree, project: string, say: (step: string) => void, some = false) {
  linkModules(project, work.dir);
  // Kept between publishes, beside the clone: the picture copies and the compressed scripts (a build
  // encodes only new pictures and compresses only changed scripts), and the last build, which the
  // next renders only the changed pages over (src/deploy/incremental.ts).
  const beside = (name: string) => join(dirname(clone.dir), name);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    IMAGE_CACHE_DIR: process.env.IMAGE_CACHE_DIR ?? beside("image-cache"),
    PRECOMPRESS_CACHE_DIR: process.env.PRECOMPRESS_CACHE_DIR ?? beside("precompress-cache"),
    BUILD_CACHE_DIR: process.env.BUILD_CACHE_DIR ?? beside("build-cache"),
  };
  delete env.SITE_ROOT;
  delete env.NODE_ENV;
  // The kept worktree has a build process that stays; any other builds once.
  const built = await (work.kept ? buildKept : buildOnce)(work.dir, env, say);
  if (built.code === 0) return null;
  const words =
    built.code !== CONTENT_ERRORS_EXIT
      ? "The site does not build: nothing was published."
      : some
        ? "The site has errors with only the chosen changes: nothing was published. A chosen file may use something still waiting in another (a new service, say): choose that file too."
        : "The site has errors: nothing was published.";
  say(words);
  return { status: "refused" as const, reason: words, output: built.output.split("\n").slice(-40).join("\n") };
}

/**
 * The project's node_modules linked into a worktree, once: again only when an install changed them
 * since (npm's own record of the tree, node_modules/.package-lock.json, is newer).
 */
function linkModules(project: string, dir: string): void {
  const from = join(project, "node_modules");
  const to = join(dir, "node_modules");
  const stamp = String(statSync(join(from, ".package-lock.json"), { throwIfNoEntry: false })?.mtimeMs ?? 0);
  const mark = join(to, ".linked-from-project");
  if (existsSync(mark) && readFileSync(mark, "utf8") === stamp) return;
  rmSync(to, { recursive: true, force: true });
  mkdirSync(to, { recursive: true });
  linkTree(from, to);
  writeFileSync(mark, stamp);
}

/**
 * With STUDIO_DEPLOY=local, after a publish that was stopped between its push and the switch (a
 * crash): builds the published branch as the remote has it and switches it in. Throws if it fails.
 */
export async function deployPublished(
  clone: Clone,
  { project, deploy, say }: Pick<PublishOptions, "project" | "say"> & { deploy: NonNullable<PublishOptions["deploy"]> },
) {
  await clone.fetch();
  const work = await clone.worktree(clone.live, `deploy-${randomBytes(4).toString("hex")}`);
  try {
    const refused = await checkAndBuild(clone, work, project, say);
    if (refused) throw new Error(`${refused.reason}\n${refused.output}`);
    const commit = await work.head();
    say("Switching the served site to this build…");
    await deploy(join(work.dir, "dist"), commit);
    return commit;
  } finally {
    await work.remove();
  }
}
