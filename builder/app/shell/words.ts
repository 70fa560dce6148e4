/** How the builder names a file's parts to people: the schemas that describe them, where a problem is, which form field shows it. */
import { describeOptions, entrySchema, fileTitle } from "../../shared/kinds";
import { fieldLabel, kindOf, labelOf } from "../../shared/labels";
import { joinPointer, splitPointer } from "@/lib/json-pointer";
import type { EditorFile, EditorProblem, EditorState } from "../api-client";
import { listIn, listKey } from "../state/list";
import type { Json } from "../state/types";

type Schemas = EditorState["schemas"];
const _isObject = (v: unknown): v is Record<string, Json> => typeof v === "object" && v !== null && !Array.isArray(v);

export { describeOptions, entrySchema, fileTitle };

/** Where a problem is, in words: the entry ("Section 1 (Hero)", "" for the file's own fields) and the field in it ("Button › Words on the link"). */
export function problemParts(problem: EditorProblem, file: EditorFile, value: Json, schemas: Schemas): { entry: string; field: string } {
  const segments = splitPointer(problem.field);
  const key = listKey(file.kind);
  const numbered = (list: string[]) => list.map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  if (key && segments[0] === key && segments[1] !== undefined) {
    const index = Number(segments[1]);
    const entry = listIn(file.kind, value)[index];
    const noun = key === "sections" ? "Section" : "Entry";
    const rest = numbered(segments.slice(2));
    const schema = entry === undefined ? undefined : entrySchema(file, schemas, entry);
    return {
      entry: `${noun} ${index + 1} (${kindOf(entry) ?? labelOf(entry, "untitled")})`,
      field: rest.length > 0 && schema ? fieldLabel(schema, rest).replace(/ > /g, " › ") : "",
    };
  }
  const schema = schemas.documents[file.schema];
  const path = numbered(segments);
  return { entry: "", field: path.length > 0 && schema ? fieldLabel(schema, path).replace(/ > /g, " › ") : "" };
}

/** Where a problem is, in one phrase: "Section 1 (Hero) › Button › Words on the link"; "" for the whole file. */
export function problemPlace(problem: EditorProblem, file: EditorFile, value: Json, schemas: Schemas): string {
  const { entry, field } = problemParts(problem, file, value, schemas);
  return [entry, field].filter(Boolean).join(" › ");
}

/** The form field (its element id) that shows the value at `field`, in the form of the value at `base`. */
export const fieldId = (idPrefix: string, base: string, field: string) => [idPrefix, ...splitPointer(field.slice(base.length))].join("_");

/** The entry of the list a pointer is in: its index, or -1 (a field of the file itself). */
export function entryIndexOf(file: EditorFile, pointer: string): number {
  const key = listKey(file.kind);
  const [first, second] = splitPointer(pointer);
  return key && first === key && second !== undefined ? Number(second) : -1;
}

export const entryPointer = (file: EditorFile, index: number) => joinPointer([listKey(file.kind) ?? "", index]);
