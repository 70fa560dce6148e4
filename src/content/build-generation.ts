/**
 * Which build of this process is running. A build trusts what it read once for its whole run (the
 * site, the pictures' facts); the studio's long-lived build process (scripts/build-server.ts) runs
 * many, and counts them here, so the next reads them again. Process-wide (a global): the server
 * bundle a build renders with has its own copies of the modules that read it.
 */
const KEY = Symbol.for("site-content/build-generation");
const store = globalThis as Record<symbol, number | undefined>;

export const buildGeneration = (): number => store[KEY] ?? 0;

/** A new build starts: what earlier ones read is read again. */
export function nextBuildGeneration(): void {
  store[KEY] = buildGeneration() + 1;
}
