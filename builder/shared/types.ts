/**
 * What the builder's server and its browser side say to each other: the API's answers, typed once
 * here; the server's functions return these, and the browser's client (app/api-client.ts) reads them.
 */
import type { Collections } from "../../src/content/collections.ts";
import type { JsonValue } from "../../src/content/json-source.ts";
import type { Problem } from "../../src/content/problems.ts";
import type { CatalogEntry, PageData } from "../../src/content/site.server.ts";
import type { SiteSettings } from "../../src/generated/content.ts";
import type { ImageFacts } from "../../src/images/slots.ts";
import type { InboxStatus } from "./inbox.ts";

export type { JsonValue };

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

export type FileKind = "page" | "template" | "collection" | "settings" | "shared";

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
  /** during: saves made while it ran, not in it (they go with the next publish). */
  | {
      status: "published";
      commit: string;
      changes: number;
      during: number;
      /** What went live, by title ("About us page"), and how many files stay waiting (not chosen). */
      files?: string[];
      paths?: string[];
      waiting?: number;
      /** It pushed a build made ahead of time (a schedule), checked to be what a publish now would make. */
      builtAhead?: boolean;
      /** From its start to live (the push, and with STUDIO_DEPLOY=local the switch), ms. */
      ms: number;
      log: string[];
    }
  | { status: "nothing"; log: string[] }
  | { status: "conflict"; files: FileConflict[]; log: string[] }
  | { status: "refused"; reason: string; output: string; log: string[] };

export type Schema = { [key: string]: unknown };

/** A picture just stored in public/media/: its path for content, its size in bytes, what the site knows of it. */
export interface Uploaded {
  src: string;
  size: number;
  images: Record<string, ImageFacts>;
}

/** A section type in the library: its example, rendered. */
export type LibraryEntry = CatalogEntry & { title: string; example: JsonValue };

/** What a change to content changes of the state: sent with each save, so the builder asks nothing more. */
export interface ContentState {
  /** Which change of the site this is (the server's count): an event about an older one is old news. */
  generation: number;
  files: EditorFile[];
  /** The page templates "New page" offers (site-config/templates/<name>.json, the service template aside), by name. */
  pageTemplates: string[];
  /** The shared sections (site-config/shared/<name>.json): what each stands for (null while broken) and where it is placed, in words ("/about-us"). */
  shared: { name: string; file: string; section: JsonValue | null; placedIn: string[] }[];
  routes: string[];
  collections: Collections | null;
  settings: SiteSettings | null;
  problems: EditorProblem[];
}

/** A save's answer: the file as written, the site's problems with it, and the content as it is now. */
/**
 * merged (the studio): a colleague saved other parts of the file since it was read, and the file
 * now holds both: this is its value (the builder takes the colleague's part in).
 */
export type SaveAnswer = Omit<FileData, "value" | "savedBy"> & { problems: EditorProblem[]; state: ContentState; merged?: JsonValue };

export interface EditorState extends ContentState {
  media: string[];
  /** What the site knows of each picture in public/media/. */
  images: Record<string, ImageFacts>;
  /** Each file of public/media/'s size in bytes. */
  mediaBytes: Record<string, number>;
  schemas: { sections: Record<string, Schema>; documents: Record<string, Schema> };
  library: LibraryEntry[];
  /** The largest picture the upload takes, in bytes. */
  uploadLimit: number;
  /** Which start of the dev server answers (a restart makes a new one). */
  server?: string;
  /** Served by the studio (studio/): who is signed in. */
  studio?: { account: StudioAccount };
}

export interface StudioAccount {
  name: string;
  email: string;
  role: "editor" | "publisher";
}

/** The drafts not published yet: how many, by whom, and the latest few (newest first). */
/** One file with changes waiting to be published: what the drafts hold beyond the live version. */
export interface WaitingFile {
  path: string;
  /** What a person calls it: "About us page", "Site settings". */
  title: string;
  /** Against the live site. */
  status: "added" | "changed" | "deleted";
  /** Saves since the live version, and the latest few of them, newest first. */
  count: number;
  changes: Version[];
  by: { name: string; count: number }[];
}

export interface PendingChanges {
  count: number;
  changes: Version[];
  by: { name: string; count: number }[];
  /** The same changes by file, the most recently changed first. */
  files: WaitingFile[];
}

/** One line of the studio's activity: who did what, when, in words. */
export interface ActivityItem {
  /** ISO time. */
  time: string;
  /** The account's e-mail address ("command line" for the studio's command line, "studio" for what it did on its own). */
  who: string;
  /** Their name, when they have an account. */
  name: string;
  /** A short fixed word: "save", "publish", "sign-in", "sign-in.failed"... */
  what: string;
  text: string;
  /** The files it was about. */
  paths: string[];
}

export interface ActivityList {
  items: ActivityItem[];
  /** Everyone in the log (for a publisher's filter; an editor sees only themself). */
  people: { email: string; name: string }[];
}

/** A publish set for a date and time (the site's time zone). */
export interface ScheduledPublish {
  id: string;
  /** When, as an ISO time (UTC). */
  at: string;
  /** The same in the site's time zone: "2026-11-30T09:00", as a date-and-time field holds it. */
  wall: string;
  /** In words: "30 Nov 2026, 09:00 (Asia/Kolkata)". */
  when: string;
  /** The files it publishes (null: everything waiting then), and what people call them. */
  files: string[] | null;
  titles: string[];
  by: { name: string; email: string };
  state: "waiting" | "running" | "published" | "failed" | "cancelled";
  /** Why it failed, or what happened on the way ("due while the studio was stopped: run at its start"). */
  reason?: string;
  note?: string;
  /** When it ran (ISO). */
  ran?: string;
  /** When its build, made ahead of its time, was checked and ready (ISO); gone if what it took changed since. */
  ready?: string;
  /** Whether it went live with the build made ahead (seconds after its time) or had to build then. */
  builtAhead?: boolean;
}

/** An editor's changes to one file, put to the publishers with a note. */
export interface ReviewRequest {
  id: string;
  path: string;
  /** What a person calls the file: "Page /about-us". */
  title: string;
  by: { name: string; email: string };
  note: string;
  /** When asked (again), ISO. */
  asked: string;
  /** "open": waiting for a publisher; "returned": sent back with a comment; "published": live. */
  state: "open" | "returned" | "published";
  /** The publisher's comment when it was sent back, and who sent it. */
  comment?: string;
  returnedBy?: string;
  /** The file's changes waiting now, in words, newest first (the review shows the latest). */
  changes: Version[];
}

/** A preview link: the site built with some waiting changes, for anyone with the link. */
export interface PreviewLink {
  id: string;
  /** The files it shows changed (null: everything waiting when it was made), and what people call them. */
  files: string[] | null;
  titles: string[];
  by: { name: string; email: string };
  /** ISO times. */
  created: string;
  expires: string;
  state: "building" | "ready" | "failed" | "revoked";
  reason?: string;
}

export interface StudioStatus {
  account: StudioAccount;
  pending: PendingChanges;
  editing: { email: string; name: string; path: string; at: number }[];
  publishing: { id: string; running: boolean; log: string[]; outcome: PublishOutcome | null } | null;
  deploy: "none" | "local";
  /** Saves not on the remote's drafts branch yet, and why (a push that failed and is being retried). */
  remote: { behind: number; error: string | null };
  /** The site's enquiries, for an account allowed to see them (null otherwise): how many are new. */
  enquiries: InboxStatus | null;
  /** Publishes scheduled and not done, and those that failed (until changed or cancelled), soonest first. */
  schedules: ScheduledPublish[];
  /** The site's time zone, in which schedules are chosen and shown. */
  timeZone: string;
  /** Reviews: all open ones for a publisher, one's own (open or sent back) for an editor; and whether publishing editors' changes needs one. */
  reviews: ReviewRequest[];
  reviewRequired: boolean;
}

export interface FileData {
  path: string;
  text: string;
  hash: string;
  value: JsonValue;
  /** In the studio: who saved it last, and when. */
  savedBy?: { name: string; date: string } | null;
}

export interface CheckResult {
  text: string;
  problems: EditorProblem[];
  errors: boolean;
  page: PageData | null;
  settings: SiteSettings | null;
  routes: string[];
}
