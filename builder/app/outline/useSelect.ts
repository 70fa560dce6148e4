/**
 * Choosing a section: from the outline, the canvas scrolls to it (`reveal` counts the asks); from
 * the canvas, its fields come next, unless the arrow keys only went by it.
 */
import { type Dispatch, type RefObject, useCallback, useState } from "react";
import type { Action } from "../state/types";
import { focusInPane } from "../shell/panes";

export function useSelect(dispatch: Dispatch<Action>, heading: RefObject<HTMLHeadingElement | null>) {
  const [reveal, setReveal] = useState(0);
  const fromOutline = useCallback(
    (id: string) => {
      dispatch({ type: "select", id });
      setReveal((n) => n + 1);
    },
    [dispatch],
  );
  const fromCanvas = useCallback(
    (id: string, toFields: boolean) => {
      dispatch({ type: "select", id });
      if (toFields) focusInPane(heading.current);
    },
    [dispatch, heading],
  );
  return { reveal, fromOutline, fromCanvas };
}
