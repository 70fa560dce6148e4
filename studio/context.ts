/** What the studio's plugins share: its settings, its clone and store, who is signed in and editing, the inbox, the activity log, and how it speaks to whoever runs it. */
import type { EventStream } from "../builder/server/events.ts";
import type { Clone, DraftsMirror } from "../builder/server/git.ts";
import type { Accounts } from "./accounts.ts";
import type { ActivityLog } from "./activity.ts";
import type { StudioConfig } from "./config.ts";
import type { GitStore } from "./git-store.ts";
import type { Inbox } from "./inbox.ts";
import type { Presence } from "./presence.ts";
import type { SessionFile } from "./sessions.ts";

export interface StudioContext {
  config: StudioConfig;
  /** This project: its node_modules build the site at publish; with STUDIO_DEPLOY=local its dist/ is switched. */
  project: string;
  /** The studio's build (vite.studio.config.ts). */
  assets: string;
  accounts: Accounts;
  sessions: SessionFile;
  clone: Clone;
  git: GitStore;
  events: EventStream;
  presence: Presence;
  mirror: DraftsMirror;
  /** With STUDIO_DEPLOY=local: switches the served site to a build. */
  deploy?(dist: string, commit: string): Promise<void>;
  /** What the studio tells whoever runs it. */
  say(line: string): void;
  /** Who did what, when (views and exports of enquiries...). */
  activity: ActivityLog;
  /** The site's enquiries, when the studio can see its outbox (OUTBOX_DIR). */
  inbox: Inbox | null;
}
