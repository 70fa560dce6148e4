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
