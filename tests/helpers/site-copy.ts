/**
 * A throwaway copy of site-config/ (with schemas/ and public/ linked in) that
 * a test may break or edit on purpose. The real files are never touched.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadSite } from "../../src/content/site.ts";
import { formatProblem } from "../../src/content/problems.ts";

export const repoRoot = join(import.meta.dirname, "..", "..");

export interface SiteCopy {
  root: string;
  /** Rewrites site-config/<file> with fn(text). Throws if fn changes nothing, so a fixture cannot silently stop applying. */
  edit(file: string, fn: (text: string) => string): void;
  write(file: string, text: string): void;
  read(file: string): string;
  remove(): void;
}

/**
 * buildable: also what `SITE_ROOT=<copy> react-router build` needs, whose server build (in <copy>/dist) imports packages.
 * ownPublic: a copy of public/ instead of a link to ours, for tests that add or remove pictures.
 * at: a fixed folder for the copy, emptied first (a server that may be killed leaves nothing to pile up); a new one otherwise.
 */
export function copySite({ buildable = false, ownPublic = false, at }: { buildable?: boolean; ownPublic?: boolean; at?: string } = {}): SiteCopy {
  if (at) {
    rmSync(at, { recursive: true, force: true });
    mkdirSync(at);
  }
  const root = at ?? mkdtempSync(join(tmpdir(), "site-"));
  cpSync(join(repoRoot, "site-config"), join(root, "site-config"), { recursive: true });
  symlinkSync(join(repoRoot, "schemas"), join(root, "schemas"));
  if (ownPublic) cpSync(join(repoRoot, "public"), join(root, "public"), { recursive: true });
  else symlinkSync(join(repoRoot, "public"), join(root, "public"));
  if (buildable) {
    symlinkSync(join(repoRoot, "node_modules"), join(root, "node_modules"));
    writeFileSync(join(root, "package.json"), JSON.stringify({ private: true, type: "module" }));
  }
  const path = (file: string) => join(root, "site-config", file);
  return {
    root,
    edit(file, fn) {
      const before = readFileSync(path(file), "utf8");
      const after = fn(before);
      if (after === before) throw new Error(`Fixture edit changed nothing in ${file}`);
      writeFileSync(path(file), after);
    },
    write(file, text) {
      writeFileSync(path(file), text);
    },
    read(file) {
      return readFileSync(path(file), "utf8");
    },
    remove() {
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** The problems, as printed, that the content reports after `edits` on a fresh copy; the copy is removed afterwards. */
export function problemsAfter(edits: (site: SiteCopy) => void): string[] {
  const site = copySite();
  try {
    edits(site);
    return loadSite(site.root).problems.map(formatProblem);
  } finally {
    site.remove();
  }
}

/** An edit for SiteCopy.edit: replaces the first match. */
export const replaceOnce = (from: string | RegExp, to: string) => (text: string) => text.replace(from, to);
