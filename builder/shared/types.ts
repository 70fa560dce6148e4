/** What the builder's server and its browser side say to each other about files and problems. */
import type { Problem } from "../../src/content/problems.ts";

/** A version of a file in the studio, or a change not published yet (studio/history.ts). */
export interface Version {
  commit: string;
  author: string;
  email: string;
  /** ISO 8601. */
  date: string;
  message: string;
  /** On the live site (in the published branch). */
  published: boolean;
  /** In a file's history: the file of this version is the one live now, or the draft now. */
  live?: boolean;
  draft?: boolean;
  /** In a file's history: a version a publish set aside, keeping the other side of a change made on both. */
  setAside?: boolean;
}

export type FileKind = "page" | "template" | "collection" | "settings";

export interface EditorFile {
  /** From the project root: "site-config/pages/home.json". */
  path: string;
  kind: FileKind;
  /** What a person calls it: "home", "services", "Settings". */
  name: string;
  /** The page's address, for pages. */
  route?: string;
  draft?: boolean;
  /** The schema its form is made from (bundled for @rjsf/core). */
  schema: string;
}

/** A content file changed since the last commit (in the studio: since it was published): its diff, and its text then and now (null: not there, or not JSON). */
export interface FileChange {
  path: string;
  status: "added" | "changed" | "deleted";
  diff: string;
  head: string | null;
  current: string | null;
}

/** A problem as the builder shows it: the line as `npm run validate` prints it, and where it belongs. */
export interface EditorProblem {
  file: string;
  pointer: string;
  severity: Problem["severity"];
  /** "site-config/pages/home.json:42:7  sections[3] (hero) > headline  ..." */
  text: string;
  /** The message and hint alone. */
  message: string;
  /** Where a form shows it (a missing field's own place; else `pointer`). */
  field: string;
  /** For under the field, without the field's name: "Too long (95 characters; at most 90). Shorten it." (null: `message` says it all). */
  detail: string | null;
}

/** Who changed a file on one side since the two sides parted, newest first. */
export interface ConflictSide {
  by: { name: string; date: string }[];
}

/** One thing changed on both sides, with what each side made of it, in words. */
export interface ConflictView {
  key: string;
  text: string;
  mine: string[];
  theirs: string[];
}

/** A file changed on both sides: its name, each conflict, and who changed it on each side ("mine": the drafts). */
export interface FileConflict {
  path: string;
  title: string;
  conflicts: ConflictView[];
  mine: ConflictSide;
  theirs: ConflictSide;
}

export type PublishOutcome =
  | { status: "published"; commit: string; changes: number; log: string[] }
  | { status: "nothing"; log: string[] }
  | { status: "conflict"; files: FileConflict[]; log: string[] }
  | { status: "refused"; reason: string; output: string; log: string[] };
