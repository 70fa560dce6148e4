/** What changed since the last Git commit (each file's diff and its text then and now), and putting one file back as it was then. */
import { NotFound } from "./errors.ts";
import { existsSync, rmSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { FileChange } from "../shared/types.ts";
import { editablePath, readText } from "./files.ts";
import { Git } from "./git.ts";

export function changesApi(root: string) {
  const git = new Git(root);

  /** Content files changed since the last commit, each with its diff, and its text then and now (null: not there). */
  async function changes() {
    let changed: Awaited<ReturnType<Git["uncommitted"]>>;
    try {
      changed = await git.uncommitted(["site-config", "public/media"]);
    } catch {
      return { available: false, files: [] as FileChange[] };
    }
    const out: FileChange[] = [];
    for (const { path, status } of changed) {
      const json = path.endsWith(".json");
      const diff = status === "added" ? "" : await git.diff("HEAD", path);
      const head = status === "added" || !json ? null : await git.show("HEAD", path);
      const current = status === "deleted" || !json ? null : readText(join(root, path));
      out.push({ path, status, diff, head, current });
    }
    return { available: true, files: out };
  }

  /** Puts one content file back as it was at the last commit (a new file is removed). */
  async function discard(path: string) {
    const full = editablePath(root, path);
    const file = relative(root, full).split(sep).join("/");
    const tracked = await git.committed(file);
    if (tracked) await git.putBack([file]);
    else if (existsSync(full) && statSync(full).isFile()) rmSync(full);
    else throw new NotFound(`There is no file ${path} to put back.`);
    return { path, restored: tracked };
  }

  return { changes, discard };
}
