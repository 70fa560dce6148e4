/** The content layer's problems as the builder shows them. */
import { formatProblem, type Problem } from "../../src/content/problems.ts";
import type { EditorProblem } from "../shared/types.ts";

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const toEditorProblem = (p: Problem): EditorProblem => ({
  file: p.file,
  pointer: p.pointer,
  severity: p.severity,
  text: formatProblem(p),
  message: `${sentence(p.message)}.${p.hint ? ` ${p.hint}` : ""}`,
  field: p.field ?? p.pointer,
  // A missing field's hint names it as JSON does ('Add "headline"'): under the field, "Required." says it.
  detail: p.detail ? `${sentence(p.detail.replace(/^is /, ""))}.${p.hint && !p.field ? ` ${p.hint}` : ""}` : null,
});
