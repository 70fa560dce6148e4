/**
 * A publish's merge where a content file changed on both sides: merged section by section (and
 * field by field), with the publisher's choices where the same thing changed on both. What is left
 * comes back with both sides in words and who made them; what the choices settled, in words, for
 * the merge commit to say.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Worktree } from "../builder/server/git.ts";
import { writeJson } from "../builder/server/json-write.ts";
import { compareVersions, type DescribeOptions, describeChanges, quote } from "../builder/shared/describe.ts";
import { type Choices, type Conflict, merge3 } from "../builder/shared/merge.ts";
import type { ConflictSide, ConflictView, FileConflict } from "../builder/shared/types.ts";
import type { JsonValue } from "../src/content/json-source.ts";

/** What a person calls a content file, and how its changes are put in words. */
export type DescribeFile = (path: string) => { title: string; options: DescribeOptions } | undefined;

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

/** The choice made, in words, with who is on each side: "kept the published version (Dev Eloper), not the drafts' (Asha Rao)". */
function kept(side: "mine" | "theirs", who: { mine: ConflictSide; theirs: ConflictSide }) {
  const names = (s: ConflictSide) => [...new Set(s.by.map((b) => b.name))].join(", ") || "nobody";
  return side === "mine"
    ? `kept the drafts' version (${names(who.mine)}), not the published one (${names(who.theirs)})`
    : `kept the published version (${names(who.theirs)}), not the drafts' (${names(who.mine)})`;
}

/**
 * Settles the conflicted files of the merge in `work` with the publisher's choices. Git's "ours" is
 * the published side (the merge is into it), "theirs" the drafts: merge3's "mine" is the drafts.
 */
export async function resolveConflicts(
  work: Worktree,
  files: string[],
  choices: Record<string, Choices>,
  describeFile: DescribeFile = () => undefined,
): Promise<{ left: FileConflict[]; settled: string[] }> {
  const left: FileConflict[] = [];
  const settled: string[] = [];
  const base = await work.mergeBase();
  const side = async (ref: string, path: string): Promise<ConflictSide> => ({
    by: (await work.log([`${base}..${ref}`], { paths: [path], noMerges: true })).map((c) => ({ name: c.author, date: c.date })),
  });
  const sides = async (path: string) => ({ mine: await side("MERGE_HEAD", path), theirs: await side("HEAD", path) });
  for (const path of files) {
    const { base: baseText, ours: main, theirs: drafts } = await work.sides(path);
    const chosen = choices[path] ?? {};
    const words = describeFile(path);
    const title = words?.title ?? path;
    const values = [parse(baseText), parse(main), parse(drafts)];
    if (values.every((v) => v !== undefined)) {
      const merge = (choose: Choices) => merge3(values[0] as JsonValue, values[2] as JsonValue, values[1] as JsonValue, listKeyOf(path), { choose });
      const result = merge(chosen);
      if (!result.ok) {
        const conflicts = result.conflicts.map((c) => ({ key: c.key, text: c.text, ...conflictWords(c, words?.options) }));
        left.push({ path, title, conflicts, ...(await sides(path)) });
        continue;
      }
      const unchosen = merge({});
      if (!unchosen.ok) {
        const who = await sides(path);
        for (const c of unchosen.conflicts) {
          const choice = chosen[c.key];
          if (choice) settled.push(`${title}: ${c.text}: ${kept(choice, who)}`);
        }
      }
      writeFileSync(join(work.dir, path), writeJson(main as string, result.value));
      await work.settle(path);
      continue;
    }
    // A picture, or a file deleted on one side: one side or the other, whole.
    const whole = chosen.file;
    if (whole) {
      await work.take(path, whole === "mine" ? "theirs" : "ours");
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
  if (left.length > 0) await work.abortMerge();
  return { left, settled };
}
