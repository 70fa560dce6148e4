/**
 * The site as one process last read and checked it, with a generation number that counts the
 * changes. Read at the first ask, then kept: a write of the page builder hands over its own check
 * (`wrote`), so nothing is read twice for it, and when the watcher later reports that very write,
 * the file's text is what the store wrote and nothing is read again either. Any other change (a
 * hand edit, Git, a schema) makes the next ask read and check the site again. One per process and
 * root: the dev server's content plugin and the builder share it; the studio has one for its clone.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { checkSite, type SiteResult } from "./site.ts";

const hash = (text: string) => createHash("sha256").update(text).digest("hex");

export type SiteChange = { generation: number; files: string[] };

export class SiteStore {
  private checked: Promise<SiteResult> | null = null;
  private generation = 0;
  /** Each file the store wrote and checked itself, by its path from the root, and its text's hash. */
  private readonly own = new Map<string, string>();
  private readonly listeners = new Set<(change: SiteChange) => void>();

  constructor(readonly root: string) {}

  /** Which change the site is at (0 until the first change after start). */
  get version(): number {
    return this.generation;
  }

  /** The site as it is now: read and checked at the first ask after a change, then kept. */
  result(): Promise<SiteResult> {
    if (!this.checked) {
      const checking = checkSite(this.root);
      this.checked = checking;
      // A failed read is not kept: the next ask tries again.
      checking.catch(() => {
        if (this.checked === checking) this.checked = null;
      });
    }
    return this.checked;
  }

  /**
   * The builder wrote `files` (path from the root, text), and `result` is the site checked with
   * exactly those texts, from the site at generation `since` (a check takes a moment): if another
   * change came meanwhile, the result misses it, and the site is read again at the next ask.
   */
  wrote(files: { file: string; text: string }[], result: SiteResult, since = this.generation): void {
    for (const { file, text } of files) this.own.set(file, hash(text));
    this.checked = since === this.generation ? Promise.resolve(result) : null;
    this.changed(files.map((f) => f.file));
  }

  /**
   * Files that changed on disk (the watcher): those whose text is what the store wrote are its own
   * writes, already checked. Anything else makes the site be read again. True when it was.
   */
  changedOnDisk(files: string[]): boolean {
    // A file still holding what the store wrote is as checked, however often the watcher reports it.
    const others = [...new Set(files)].filter((file) => {
      const mine = this.own.get(file);
      let text: string | null = null;
      try {
        text = readFileSync(join(this.root, file), "utf8");
      } catch {}
      if (mine !== undefined && text !== null && hash(text) === mine) return false;
      this.own.delete(file);
      return true;
    });
    if (others.length === 0) return false;
    this.invalidate(others);
    return true;
  }

  /** Something changed that the store did not write (a publish's merge, a restore, a file deleted): read again at the next ask. */
  invalidate(files: string[] = []): void {
    this.checked = null;
    this.changed(files);
  }

  /** Calls `listener` after each change, with the new generation; returns how to stop. */
  onChange(listener: (change: SiteChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(files: string[]) {
    this.generation++;
    for (const listener of this.listeners) listener({ generation: this.generation, files });
  }
}
