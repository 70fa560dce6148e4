/**
 * Unsaved edits kept in this browser (localStorage, one entry per file with the version on disk
 * they were made on), so that a reload, a closed tab or a crash loses nothing: when a file is opened
 * again, they are offered back. Kept while there are unsaved edits, forgotten once saved or discarded.
 */
import { dequal } from "dequal";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { EditorFile } from "../api-client";
import type { Doc, Json } from "../state/types";

export interface KeptEdits {
  path: string;
  /** The file on disk the edits were made on. */
  hash: string;
  saved: Json;
  value: Json;
  /** When they were kept (ms since 1970). */
  at: number;
}

const PREFIX = "site-builder:unsaved:";
/** How long the edits must be still before they are written (and always when the page goes away). */
const KEEP_DELAY_MS = 300;

export function readKept(path: string): KeptEdits | null {
  try {
    const raw = localStorage.getItem(PREFIX + path);
    const kept = raw ? (JSON.parse(raw) as KeptEdits) : null;
    return kept && kept.path === path && typeof kept.hash === "string" ? kept : null;
  } catch {
    return null;
  }
}

function write(doc: Doc) {
  try {
    if (dequal(doc.saved, doc.value)) localStorage.removeItem(PREFIX + doc.path);
    else
      localStorage.setItem(
        PREFIX + doc.path,
        JSON.stringify({ path: doc.path, hash: doc.hash, saved: doc.saved, value: doc.value, at: Date.now() } satisfies KeptEdits),
      );
  } catch {
    // Storage full or off (a private window): the edits stay in memory only, as before.
  }
}

export function forgetKept(path: string) {
  try {
    localStorage.removeItem(PREFIX + path);
  } catch {}
}

/** Keeps `doc`'s unsaved edits; `offer` is what was kept for the file when it was opened, until restored or dismissed. */
export function useKeptEdits(doc: Doc | null) {
  const [offer, setOffer] = useState<KeptEdits | null>(null);
  const latest = useRef(doc);
  latest.current = doc;
  const path = doc?.path;

  // On opening a file: what was kept for it, if it differs from the file.
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!path || opened.current === path) return;
    opened.current = path;
    const kept = readKept(path);
    const current = latest.current;
    setOffer(kept && current && !dequal(kept.value, current.saved) ? kept : null);
  }, [path]);

  // While an offer waits, what was kept is left as it is (opening the file is no edit).
  const waiting = offer !== null && offer.path === path;
  useEffect(() => {
    if (!doc || waiting) return;
    const timer = setTimeout(() => write(doc), KEEP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [doc, waiting]);

  useEffect(() => {
    const flush = () => {
      const current = latest.current;
      if (current && !(offer && offer.path === current.path)) write(current);
    };
    addEventListener("pagehide", flush);
    return () => removeEventListener("pagehide", flush);
  }, [offer]);

  const dismiss = useCallback(() => {
    if (offer) forgetKept(offer.path);
    setOffer(null);
  }, [offer]);
  const taken = useCallback(() => setOffer(null), []);
  return { offer: waiting ? offer : null, dismiss, taken };
}

/** Whether the open file has unsaved edits, and every file that has some: the open one, and those kept in this browser. */
export function useUnsaved(files: EditorFile[] | undefined, doc: Doc | null) {
  const dirty = Boolean(doc && !dequal(doc.saved, doc.value));
  const unsaved = useMemo(
    () => new Set((files ?? []).filter((f) => (f.path === doc?.path ? dirty : readKept(f.path) !== null)).map((f) => f.path)),
    [files, doc?.path, dirty],
  );
  return { dirty, unsaved };
}
