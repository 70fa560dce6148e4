/**
 * What `npm run build:changed` and the process that starts it (the studio's publish) agree on. Its
 * own small module: the studio reads these without loading the build itself (Vite, its bundler).
 */

/** npm run build:changed's exit code when the content has errors (not the build): the studio's publish tells them apart. */
export const CONTENT_ERRORS_EXIT = 3;

/** A step of `npm run build:changed`, sent to the process that started it over Node's IPC channel. */
export interface BuildStep {
  step: string;
}

/** To scripts/build-server.ts: run build number `build` in the folder it was started in. */
export interface BuildRequest {
  build: number;
}

/**
 * From scripts/build-server.ts: a step of the build, what it printed (in order with the rest: the
 * check's report, the whole-site build's output), its end (`ends`: the process exits now, and
 * the next build starts a new one), or `stale`: the folder's code is no longer what the process
 * loaded, so it built nothing and exits (the build is run once, by scripts/build-changed.ts).
 */
export type BuildReply = BuildStep | { output: string } | { done: number; code: number; ends: boolean } | { stale: number };
