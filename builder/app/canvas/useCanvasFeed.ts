/**
 * What the builder hands the canvas: the page as last drawn (with the site's checks), and, ahead of
 * the builder's drawing, a section as typed, a new order, and the section types of a file being opened.
 */
import { type RefObject, useCallback, useMemo, useRef } from "react";
import type { EditorFile, EditorProblem, EditorState } from "../api-client";
import type { CanvasHandle } from "./types";
import { previewPage, typedSlot } from "./local";
import type { Doc, Json } from "../state/types";
import { problemParts } from "../shell/words";
import type { Checked } from "../shell/useCheck";

export function useCanvasFeed(
  canvas: RefObject<CanvasHandle | null>,
  { doc, file, site, checked, route }: { doc: Doc | null; file: EditorFile | undefined; site: EditorState | null; checked: Checked | null; route: string },
  /** The moves made so far (the state's count, not as drawn). */
  movesMade: number,
) {
  const page = useMemo(() => {
    if (!doc || !site || !file) return null;
    const say = (problem: EditorProblem) => {
      const { field } = problemParts(problem, file, checked?.sent.value ?? doc.value, site.schemas);
      return `${field ? `${field}: ` : ""}${problem.detail ?? problem.message}`;
    };
    return previewPage({ doc, file, site, checked, route, say });
  }, [doc, file, site, checked, route]);
  // A keystroke in a section's field: the canvas shows it from the key's own event, the builder follows.
  const now = useRef({ site, route });
  now.current = { site, route };
  const typed = useCallback(
    (id: string, section: Json) => {
      const slot = now.current.site && typedSlot(section, now.current.site, now.current.route);
      if (slot) canvas.current?.preview(id, slot);
    },
    [canvas],
  );
  // A file being opened: the canvas loads the code of its sections while the builder draws the file.
  const opening = useCallback(
    (value: Json) => {
      const sections = (value as { sections?: unknown } | null)?.sections;
      if (Array.isArray(sections)) canvas.current?.prepare(sections.flatMap((s) => (typeof s?.type === "string" ? [s.type] : [])));
    },
    [canvas],
  );
  // The canvas shows a move at once, as the move after the last one made; the builder draws it later.
  const moves = useRef(0);
  moves.current = movesMade;
  const reordered = useCallback((ids: string[], selected: string) => canvas.current?.reorder(ids, moves.current + 1, selected), [canvas]);
  return { page, typed, opening, reordered };
}
