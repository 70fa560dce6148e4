/**
 * What the page builder may touch on disk, and how it writes: only JSON under site-config/ and
 * images under public/media/, resolved through symbolic links so that none leads outside, and every
 * write atomic (a temporary file beside the target, then a rename), so a file is never half written.
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync, lstatSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

export class EditorError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const sha256 = (text: string | Buffer) => createHash("sha256").update(text).digest("hex");

/** The real path of `path` or of its nearest existing parent, with the rest appended: links resolved, for files not written yet too. */
function realPath(path: string): string {
  if (existsSync(path)) return realpathSync(path);
  const parent = dirname(path);
  if (parent === path) return path;
  return join(realPath(parent), path.slice(parent.length + 1));
}

/**
 * The absolute path of `file` (from the project root, with forward slashes) if it is inside one of
 * `areas` (folders from the root) once every link is followed, and names a file of the expected
 * kind; otherwise an EditorError that says why.
 */
export function allowedPath(root: string, file: string, areas: readonly string[], extensions: readonly string[]): string {
  if (typeof file !== "string" || file === "" || file.includes("\0") || file.includes("\\"))
    throw new EditorError(400, "A file path is needed, with forward slashes.");
  const full = resolve(root, file);
  const realRoot = realpathSync(root);
  const real = realPath(full);
  const inside = areas.some((area) => {
    const base = realPath(join(root, area));
    return real.startsWith(base + sep) && real.startsWith(realRoot + sep);
  });
  if (!inside || relative(root, full).split(sep)[0] === "..")
    throw new EditorError(403, `The editor only writes inside ${areas.join(" and ")}: "${file}" is not there.`);
  if (!extensions.some((ext) => real.toLowerCase().endsWith(ext))) throw new EditorError(403, `"${file}" is not a ${extensions.join(" or ")} file.`);
  if (existsSync(full) && lstatSync(full).isSymbolicLink()) throw new EditorError(403, `"${file}" is a link; the editor does not write through links.`);
  return full;
}

/** Content files: JSON under site-config/. */
export const contentPath = (root: string, file: string) => allowedPath(root, file, ["site-config"], [".json"]);

/** Writes `data` to `full` through a temporary file in the same folder and a rename. */
export function writeAtomic(full: string, data: string | Buffer): void {
  mkdirSync(dirname(full), { recursive: true });
  const temporary = join(dirname(full), `.${randomBytes(6).toString("hex")}.tmp`);
  try {
    writeFileSync(temporary, data);
    renameSync(temporary, full);
  } finally {
    rmSync(temporary, { force: true });
  }
}

export function readText(full: string): string {
  try {
    return readFileSync(full, "utf8");
  } catch {
    throw new EditorError(404, `There is no file ${full}.`);
  }
}
