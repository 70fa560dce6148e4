/**
 * A content file changed on disk (by hand, by Git, by another window, another editor in the
 * studio): the server says so (changes-feed.ts). The open file is read again and given to the reducer (which takes the
 * new version, or holds a conflict when there are unsaved edits), and the site is read again (only
 * its content part when the change was to content files).
 * After a save of the builder's own, the check waits for the save to finish, so its own write is
 * recognised by its hash.
 */
import { type RefObject, useEffect, useRef } from "react";
import { api, ApiError, type ContentState } from "../api-client";
import { subscribe } from "../shell/changes-feed";
import type { Action, Doc } from "../state/types";

export interface DiskWatchOptions {
  doc: Doc | null;
  dispatch: (action: Action) => void;
  refresh: () => void;
  /** Reads again only what a change of content files changes. */
  refreshContent: () => void;
  /** Takes the content state an event brought. */
  applyContent: (content: ContentState) => void;
  /** The save under way, if any: its own change is recognised once it is done. */
  saving: () => Promise<unknown> | null;
  /** The newest change of the site the builder has: an event about it (its own save's) asks nothing. */
  generation: RefObject<number>;
}

export function useDiskWatch({ doc, dispatch, refresh, refreshContent, applyContent, saving, generation }: DiskWatchOptions) {
  const path = useRef(doc?.path);
  path.current = doc?.path;
  const waitForSave = useRef(saving);
  waitForSave.current = saving;
  useEffect(() => {
    const onChange = async (data: unknown) => {
      await waitForSave.current()?.catch(() => undefined);
      const { generation: told, paths, content } = (data ?? {}) as { generation?: number; paths?: string[]; content?: ContentState };
      if (typeof told === "number" && told <= generation.current) return;
      // A save's event holds the content after it; content files alone: their part of the site; anything else: all of it.
      if (content) applyContent(content);
      else if (paths?.length && paths.every((p) => p.startsWith("site-config/"))) refreshContent();
      else refresh();
      const open = path.current;
      // Another file changed (the event names it): the open one needs nothing read.
      if (!open || (paths?.length && !paths.includes(open))) return;
      try {
        const file = await api.file(open);
        if (path.current === open) dispatch({ type: "disk", disk: { hash: file.hash, value: file.value, by: file.savedBy } });
      } catch (err) {
        if (err instanceof ApiError && err.status === 404 && path.current === open) dispatch({ type: "disk", disk: null });
      }
    };
    return subscribe((event, data) => event === "changed" && void onChange(data));
  }, [dispatch, refresh, refreshContent, applyContent, generation]);
}
