/**
 * A content file changed on disk (by hand, by Git, by another window, another editor in the
 * studio): the server says so (changes-feed.ts). The open file is read again and given to the reducer (which takes the
 * new version, or holds a conflict when there are unsaved edits), and the site is read again.
 * After a save of the builder's own, the check waits for the save to finish, so its own write is
 * recognised by its hash.
 */
import { useEffect, useRef } from "react";
import { api, ApiError } from "../api-client";
import { subscribe } from "../shell/changes-feed";
import type { Action, Doc } from "../state/types";

export function useDiskWatch(doc: Doc | null, dispatch: (action: Action) => void, refresh: () => void, saving: () => Promise<unknown> | null) {
  const path = useRef(doc?.path);
  path.current = doc?.path;
  const waitForSave = useRef(saving);
  waitForSave.current = saving;
  useEffect(() => {
    const onChange = async () => {
      await waitForSave.current()?.catch(() => undefined);
      refresh();
      const open = path.current;
      if (!open) return;
      try {
        const file = await api.file(open);
        if (path.current === open) dispatch({ type: "disk", disk: { hash: file.hash, value: file.value, by: file.savedBy } });
      } catch (err) {
        if (err instanceof ApiError && err.status === 404 && path.current === open) dispatch({ type: "disk", disk: null });
      }
    };
    return subscribe((event) => event === "changed" && void onChange());
  }, [dispatch, refresh]);
}
