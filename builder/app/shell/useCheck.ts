/**
 * The site's own checks (the same as `npm run validate`) over the unsaved edits, run by the
 * editor's server off the typing path: once the edits have been still for a moment, the latest
 * only (an older request still out is cancelled). Its answer is the problems and the page as the
 * site would render it, for the value and ids that were sent.
 */
import { useEffect, useRef, useState } from "react";
import { api, isAbort, type CheckResult } from "../api-client";
import type { Doc } from "../state/types";

/** How long the edits must be still before they are checked. */
export const CHECK_DELAY_MS = 150;

export interface Checked {
  result: CheckResult;
  /** What was checked: the file, its value and the list's ids then. */
  sent: Pick<Doc, "path" | "value" | "ids">;
  preview: string;
}

export function useCheck(doc: Doc | null, preview: string, onError: (message: string) => void) {
  const [checked, setChecked] = useState<Checked | null>(null);
  const [checking, setChecking] = useState(false);
  // The first check of a file goes as soon as the thread is free (it brings the page's problems); later ones wait for a pause.
  const lastPath = useRef<string | null>(null);
  const path = doc?.path;
  const value = doc?.value;
  const ids = doc?.ids;
  useEffect(() => {
    if (path === undefined || value === undefined || ids === undefined) return;
    const controller = new AbortController();
    setChecking(true);
    const go = () => {
      api.check(path, value, preview, controller.signal).then(
        (result) => {
          lastPath.current = path;
          setChecked({ result, sent: { path, value, ids }, preview });
          setChecking(false);
        },
        (err: unknown) => {
          if (isAbort(err)) return;
          setChecking(false);
          onError(`Could not check the changes: ${(err as Error).message}`);
        },
      );
    };
    // A file just opened is checked once the builder and the canvas have drawn it (the check is work for the same server and thread).
    const first = lastPath.current !== path;
    let stop: () => void;
    if (first && typeof requestIdleCallback === "function") {
      const id = requestIdleCallback(go, { timeout: 1000 });
      stop = () => cancelIdleCallback(id);
    } else {
      const id = setTimeout(go, first ? 0 : CHECK_DELAY_MS);
      stop = () => clearTimeout(id);
    }
    return () => {
      stop();
      controller.abort();
    };
  }, [path, value, ids, preview, onError]);
  return { checked: checked?.sent.path === path ? checked : null, checking };
}
