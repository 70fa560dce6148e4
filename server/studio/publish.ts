/**
 * Publish: the drafts merged into the published branch, checked and built, pushed. In a temporary
 * worktree of the published branch as the remote has it now, so nothing is half done in the
 * studio's clone: the merge (a content file changed on both sides is merged section by section;
 * what changed on both sides in the same place is shown to the publisher, who keeps one side or
 * stops), `npm run validate` and `npm run build` of the result, the merge commit, the push (the
 * one step that makes it public: it happens or it does not). A push refused because the remote
 * moved meanwhile starts again from the remote. Then the drafts branch catches up, and with
 * STUDIO_DEPLOY=local the build is switched in.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import type { JsonValue } from "../../src/content/json-source.ts";
import { type Choices, type Conflict, merge3 } from "../../src/editor/merge.ts";
import { writeJson } from "../../src/editor/server/json-write.ts";
import { linkTree } from "../../scripts/project-copy.ts";
import { crashPoint } from "./crash.ts";
import type { Person, Repo } from "./git.ts";

const run = promisify(execFile);

export interface FileConflict {
  path: string;
  conflicts: Conflict[];
}

export type PublishOutcome =
  | { status: "published"; commit: string; changes: number; log: string[] }
  | { status: "nothing"; log: string[] }
  | { status: "conflict"; files: FileConflict[]; log: string[] }
  | { status: "refused"; reason: string; output: string; log: string[] };

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
}

const listKeyOf = (path: string) =>
  /^site-config\/(pages|templates)\//.test(path) ? "sections" : path.startsWith("site-config/collections/") ? "items" : null;

/** A content file as JSON, or undefined when it is no JSON (a picture, say) or not there. */
function parse(text: string | null): JsonValue | undefined {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return undefined;
  }
}

export async function publish(repo: Repo, options: PublishOptions): Promise<PublishOutcome> {
  const { drafts, published } = repo.options;
  const log: string[] = [];
  const say = (step: string) => {
    log.push(step);
    options.say(step);
  };
  for (let attempt = 1; attempt <= 3; attempt++) {
    say(attempt === 1 ? "Fetching the published site…" : "The published site changed meanwhile: starting again from it…");
    await repo.git(["fetch", "--quiet", "origin"]);
    const ahead = Number((await repo.git(["rev-list", "--count", "--no-merges", `origin/${published}..${drafts}`])).trim());
    if (ahead === 0) {
      say("Nothing to publish: every draft is live.");
      return { status: "nothing", log };
    }
    const work = join(dirname(repo.dir), "work", `publish-${randomBytes(4).toString("hex")}`);
    mkdirSync(dirname(work), { recursive: true });
    await repo.git(["worktree", "add", "--quiet", "--detach", work, `origin/${published}`]);
    try {
      say(`Merging ${ahead === 1 ? "1 change" : `${ahead} changes`} into the published site…`);
      const merged = await repo.git(["merge", "--no-ff", "--no-commit", drafts], { cwd: work }).then(
        () => true,
        () => false,
      );
      if (!merged) {
        const unresolved = await resolveConflicts(repo, work, options.choices ?? {});
        if (unresolved.length > 0) {
          say("Changed on both sides: choose which to keep.");
          return { status: "conflict", files: unresolved, log };
        }
      }
      crashPoint("publish:merged");
      say("Checking the site (npm run validate)…");
      const refused = await checkAndBuild(repo, work, options.project, say);
      if (refused) return { ...refused, log };
      crashPoint("publish:built");
      const authors = (await repo.git(["log", "--no-merges", "--format=%an", `origin/${published}..${drafts}`])).trim().split("\n");
      const by = [...new Set(authors)].join(", ");
      await repo.git(
        [
          "commit",
          "--quiet",
          "--no-verify",
          `--author=${options.publisher.name} <${options.publisher.email}>`,
          "-m",
          `Publish ${ahead === 1 ? "1 change" : `${ahead} changes`} by ${by}`,
        ],
        { cwd: work },
      );
      const commit = (await repo.git(["rev-parse", "HEAD"], { cwd: work })).trim();
      say("Publishing (git push)…");
      if (!(await pushed(repo, work, published))) continue;
      crashPoint("publish:pushed");
      // Live. The drafts catch up with what was published (a fast-forward: the merge has them).
      await repo.git(["merge", "--quiet", "--ff-only", commit]);
      await repo.git(["push", "--quiet", "origin", `${drafts}:refs/heads/${drafts}`]).catch(() => undefined);
      if (options.deploy) {
        say("Switching the served site to this build…");
        await options.deploy(join(work, "dist"), commit);
      }
      say(`Published: ${ahead === 1 ? "1 change" : `${ahead} changes`} by ${by}.`);
      return { status: "published", commit, changes: ahead, log };
    } finally {
      await repo.git(["worktree", "remove", "--force", work]).catch(() => rmSync(work, { recursive: true, force: true }));
    }
  }
  return { status: "refused", reason: "The published site kept changing while publishing: try again in a moment.", output: "", log };
}

/** npm run validate, then npm run build, in `work`: null when both pass, else why not (the last lines of their output). */
async function checkAndBuild(repo: Repo, work: string, project: string, say: (step: string) => void) {
  linkTree(join(project, "node_modules"), join(work, "node_modules"));
  // The picture copies and the compressed scripts are kept between publishes, beside the clone: a
  // build encodes only new pictures and compresses only changed scripts.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    IMAGE_CACHE_DIR: process.env.IMAGE_CACHE_DIR ?? join(dirname(repo.dir), "image-cache"),
    PRECOMPRESS_CACHE_DIR: process.env.PRECOMPRESS_CACHE_DIR ?? join(dirname(repo.dir), "precompress-cache"),
  };
  delete env.SITE_ROOT;
  delete env.NODE_ENV;
  for (const [script, words] of [
    ["validate", "The site has errors: nothing was published."],
    ["build", "The site does not build: nothing was published."],
  ] as const) {
    if (script === "build") say("Building the site (npm run build)…");
    try {
      await run("npm", ["run", "-s", script], { cwd: work, env, maxBuffer: 64 * 1024 * 1024 });
    } catch (err) {
      const output = `${(err as { stdout?: string }).stdout ?? ""}\n${(err as { stderr?: string }).stderr ?? ""}`.trim();
      say(words);
      return { status: "refused" as const, reason: words, output: output.split("\n").slice(-40).join("\n") };
    }
  }
  return null;
}

/**
 * With STUDIO_DEPLOY=local, after a publish that was stopped between its push and the switch (a
 * crash): builds the published branch as the remote has it and switches it in. Throws if it fails.
 */
export async function deployPublished(
  repo: Repo,
  { project, deploy, say }: Pick<PublishOptions, "project" | "say"> & { deploy: NonNullable<PublishOptions["deploy"]> },
) {
  await repo.git(["fetch", "--quiet", "origin"]);
  const work = join(dirname(repo.dir), "work", `deploy-${randomBytes(4).toString("hex")}`);
  mkdirSync(dirname(work), { recursive: true });
  await repo.git(["worktree", "add", "--quiet", "--detach", work, `origin/${repo.options.published}`]);
  try {
    const refused = await checkAndBuild(repo, work, project, say);
    if (refused) throw new Error(`${refused.reason}\n${refused.output}`);
    const commit = (await repo.git(["rev-parse", "HEAD"], { cwd: work })).trim();
    say("Switching the served site to this build…");
    await deploy(join(work, "dist"), commit);
    return commit;
  } finally {
    await repo.git(["worktree", "remove", "--force", work]).catch(() => rmSync(work, { recursive: true, force: true }));
  }
}

/**
 * Pushes HEAD to the published branch: true once done, false when the remote refused it because it
 * moved meanwhile (git push --porcelain marks a refused ref with "!"); any other failure throws.
 */
async function pushed(repo: Repo, work: string, branch: string): Promise<boolean> {
  try {
    await repo.git(["push", "--porcelain", "origin", `HEAD:refs/heads/${branch}`], { cwd: work });
    return true;
  } catch (err) {
    const lines = String((err as { stdout?: string }).stdout ?? "").split("\n");
    if (lines.some((line) => line.startsWith("!\t"))) return false;
    throw err;
  }
}

/** Merges each conflicting content file section by section, with the publisher's choices; what is left is returned. */
async function resolveConflicts(repo: Repo, work: string, choices: Record<string, Choices>): Promise<FileConflict[]> {
  const files = (await repo.git(["diff", "--name-only", "--diff-filter=U"], { cwd: work })).split("\n").filter(Boolean);
  const left: FileConflict[] = [];
  const stage = (n: 1 | 2 | 3, path: string) => repo.git(["show", `:${n}:${path}`], { cwd: work }).catch(() => null);
  for (const path of files) {
    const [base, main, drafts] = await Promise.all([stage(1, path), stage(2, path), stage(3, path)]);
    const chosen = choices[path] ?? {};
    const values = [parse(base), parse(main), parse(drafts)];
    if (values.every((v) => v !== undefined)) {
      // Git's "ours" is the published side here (the merge is into it), "theirs" the drafts: merge3's mine is the drafts.
      const result = merge3(values[0] as JsonValue, values[2] as JsonValue, values[1] as JsonValue, listKeyOf(path), { choose: chosen });
      if (result.ok) {
        writeFileSync(join(work, path), writeJson(main as string, result.value));
        await repo.git(["add", "--", path], { cwd: work });
        continue;
      }
      left.push({ path, conflicts: result.conflicts });
      continue;
    }
    // A picture, or a file deleted on one side: one side or the other, whole.
    const side = chosen.file;
    if (side) {
      await repo.git(["checkout", side === "mine" ? "--theirs" : "--ours", "--", path], { cwd: work }).catch(async () => {
        await repo.git(["rm", "--quiet", "--", path], { cwd: work });
      });
      await repo.git(["add", "--all", "--", path], { cwd: work });
      continue;
    }
    left.push({ path, conflicts: [{ key: "file", text: "the file was changed on both sides" }] });
  }
  if (left.length > 0) await repo.git(["merge", "--abort"], { cwd: work }).catch(() => undefined);
  return left;
}
