/** Shared by the boot script of each page (src/deploy/boot.js) and lazy chunks (src/runtime/chunk-load.ts). */

/** SPEC s8: chunk load time-out. */
export const CHUNK_TIMEOUT_MS = 120_000;
/** Hydration starts at `load`, or after this long if `load` is late (a slow image). */
export const HYDRATE_TIMEOUT_MS = 3_000;
/** Sent on the document when React starts hydrating (src/entry.client.tsx): from then on it sees every click. */
export const HYDRATING_EVENT = "site:hydrating";
/** sessionStorage key prefix (+ path) marking "this page already reloaded once for a failed chunk". */
export const RELOAD_KEY = "chunk-reload:";
