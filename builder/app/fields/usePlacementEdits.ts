/**
 * The edits of a placed shared section's form (issue 51), as one undo step each: a field of its own
 * dropped ("Use the shared text"), or the placement made the page's own copy ("Detach").
 */
import { type RefObject, useCallback } from "react";
import type { Action, Json } from "../state/types";
import { type Placement, toPlacement, withoutOverride } from "./placement";
import type { Fields } from "./useFields";

/** What the form's value becomes in the file: a placement keeps the fields that differ as its own; a part of a file goes back into it. */
export function written(fields: Fields, value: Json): Json {
  const own = fields.placement ? toPlacement(value, fields.placement) : value;
  return fields.wrap ? fields.wrap(own) : own;
}

export function usePlacementEdits(shown: RefObject<{ fields: Fields | null; selected: string | null }>, dispatch: (action: Action) => void) {
  /** Replaces the placement shown with `next`, as one step. */
  const replace = useCallback(
    (next: (placement: Placement) => Json, step: string) => {
      const { fields, selected } = shown.current;
      if (!fields?.placement) return;
      const value = next(fields.placement);
      dispatch({ type: "edit", target: fields.target, value: fields.wrap ? fields.wrap(value) : value, key: `${step}:${selected}` });
      dispatch({ type: "seal" });
    },
    [dispatch, shown],
  );
  const dropOverride = useCallback((key: string) => replace((p) => withoutOverride(p.entry, key), `shared:${key}`), [replace]);
  const detach = useCallback(() => replace((p) => p.shown, "detach"), [replace]);
  return { dropOverride, detach };
}
