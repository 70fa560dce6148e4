/** What the builder's panels show, derived from the state: the page the canvas previews, the outline's rows, the problems in words. */
import { useMemo, useRef } from "react";
import { fieldLabel, kindOf, labelOf, typeTitle } from "../../shared/labels";
import { splitPointer } from "@/lib/json-pointer";
import type { EditorFile, EditorProblem, EditorState, Schema } from "../api-client";
import type { Checked } from "./useCheck";
import type { OutlineItem } from "../outline/types";
import type { ListedProblem } from "./types";
import { listKey, listOf } from "../state/list";
import type { Doc, Json as JsonValue } from "../state/types";
import { fieldId, problemPlace } from "./words";
import { placedAs } from "../../shared/kinds";

/** Which page the canvas shows: the open page; for the template or the services, a service page (the selected one); otherwise home. */
export function usePreviewRoute(doc: Doc | null, file: EditorFile | undefined, site: EditorState | null, selected: string | null): string {
  const index = doc && selected ? doc.ids.indexOf(selected) : -1;
  const entry = doc && index >= 0 ? listOf(doc)[index] : undefined;
  const entryId = entry && typeof entry === "object" && !Array.isArray(entry) && typeof entry.id === "string" ? entry.id : undefined;
  return useMemo(() => {
    if (!doc || !site) return "/";
    if (doc.kind === "page") return file?.route ?? "/";
    // A shared section: the first page that shows it.
    if (doc.kind === "shared") return site.shared.find((s) => s.file === doc.path)?.placedIn.find((p) => p.startsWith("/")) ?? "/";
    const services = site.collections?.services ?? [];
    // The selected service's page, as edited (a new service's too: the check renders it with the edits).
    if (file?.name === "services" && entryId) return `/services/${entryId}`;
    if (doc.kind === "template" || file?.name === "services") return services[0] ? `/services/${services[0].id}` : "/";
    return "/";
  }, [doc, site, file, entryId]);
}

/** A placed shared section's row: its heading and kind as the page shows them, and how many pages show it. */
function placedRow(entry: unknown, shared: EditorState["shared"]): Pick<OutlineItem, "label" | "detail" | "shared"> | undefined {
  if (!entry || typeof entry !== "object" || Array.isArray(entry)) return undefined;
  const name = (entry as { shared?: unknown }).shared;
  if (typeof name !== "string") return undefined;
  const summary = shared.find((s) => s.name === name);
  const shown = placedAs(entry as JsonValue, shared);
  if (!summary || !shown) return { label: `Shared section "${name}"`, detail: "Shared section, not found" };
  const type = typeof shown.type === "string" ? typeTitle(shown.type) : "Section";
  const pages = summary.placedIn.length;
  return {
    label: labelOf(shown, type),
    detail: type,
    shared: { badge: `Shared: on ${pages === 1 ? "1 page" : `${pages} pages`}`, pages: summary.placedIn.join(", ") },
  };
}

/**
 * The outline's rows: each entry of the list, by its own heading or name, with its problems
 * counted. A row that reads as before keeps its object, so typing re-renders only the row typed in.
 */
export function useOutline(doc: Doc | null, file: EditorFile | undefined, mine: readonly EditorProblem[], shared: EditorState["shared"] = []): OutlineItem[] {
  const known = useRef(new Map<string, OutlineItem>());
  const last = useRef<OutlineItem[]>([]);
  return useMemo(() => {
    const key = doc ? listKey(doc.kind) : null;
    if (!doc || !key) return [];
    const rows = listOf(doc).map((entry, i) => {
      const base = `/${key}/${i}`;
      const own = mine.filter((p) => p.field === base || p.field.startsWith(`${base}/`));
      const kind = kindOf(entry);
      const id = doc.ids[i] as string;
      // A placed shared section by the shared one's heading (with the page's own over it), and where it shows.
      const placed = placedRow(entry, shared);
      const row: OutlineItem = {
        id,
        label: placed?.label ?? labelOf(entry, kind ?? `Entry ${i + 1}`),
        detail: placed?.detail ?? kind ?? file?.name ?? "",
        ...(placed?.shared ? { shared: placed.shared } : {}),
        errors: own.filter((p) => p.severity === "error").length,
        warnings: own.filter((p) => p.severity === "warning").length,
      };
      const before = known.current.get(id);
      return before &&
        before.label === row.label &&
        before.detail === row.detail &&
        before.shared?.badge === row.shared?.badge &&
        before.shared?.pages === row.shared?.pages &&
        before.errors === row.errors &&
        before.warnings === row.warnings
        ? before
        : row;
    });
    // The same list when no row changed (typing in a field): the outline and its drag-and-drop context are not drawn again.
    if (rows.length === last.current.length && rows.every((r, i) => r === last.current[i])) return last.current;
    known.current = new Map(rows.map((r) => [r.id, r]));
    last.current = rows;
    return rows;
  }, [doc, file, mine, shared]);
}

/** The problems of the last check (or of the start), this file's first, in words (as of the value checked: typing does not redo them). */
export function useProblems(doc: Doc | null, file: EditorFile | undefined, site: EditorState | null, checked: Checked | null) {
  const path = doc?.path;
  const value = checked?.sent.path === path ? checked?.sent.value : doc?.value;
  return useMemo(() => {
    const all = checked?.result.problems ?? site?.problems ?? [];
    const mine = path ? all.filter((p) => p.file === path) : [];
    const others = path ? all.filter((p) => p.file !== path) : all;
    const errors = mine.filter((p) => p.severity === "error").length;
    const otherErrors = others.filter((p) => p.severity === "error").length;
    // The site's advice (authoring checks), every file's: the studio shows it before a publish.
    const warnings = all.filter((p) => p.severity === "warning");
    const listed: ListedProblem[] = [
      ...(value !== undefined && file && site ? mine.map((problem) => ({ problem, place: problemPlace(problem, file, value, site.schemas), mine: true })) : []),
      ...others.filter((p) => p.severity === "error").map((problem) => ({ problem, place: problem.file.replace(/^site-config\//, ""), mine: false })),
    ];
    /** This file's problems inside the form of the value at `pointer` (with `schema`), each with its field in words and its element. */
    const under = (pointer: string, idPrefix: string, schema?: Schema) =>
      mine
        .filter((p) => p.field === pointer || p.field.startsWith(`${pointer}/`))
        .map((problem) => {
          const path = splitPointer(problem.field.slice(pointer.length)).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
          return {
            problem,
            place: schema && path.length > 0 ? fieldLabel(schema, path).replace(/ > /g, " › ") : "",
            fieldId: fieldId(idPrefix, pointer, problem.field),
          };
        });
    return { mine, errors, otherErrors, warnings, listed, under };
  }, [path, value, file, site, checked]);
}
