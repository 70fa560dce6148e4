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
import type { JsonValue } from "../src/content/json-source.ts";
import { compareVersions, type DescribeOptions, describeChanges, quote } from "../builder/shared/describe.ts";
import { type Choices, type Conflict, merge3 } from "../builder/shared/merge.ts";
import { writeJson } from "../builder/server/json-write.ts";
import { linkTree } from "../src/lib/files.ts";
import { crashPoint } from "./crash.ts";
import type { ConflictSide, ConflictView, FileConflict, PublishOutcome } from "../builder/shared/types.ts";
import { authorEnv, type Person, type Repo } from "./git.ts";

export type { FileConflict, PublishOutcome };

const run = promisify(execFile);

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
  /** What a person calls a content file, and how its changes are put in words. */
  describeFile?(path: string): { title: string; options: DescribeOptions } | undefined;
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
      let settled: string[] = [];
      if (!merged) {
        const resolved = await resolveConflicts(repo, work, options.choices ?? {}, options.describeFile);
        if (resolved.left.length > 0) {
          say("Changed on both sides: choose which to keep.");
          return { status: "conflict", files: resolved.left, log };
        }
        settled = resolved.settled;
      }
      crashPoint("publish:merged");
      say("Checking the site (npm run validate)…");
      const refused = await checkAndBuild(repo, work, options.project, say);
      if (refused) return { ...refused, log };
      crashPoint("publish:built");
      const authors = (await repo.git(["log", "--no-merges", "--format=%an", `origin/${published}..${drafts}`])).trim().split("\n");
      const by = [...new Set(authors)].join(", ");
      // What the publisher chose where both sides changed the same thing is named: a change not kept is not said to be published.
      const subject = `Publish ${ahead === 1 ? "1 change" : `${ahead} changes`} by ${by}${settled.length ? `; ${settled.length === 1 ? "1 thing" : `${settled.length} things`} changed on both sides settled` : ""}`;
      const message = settled.length ? `${subject}\n\n${settled.map((line) => `- ${line}`).join("\n")}` : subject;
      await repo.git(["commit", "--quiet", "--no-verify", "-m", message], {
        cwd: work,
        env: authorEnv(options.publisher),
      });
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

/** What each side made of a conflicting thing, in words: the fields it changed, or its value. */
function conflictWords(conflict: Conflict, options: DescribeOptions | undefined): Pick<ConflictView, "mine" | "theirs"> {
  const words = (value: JsonValue | undefined): string[] => {
    if (value === undefined) return ["removed"];
    if (conflict.key.startsWith("entry:")) {
      const lines = describeChanges(conflict.base ?? null, value, { listKey: null, schema: options?.entrySchema?.(value) });
      return lines.length > 0 ? lines : ["left as it was"];
    }
    if (conflict.key === "order" && options)
      return compareVersions(conflict.base ?? null, value, options).flatMap((d) =>
        d.kind === "added" || d.kind === "removed" ? [`${d.title} ${d.kind}`] : d.kind === "moved" ? [d.text] : [],
      );
    return [quote(value)];
  };
  return { mine: words(conflict.mine), theirs: words(conflict.theirs) };
}

/**
 * Merges each conflicting content file section by section, with the publisher's choices: what is
 * left (each conflict with both sides in words and who made them), and what the choices settled, in words.
 */
async function resolveConflicts(
  repo: Repo,
  work: string,
  choices: Record<string, Choices>,
  describeFile: PublishOptions["describeFile"] = () => undefined,
): Promise<{ left: FileConflict[]; settled: string[] }> {
  const files = (await repo.git(["diff", "--name-only", "--diff-filter=U"], { cwd: work })).split("\n").filter(Boolean);
  const left: FileConflict[] = [];
  const settled: string[] = [];
  const stage = (n: 1 | 2 | 3, path: string) => repo.git(["show", `:${n}:${path}`], { cwd: work }).catch(() => null);
  const base = (await repo.git(["merge-base", "HEAD", "MERGE_HEAD"], { cwd: work })).trim();
  const side = async (ref: string, path: string): Promise<ConflictSide> => ({
    by: (await repo.git(["log", "--no-merges", "--format=%an%x1f%aI", `${base}..${ref}`, "--", path], { cwd: work }))
      .split("\n")
      .filter(Boolean)
      .map((line) => {
        const [name = "", date = ""] = line.split("\x1f");
        return { name, date };
      }),
  });
  const sides = async (path: string) => ({ mine: await side("MERGE_HEAD", path), theirs: await side("HEAD", path) });
  const kept = (c: "mine" | "theirs", who: { mine: ConflictSide; theirs: ConflictSide }) => {
    const names = (s: ConflictSide) => [...new Set(s.by.map((b) => b.name))].join(", ") || "nobody";
    return c === "mine"
      ? `kept the drafts' version (${names(who.mine)}), not the published one (${names(who.theirs)})`
      : `kept the published version (${names(who.theirs)}), not the drafts' (${names(who.mine)})`;
  };
  for (const path of files) {
    const [baseText, main, drafts] = await Promise.all([stage(1, path), stage(2, path), stage(3, path)]);
    const chosen = choices[path] ?? {};
    const words = describeFile(path);
    const title = words?.title ?? path;
    const values = [parse(baseText), parse(main), parse(drafts)];
    if (values.every((v) => v !== undefined)) {
      // Git's "ours" is the published side here (the merge is into it), "theirs" the drafts: merge3's mine is the drafts.
      const merge = (choose: Choices) => merge3(values[0] as JsonValue, values[2] as JsonValue, values[1] as JsonValue, listKeyOf(path), { choose });
      const result = merge(chosen);
      if (result.ok) {
        const before = merge({});
        if (!before.ok) {
          const who = await sides(path);
          for (const c of before.conflicts) {
            const choice = chosen[c.key];
            if (choice) settled.push(`${title}: ${c.text}: ${kept(choice, who)}`);
          }
        }
        writeFileSync(join(work, path), writeJson(main as string, result.value));
        await repo.git(["add", "--", path], { cwd: work });
        continue;
      }
      const conflicts = result.conflicts.map((c) => ({ key: c.key, text: c.text, ...conflictWords(c, words?.options) }));
      left.push({ path, title, conflicts, ...(await sides(path)) });
      continue;
    }
    // A picture, or a file deleted on one side: one side or the other, whole.
    const whole = chosen.file;
    if (whole) {
      await repo.git(["checkout", whole === "mine" ? "--theirs" : "--ours", "--", path], { cwd: work }).catch(async () => {
        await repo.git(["rm", "--quiet", "--", path], { cwd: work });
      });
      await repo.git(["add", "--all", "--", path], { cwd: work });
      settled.push(`${title}: the file was changed on both sides: ${kept(whole, await sides(path))}`);
      continue;
    }
    const describeWhole = (text: string | null) => (text === null ? ["removed"] : ["changed"]);
    left.push({
      path,
      title,
      conflicts: [{ key: "file", text: "the file was changed on both sides", mine: describeWhole(drafts), theirs: describeWhole(main) }],
      ...(await sides(path)),
    });
  }
  if (left.length > 0) await repo.git(["merge", "--abort"], { cwd: work }).catch(() => undefined);
  return { left, settled };
}
