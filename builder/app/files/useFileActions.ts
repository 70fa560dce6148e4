/**
 * Opening a file, saving it, and the page actions (create, duplicate, rename, delete). A save is
 * refused while the file has a conflict or known errors; a file changed on disk meanwhile (409)
 * turns into the conflict view, with the disk's version read at once.
 */
import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { api, ApiError, type ContentState, type EditorState } from "../api-client";
import type { PageAction } from "./types";
import type { Action, Json, State } from "../state/types";
import { forgetKept } from "./useKeptEdits";
import type { Tone } from "../shell/types";

const setFileInUrl = (path: string) => {
  const url = new URL(location.href);
  url.searchParams.set("file", path);
  history.replaceState(history.state, "", url);
};

export const fileFromUrl = () => (typeof location === "undefined" ? null : new URL(location.href).searchParams.get("file"));

export interface FileActionsOptions {
  state: State;
  dispatch: (action: Action) => void;
  site: EditorState | null;
  /** Reads the site again (after a page action). */
  refresh: () => Promise<EditorState | null>;
  /** Takes the content a save answered with: the builder that saved asks nothing more. */
  applyContent: (content: ContentState) => void;
  announce: (text: string, tone?: Tone) => void;
  /** The errors known in exactly what would be saved: Save is refused for them. */
  knownErrors: number;
  /** A file was read and is about to be drawn (the canvas can start on its sections). */
  onOpening?: (value: Json) => void;
}

export function useFileActions({ state, dispatch, site, refresh, applyContent, announce, knownErrors, onOpening }: FileActionsOptions) {
  const [saving, setSaving] = useState(false);
  const pending = useRef<Promise<unknown> | null>(null);
  const latest = useRef(state);
  latest.current = state;

  const open = useCallback(
    async (path: string, known = site, selectIndex?: number | null) => {
      try {
        const data = await api.file(path);
        const kind = known?.files.find((f) => f.path === path)?.kind ?? "page";
        onOpening?.(data.value);
        // Drawn in a transition: the builder's first drawing of a file yields, so the canvas's page loads meanwhile on the same thread.
        startTransition(() => dispatch({ type: "open", doc: { path, kind, hash: data.hash, saved: data.value }, selectIndex }));
        setFileInUrl(path);
      } catch (err) {
        announce((err as Error).message, "error");
      }
    },
    [site, dispatch, announce, onOpening],
  );

  const save = useCallback(async () => {
    const { doc, conflict } = latest.current;
    if (!doc || pending.current) return;
    if (conflict) return announce("Not saved: the file changed on disk. Choose what to keep first (above the preview).", "error");
    if (knownErrors > 0)
      return announce(
        `Not saved: ${doc.path} has ${knownErrors === 1 ? "1 error" : `${knownErrors} errors`}. Fix ${knownErrors === 1 ? "it" : "them"} first (listed above the fields).`,
        "error",
      );
    setSaving(true);
    const request = api.save(doc.path, doc.value, doc.hash);
    pending.current = request;
    try {
      const result = await request;
      if (result.merged === undefined) dispatch({ type: "saved", hash: result.hash, value: doc.value, ids: doc.ids });
      else dispatch({ type: "merged", hash: result.hash, sent: doc.value, ids: doc.ids, value: result.merged });
      forgetKept(doc.path);
      announce(
        result.merged === undefined ? `Saved ${doc.path}.` : `Saved ${doc.path}, with a colleague's changes to other parts of it, saved meanwhile.`,
        "ok",
      );
      applyContent(result.state);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        const disk = await api.file(doc.path).catch(() => null);
        const who = disk?.savedBy ? `${disk.savedBy.name} saved this file since you opened it` : "the file changed on disk";
        announce(`Not saved: ${who}. Nothing is lost: choose what to keep (above the preview).`, "error");
        dispatch({ type: "disk", disk: disk ? { hash: disk.hash, value: disk.value, by: disk.savedBy } : null });
      } else announce((err as Error).message, "error");
    } finally {
      pending.current = null;
      setSaving(false);
    }
  }, [dispatch, announce, applyContent, knownErrors]);

  const runPageAction = useCallback(
    async (action: PageAction, fixLinks = false): Promise<{ links?: { file: string; path: string; href: string }[]; error?: string } | undefined> => {
      try {
        let path: string;
        if (action.kind === "create") {
          const created = await api.createPage(action.slug, action.from || undefined, action.template || undefined);
          path = created.path;
          announce(`Created ${created.route} as a draft (${created.path}).`, "ok");
        } else if (action.kind === "rename") {
          const result = await api.renamePage(action.slug, action.to, fixLinks);
          if (!result.renamed) return { links: result.links };
          if (!result.path) throw new Error("The page was renamed, but the server did not say its new file.");
          path = result.path;
          announce(`Renamed to /${action.to}${result.links.length ? `; ${result.links.length} links changed` : ""}.`, "ok");
        } else {
          const result = await api.deletePage(action.slug);
          if (!result.deleted) return { links: result.links };
          path = "site-config/pages/home.json";
          announce(`Deleted the page /${action.slug}.`, "ok");
        }
        await open(path, await refresh());
      } catch (err) {
        return { error: (err as Error).message };
      }
    },
    [announce, open, refresh],
  );

  return { open, save, saving, pendingSave: useCallback(() => pending.current, []), runPageAction };
}

/** Opens the file in the address at the start (a reload keeps it), else the home page, else the first file. */
export function useOpenFirst(site: EditorState | null, open: (path: string, site: EditorState) => unknown) {
  const started = useRef(false);
  useEffect(() => {
    if (!site || started.current) return;
    started.current = true;
    const wanted = fileFromUrl();
    const first = site.files.find((f) => f.path === wanted) ?? site.files.find((f) => f.kind === "page" && f.route === "/") ?? site.files[0];
    if (first) void open(first.path, site);
  }, [site, open]);
}
