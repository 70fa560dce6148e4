/**
 * The one way the project walks a folder (Node only): every file under it, with its full path,
 * sorted. Symbolic links are listed as files, never followed. And a tree linked rather than copied.
 */
import { cpSync, existsSync, linkSync, mkdirSync, readdirSync } from "node:fs";
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
