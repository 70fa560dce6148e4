/** Where the keyboard focus goes: a form field by its id, a problem's field (selecting its entry first), the builder's parts from the skip links. */
import { type RefObject, useCallback } from "react";
import type { CanvasHandle } from "../canvas/types";
import type { EditorProblem } from "../api-client";
import { listKey } from "../state/list";
import type { Action, Doc } from "../state/types";
import { fieldId } from "./words";
import { OWN_FIELDS } from "../fields/useFields";
import { focusInPane, showPaneOf } from "./panes";

const CONTROL = "input:not([type=hidden]), select, textarea, button";

/** Focuses the element `id` once the panel has rendered (showing the panel): a control, or the first control inside it (a picture's fieldset, say). */
export function focusById(id: string) {
  requestAnimationFrame(() => {
    const element = document.getElementById(id) ?? document.getElementById(`${id}_src`);
    focusInPane(element?.matches(CONTROL) ? element : (element?.querySelector<HTMLElement>(CONTROL) ?? element));
  });
}

export function useFocusing(
  doc: Doc | null,
  dispatch: (action: Action) => void,
  open: (path: string) => void,
  refs: { canvas: RefObject<CanvasHandle | null>; outline: RefObject<HTMLElement | null> },
) {
  const goToProblem = useCallback(
    (problem: EditorProblem) => {
      if (!doc || problem.file !== doc.path) return open(problem.file);
      const key = listKey(doc.kind);
      const [, first, index] = problem.field.split("/");
      const entryId = key && first === key && index !== undefined ? doc.ids[Number(index)] : undefined;
      dispatch({ type: "select", id: entryId ?? (key ? OWN_FIELDS : null) });
      focusById(fieldId("field", entryId ? `/${key}/${index}` : "", problem.field));
    },
    [doc, dispatch, open],
  );
  /** The outline's selected row (its name button), or the outline itself. */
  const toOutline = useCallback(() => {
    const outline = refs.outline.current;
    focusInPane(outline?.querySelector<HTMLElement>("[data-selected] button:nth-of-type(2)") ?? outline?.querySelector<HTMLElement>("button"));
  }, [refs.outline]);
  /** An entry's row in the outline (its name), once drawn: where the keyboard goes after adding one. */
  const toEntry = useCallback(
    (id: string) => {
      let frames = 0;
      const attempt = () => {
        const name = refs.outline.current?.querySelector<HTMLElement>(`[data-outline-item="${CSS.escape(id)}"] button:nth-of-type(2)`);
        if (name) focusInPane(name);
        else if (++frames < 30) requestAnimationFrame(attempt);
      };
      requestAnimationFrame(attempt);
    },
    [refs.outline],
  );
  const skip = {
    fields: () => focusById(document.querySelector<HTMLElement>(`#fields .editor-form :is(${CONTROL})`)?.id ?? "fields-title"),
    outline: toOutline,
    preview: () => {
      showPaneOf(document.getElementById("canvas"));
      refs.canvas.current?.focus();
    },
    toolbar: () => document.querySelector<HTMLElement>("header button")?.focus(),
  };
  return { goToProblem, toOutline, toEntry, skip };
}
