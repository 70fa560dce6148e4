/**
 * What the page builder may touch on disk, and how it writes: only JSON under site-config/ and
 * images under public/media/, resolved through symbolic links so that none leads outside, and every
 * write atomic (a temporary file, then a rename), so a file is never half written. The temporary
 * files live outside the content (nothing that reads site-config/ ever sees one) and are swept
 * when the builder starts.
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { filesUnder } from "../../src/lib/files.ts";
import { BadRequest, Forbidden, NotFound } from "./errors.ts";

export const sha256 = (text: string | Buffer) => createHash("sha256").update(text).digest("hex");

/** Longer paths are no file the builder made (the system's own limit is near this). */
const MAX_PATH = 1024;

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
 * kind; otherwise a coded error (errors.ts) that says why.
 */
export function allowedPath(root: string, file: string, areas: readonly string[], extensions: readonly string[]): string {
  if (typeof file !== "string" || file === "" || file.includes("\0") || file.includes("\\"))
    throw new BadRequest("A file path is needed, with forward slashes.");
  if (file.length > MAX_PATH) throw new BadRequest(`That file path is too long (at most ${MAX_PATH} characters).`);
  const full = resolve(root, file);
  const realRoot = realpathSync(root);
  const real = realPath(full);
  const inside = areas.some((area) => {
    const base = realPath(join(root, area));
    return real.startsWith(base + sep) && real.startsWith(realRoot + sep);
  });
  if (!inside || relative(root, full).split(sep)[0] === "..")
    throw new Forbidden(`The editor only writes inside ${areas.join(" and ")}: "${file}" is not there.`);
  if (!extensions.some((ext) => real.toLowerCase().endsWith(ext))) throw new Forbidden(`"${file}" is not a ${extensions.join(" or ")} file.`);
  if (existsSync(full) && lstatSync(full).isSymbolicLink()) throw new Forbidden(`"${file}" is a link; the editor does not write through links.`);
  return full;
}

/** Content files: JSON under site-config/. */
export const contentPath = (root: string, file: string) => allowedPath(root, file, ["site-config"], [".json"]);

/** The picture files the builder writes (media.ts makes them in these formats). */
export const PICTURE_EXTENSIONS = [".jpg", ".png", ".webp", ".avif", ".gif", ".svg"];

/**
 * What the builder may put back, restore or show a version of: one content file or one picture, by
 * its exact path. Never a pattern: Git would read "site-config/*.json" as every page.
 */
export function editablePath(root: string, file: string): string {
  if (typeof file === "string" && (/[*?[\]]/.test(file) || file.startsWith(":")))
    throw new BadRequest(`That takes one file's exact path, without wildcards; "${file}" is not one.`);
  return typeof file === "string" && file.startsWith("public/media/") ? allowedPath(root, file, ["public/media"], PICTURE_EXTENSIONS) : contentPath(root, file);
}

/** Folders for temporary files, in order of preference: ignored by Vite's watcher and by Git; the second when the first is on another disk (a rename cannot cross disks). */
const TEMP_FOLDERS = ["node_modules/.cache/site-editor", ".site-editor"];
/** What the builder's first version named its temporary files, beside the file being written. */
const OLD_TEMP_NAME = /^\.[0-9a-f]{12}\.tmp$/;

/** True when process `pid` is running (EPERM: running, as another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Atomic writes for the content under `root`. Each process stages its files in a folder of its
 * own; creating the writer removes the folders of processes that are gone (a crash mid-write) and
 * temporary files the first version left beside content files.
 */
export function contentWriter(root: string) {
  const device = statSync(join(root, "site-config")).dev;
  const base = TEMP_FOLDERS.map((folder) => join(root, folder)).find((folder) => {
    mkdirSync(folder, { recursive: true });
    return statSync(folder).dev === device;
  });
  if (!base) throw new Error(`No folder for the page builder's temporary files on the same disk as ${join(root, "site-config")}.`);
  for (const entry of readdirSync(base)) if (!(/^\d+$/.test(entry) && isRunning(Number(entry)))) rmSync(join(base, entry), { recursive: true, force: true });
  for (const area of ["site-config", "public/media"]) sweepOldTemporaries(join(root, area));
  const folder = join(base, String(process.pid));

  /** `data` in a new temporary file, ready to be renamed or linked into place. */
  function stage(data: string | Buffer): string {
    mkdirSync(folder, { recursive: true });
    const temporary = join(folder, `${randomBytes(8).toString("hex")}.tmp`);
    writeFileSync(temporary, data);
    return temporary;
  }

  return {
    /** Writes `data` to `full`, whatever is there. */
    write(full: string, data: string | Buffer): void {
      mkdirSync(dirname(full), { recursive: true });
      const temporary = stage(data);
      try {
        renameSync(temporary, full);
      } finally {
        rmSync(temporary, { force: true });
      }
    },
    /** Writes `data` to `full` only if nothing is there yet; false if something is. */
    create(full: string, data: string | Buffer): boolean {
      mkdirSync(dirname(full), { recursive: true });
      const temporary = stage(data);
      try {
        linkSync(temporary, full);
        return true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "EEXIST") return false;
        throw err;
      } finally {
        rmSync(temporary, { force: true });
      }
    },
    /**
     * Replaces `full` with `data` only if it still holds what hashes to `expected`; false if it
     * changed (or went). The comparison and the rename follow each other with nothing in between.
     */
    replace(full: string, data: string | Buffer, expected: string): boolean {
      const temporary = stage(data);
      try {
        let current: string;
        try {
          current = readFileSync(full, "utf8");
        } catch {
          return false;
        }
        if (sha256(current) !== expected) return false;
        renameSync(temporary, full);
        return true;
      } finally {
        rmSync(temporary, { force: true });
      }
    },
  };
}

export type ContentWriter = ReturnType<typeof contentWriter>;

function sweepOldTemporaries(dir: string): void {
  for (const file of filesUnder(dir)) if (OLD_TEMP_NAME.test(basename(file))) rmSync(file, { force: true });
}

/** Runs the calls made with the same `key` one after another, in the order they came. */
export function oneAtATime() {
  const queues = new Map<string, Promise<unknown>>();
  return <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const result = (queues.get(key) ?? Promise.resolve()).then(work);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    queues.set(key, settled);
    void settled.then(() => {
      if (queues.get(key) === settled) queues.delete(key);
    });
    return result;
  };
}

export function readText(full: string): string {
  try {
    return readFileSync(full, "utf8");
  } catch {
    throw new NotFound(`There is no file ${full}.`);
  }
}
