/**
 * The builder's side of editing a text in place in the canvas: which texts of a section can be (the
 * schema's `inlineEdit`), each keystroke shown at once and kept as an edit (one undo step per text,
 * like typing in the form), the form told once the edit is over, and the site's checks on that text
 * handed back to the canvas to show beside it.
 */
import { type RefObject, useEffect, useRef } from "react";
import { splitPointer, withValueAt } from "@/lib/json-pointer";
import type { EditorProblem, EditorState } from "../api-client";
import type { CanvasHandle } from "./types";
import type { BuilderWindow } from "./protocol";
import { inlineFields } from "./inline";
import { listOf } from "../state/list";
import type { Action, Doc, Json } from "../state/types";
import { placementOf, toPlacement } from "../fields/placement";

export function useInlineEdits({
  doc,
  site,
  dispatch,
  typed,
  canvas,
  problems,
}: {
  /** The file as it is now (not as last drawn). */
  doc: Doc | null;
  site: EditorState | null;
  dispatch(action: Action): void;
  /** Shows a section as just changed in the canvas, before the builder draws again. */
  typed(id: string, section: Json): void;
  canvas: RefObject<CanvasHandle | null>;
  /** The open file's problems as last checked. */
  problems: readonly EditorProblem[];
}) {
  const now = useRef({ doc, site });
  now.current = { doc, site };
  // The sections as typed in place since the builder last drew (a text kept by Tab, then a key in the next one
  // before the builder draws again): shown, and offered to edit, with both texts.
  const ahead = useRef<{ doc: Doc | null; sections: Map<string, Json> }>({ doc: null, sections: new Map() });
  // The text being edited in place, for its checks.
  const editing = useRef<{ id: string; pointer: string } | null>(null);

  useEffect(() => {
    const sectionOf = (id: string) => {
      const { doc } = now.current;
      const index = doc?.kind === "page" || doc?.kind === "template" ? doc.ids.indexOf(id) : -1;
      if (index < 0 || !doc) return null;
      if (ahead.current.doc !== doc) ahead.current = { doc, sections: new Map() };
      return { index, section: ahead.current.sections.get(id) ?? (listOf(doc)[index] as Json) };
    };
    const change = (id: string, pointer: string, value: string) => {
      const found = sectionOf(id);
      if (!found) return;
      // A placed shared section: the text becomes this page's own field (a whole one, with the shared rest of it).
      const { site } = now.current;
      const placement = site ? placementOf(found.section, site.shared) : null;
      if (placement) {
        const own = toPlacement(withValueAt(placement.shown, splitPointer(pointer), value) as Json, placement);
        ahead.current.sections.set(id, own);
        typed(id, own);
        dispatch({ type: "edit", target: { entry: id }, value: own, key: `inline:${id}:${pointer}` });
        return;
      }
      const next = withValueAt(found.section, splitPointer(pointer), value) as Json;
      ahead.current.sections.set(id, next);
      typed(id, next);
      // Only the text, set in the file as the reducer has it then: never the section as this builder last drew it.
      dispatch({ type: "edit", target: { entry: id, pointer }, value, key: `inline:${id}:${pointer}` });
    };
    const builder = window as BuilderWindow;
    builder.siteBuilder = {
      ...builder.siteBuilder,
      inline: {
        fields(id) {
          const found = sectionOf(id);
          const { site } = now.current;
          // A placed shared section's texts as the page shows them.
          const shown = (found && site && placementOf(found.section, site.shared)?.shown) || found?.section;
          const type = (shown as { type?: unknown } | undefined)?.type;
          const schema = typeof type === "string" ? site?.schemas.sections[type] : undefined;
          return shown && schema ? inlineFields(schema, shown) : [];
        },
        input(id, pointer, value) {
          editing.current = { id, pointer };
          change(id, pointer, value);
        },
        end(id, pointer, value) {
          change(id, pointer, value);
          editing.current = null;
          // The typing is one undo step, and the form (which was not told of each keystroke) takes the value.
          dispatch({ type: "seal" });
        },
      },
    };
    return () => {
      if (builder.siteBuilder) builder.siteBuilder = { ...builder.siteBuilder, inline: undefined };
    };
  }, [dispatch, typed]);

  // The site's checks on the text being edited, shown beside it in the canvas.
  useEffect(() => {
    const target = editing.current;
    const index = target ? (doc?.ids.indexOf(target.id) ?? -1) : -1;
    if (!target || index < 0) return;
    const field = `/sections/${index}${target.pointer}`;
    const problem = problems.find((p) => p.field === field && p.severity === "error") ?? problems.find((p) => p.field === field);
    canvas.current?.inlineProblem(target.id, target.pointer, problem ? (problem.detail ?? problem.message) : null);
  }, [problems, doc?.ids, canvas]);
}
