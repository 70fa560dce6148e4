/**
 * "Make shared" (issue 51): the selected section is stored as site-config/shared/<name>.json (at
 * once), and the page places it by name instead, an edit saved with the page like any other.
 */
import { useCallback, useRef } from "react";
import { api } from "../api-client";
import type { Tone } from "../shell/types";
import { listOf } from "../state/list";
import type { Action, State } from "../state/types";

export function useMakeShared(
  state: State,
  dispatch: (action: Action) => void,
  announce: (text: string, tone?: Tone) => void,
  refreshContent: () => Promise<void>,
) {
  const current = useRef(state);
  current.current = state;
  return useCallback(
    async (name: string) => {
      const { doc, selected } = current.current;
      const index = doc && selected ? doc.ids.indexOf(selected) : -1;
      const section = doc && index >= 0 ? listOf(doc)[index] : undefined;
      if (!doc || !selected || section === undefined) {
        announce("Select a section first (in the outline or the canvas).");
        return false;
      }
      try {
        const made = await api.share(name, section);
        // The shared section is known before the page names it: the canvas shows it at once.
        await refreshContent();
        dispatch({ type: "edit", target: { entry: selected }, value: { shared: name }, key: `share:${selected}` });
        dispatch({ type: "seal" });
        announce(`Made the shared section "${name}" (${made.path}). Save ${doc.path} to place it here by name.`, "ok");
        return true;
      } catch (err) {
        announce(`Not made shared: ${(err as Error).message}`, "error");
        return false;
      }
    },
    [dispatch, announce, refreshContent],
  );
}
