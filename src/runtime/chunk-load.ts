/**
 * Lazy chunks (the enquiry form, say) after a redeploy: a tab opened before
 * it asks for a chunk file that no longer exists. The page then reloads once
 * to get the fresh version; if the chunk still fails, the error is a
 * ChunkLoadError, "Loading chunk {id} failed (reason: url)" (SPEC s8), which
 * the root error screen shows with a Retry button. The rule is reloadOnce
 * (src/runtime/reload-once.js), which the boot script of every page shares with
 * the same sessionStorage key, so one failure never causes two reloads.
 *
 *   const EnquiryForm = lazy(() => loadChunk("EnquiryForm", () => import("./EnquiryForm")));
 */
import type { FulfilledReactPromise, PendingReactPromise, RejectedReactPromise } from "react";
import { CHUNK_TIMEOUT_MS, RELOAD_KEY } from "@/runtime/constants";
import { reloadOnce } from "./reload-once.js";

export class ChunkLoadError extends Error {
  override name = "ChunkLoadError";
  constructor(
    readonly chunk: string,
    readonly reason: string,
    readonly url?: string,
  ) {
    super(`Loading chunk ${chunk} failed (${url ? `${reason}: ${url}` : reason})`);
  }
}

export const isChunkLoadError = (error: unknown): error is Error => error instanceof Error && error.name === "ChunkLoadError";

export interface LoadChunkOptions {
  timeoutMs?: number;
  storage?: Pick<Storage, "getItem" | "setItem" | "removeItem">;
  reload?: () => void;
  key?: string;
}

/** The URL a failed dynamic import names in its message, if any. */
const failedUrl = (error: unknown) => (error instanceof Error ? /(\/assets\/[^\s'"]+\.js)/.exec(error.message)?.[1] : undefined);

/** Loads the page a client-side navigation in progress is going to (see leaving). */
let goToDestination: (() => void) | undefined;

/**
 * Runs `navigation` (a route's preparation: loading the code it needs) so that a chunk failing
 * meanwhile loads `url` afresh (`go`) instead of reloading the page being left: a failed chunk of
 * either page means a redeploy, and the visitor asked for `url`.
 */
export async function leaving<T>(url: string, navigation: () => Promise<T>, go: (url: string) => void = (to) => location.assign(to)): Promise<T> {
  const mine = () => go(url);
  goToDestination = mine;
  try {
    return await navigation();
  } finally {
    if (goToDestination === mine) goToDestination = undefined;
  }
}

const reloadPage = () => (goToDestination ? goToDestination() : location.reload());

export function loadChunk<T>(chunk: string, load: () => Promise<T>, options: LoadChunkOptions = {}): Promise<T> {
  const { timeoutMs = CHUNK_TIMEOUT_MS, storage = sessionStorage, reload = reloadPage, key = RELOAD_KEY + location.pathname } = options;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => fail(new ChunkLoadError(chunk, "timeout")), timeoutMs);
    const fail = (error: ChunkLoadError) => {
      clearTimeout(timer);
      // The page is going away when it reloads: leave the promise pending.
      if (!reloadOnce(storage, key, reload)) reject(error);
    };
    load().then(
      (module) => {
        clearTimeout(timer);
        try {
          storage.removeItem(key);
        } catch {
          // ignore
        }
        resolve(module);
      },
      (error: unknown) => {
        const url = failedUrl(error);
        fail(new ChunkLoadError(chunk, typeof navigator !== "undefined" && navigator.onLine === false ? "offline" : "missing", url));
      },
    );
  });
}

/**
 * A promise that says when it has settled, as React's use() reads it: the `status`, `value` and
 * `reason` fields of React's own promise types (ReactPromise, exported by "react"), which React's
 * documentation asks Suspense-enabled libraries to set on the promises they create (react.dev, use():
 * "Avoiding fallbacks by passing Promise subclasses"). use() of a settled one returns at once instead
 * of suspending for a microtask and showing a fallback. (Calling use() only while a value is missing
 * is what React warns against: "conditional use of use".) tests/unit/load-once.test.tsx renders with
 * it, so a React upgrade that reads promises otherwise fails there.
 */
export type Settling<T> = Promise<T> & (PendingReactPromise<T> | FulfilledReactPromise<T> | RejectedReactPromise<T>);

export function settling<T>(promise: Promise<T>): Settling<T> {
  const marked: Promise<T> & { status?: string; value?: T; reason?: unknown } = promise;
  marked.status = "pending";
  promise.then(
    (value) => {
      marked.status = "fulfilled";
      marked.value = value;
    },
    (reason: unknown) => {
      marked.status = "rejected";
      marked.reason = reason;
    },
  );
  return marked as Settling<T>;
}

/** Already settled, as use() reads it (see settling). */
export function settled<T>(value: T): Settling<T> {
  return Object.assign(Promise.resolve(value), { status: "fulfilled" as const, value });
}

/**
 * Calls `load` once and keeps its promise (see settling: code that has arrived renders at once;
 * React.lazy suspends once more on its first render). A failed load (a redeploy removed the
 * chunk) can be tried again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Settling<T> {
  let pending: Settling<T> | undefined;
  return () => {
    pending ??= settling(
      load().catch((error: unknown) => {
        pending = undefined;
        throw error;
      }),
    );
    return pending;
  };
}
