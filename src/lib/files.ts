/**
 * The one way the project walks a folder (Node only): every file under it, with its full path,
 * sorted. Symbolic links are listed as files, never followed. On it, the one way it tells whether
 * something changed (a fingerprint of files, or the newest change under some paths), and a tree
 * linked rather than copied, and written without touching the links.
 */
import { cpSync, existsSync, linkSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

/** Every file under `dir` (none when it does not exist); `skip` leaves out a folder given by its path from `dir` ("page-data"). */
export function filesUnder(dir: string, skip: (folder: string) => boolean = () => false): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => {
      const folders = relative(dir, file).split(sep).slice(0, -1);
      return !folders.some((_, i) => skip(folders.slice(0, i + 1).join("/")));
    })
    .sort();
}

/**
 * Each file's path, size and time of change under `paths` (files or folders, from `root`): equal
 * while none of them changed, was added or went.
 */
export function fingerprint(root: string, paths: readonly string[]): string {
  return paths
    .flatMap((path) => {
      const full = join(root, path);
      const stats = statSync(full, { throwIfNoEntry: false });
      if (!stats) return [`${path}: none`];
      const files = stats.isDirectory() ? filesUnder(full) : [full];
      return files.map((file) => {
        const st = statSync(file, { throwIfNoEntry: false });
        return st ? `${file} ${st.size} ${st.mtimeMs}` : `${file}: gone`;
      });
    })
    .join("\n");
}

/**
 * The newest time of change under `paths` (files or folders, full paths), the folders' own
 * included (a file deleted changes its folder's); 0 when none exists. `skip`: folders to leave out, by name.
 */
export function newestChange(paths: readonly string[], skip: ReadonlySet<string> = new Set()): number {
  let newest = 0;
  const visit = (path: string) => {
    const stats = statSync(path, { throwIfNoEntry: false });
    if (!stats) return;
    newest = Math.max(newest, stats.mtimeMs);
    if (stats.isDirectory()) for (const entry of readdirSync(path)) if (!skip.has(entry)) visit(join(path, entry));
  };
  for (const path of paths) visit(path);
  return newest;
}

/** Hard-links a tree (a cheaper cpSync); falls back to copying across file systems. */
export function linkTree(from: string, to: string): void {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      mkdirSync(target, { recursive: true });
      linkTree(source, target);
    } else if (entry.isSymbolicLink()) cpSync(source, target, { verbatimSymlinks: true });
    else {
      try {
        linkSync(source, target);
      } catch {
        cpSync(source, target);
      }
    }
  }
}

/**
 * Writes `data` as a new file at `path`, never into the file already there: a build starts from a
 * linked copy of the last one (linkTree), whose files are also the release being served.
 */
export function writeNewFile(path: string, data: string | NodeJS.ArrayBufferView): void {
  rmSync(path, { force: true });
  writeFileSync(path, data);
}
