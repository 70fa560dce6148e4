/** What the builder's server and its browser side say to each other about files and problems. */
import type { Problem } from "../../content/problems.ts";

/** A version of a file in the studio, or a change not published yet (server/studio/history.ts). */
export interface Version {
  commit: string;
  author: string;
  email: string;
  /** ISO 8601. */
  date: string;
  message: string;
  /** On the live site (in the published branch). */
  published: boolean;
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
