/** What changed since the last Git commit (each file's diff and its text then and now), and putting one file back as it was then. */
import { execFile } from "node:child_process";
import { existsSync, rmSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { promisify } from "node:util";
import { EditorError, editablePath, readText } from "./files.ts";
import type { FileChange } from "../shared/types.ts";

const run = promisify(execFile);

export function changesApi(root: string) {
  /** Content files changed since the last commit, each with its diff, and its text then and now (null: not there). */
  async function changes() {
    const git = (...args: string[]) => run("git", ["--literal-pathspecs", ...args], { cwd: root, maxBuffer: 16 * 1024 * 1024 }).then((r) => r.stdout);
    let status: string;
    try {
      status = await git("status", "--porcelain", "--untracked-files=all", "--", "site-config", "public/media");
    } catch {
      return { available: false, files: [] as FileChange[] };
    }
    const out: FileChange[] = [];
    for (const line of status.split("\n").filter(Boolean)) {
      const code = line.slice(0, 2);
      const path = line.slice(3).replace(/^.* -> /, "");
      const untracked = code === "??";
      const deleted = code.includes("D");
      const diff = untracked ? "" : await git("diff", "HEAD", "--", path);
      const head = untracked ? null : await git("show", `HEAD:${path}`).catch(() => null);
      const current = deleted || !path.endsWith(".json") ? null : readText(join(root, path));
      out.push({ path, status: untracked ? "added" : deleted ? "deleted" : "changed", diff, head: path.endsWith(".json") ? head : null, current });
    }
    return { available: true, files: out };
  }

  /** Puts one content file back as it was at the last commit (a new file is removed). */
  async function discard(path: string) {
    const full = editablePath(root, path);
    const file = relative(root, full).split(sep).join("/");
    const git = (...args: string[]) => run("git", ["--literal-pathspecs", ...args], { cwd: root });
    const tracked = await git("ls-files", "--error-unmatch", "--", file).then(
      () => true,
      () => false,
    );
    if (tracked) await git("checkout", "HEAD", "--", file);
    else if (existsSync(full) && statSync(full).isFile()) rmSync(full);
    else throw new EditorError(404, `There is no file ${path} to put back.`);
    return { path, restored: tracked };
  }

  return { changes, discard };
}
