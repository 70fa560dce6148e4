/** What the studio's plugins share: its settings, its clone and store, who is signed in and editing, and how it speaks to whoever runs it. */
import type { EventStream } from "../builder/server/events.ts";
import type { Clone, DraftsMirror } from "../builder/server/git.ts";
import type { Accounts } from "./accounts.ts";
import type { StudioConfig } from "./config.ts";
import type { GitStore } from "./git-store.ts";
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
}
