/**
 * The selected thing's fields: its heading, its own toolbar when it is an entry of the list (the
 * same moves as the outline's, next to the fields), a summary of its problems that leads to each
 * field, and the form itself with each message under its field.
 */
import { forwardRef, type ReactNode } from "react";
import type { EditorProblem, Schema } from "../api-client";
import { Properties, type PropertiesProps } from "./Properties";
import type { Json } from "../state/types";

export interface FieldsForm {
  schema: Schema;
  value: Json;
  /** Where the value is in the file. */
  pointer: string;
  /** Remounts the form when the thing shown changes. */
  key: string;
  /** A placed shared section's fields this page writes itself: marked, each with "Use the shared text". */
  overrides?: string[];
  /** Whose those fields are, for their marks ("This page"). */
  owner?: string;
}

export interface EntryTools {
  label: string;
  index: number;
  count: number;
  /** Moves the entry up (-1) or down (1). */
  onMove(by: -1 | 1): void;
  onDuplicate(): void;
  onDelete(): void;
}

export interface FieldsPanelProps {
  title: string;
  form: FieldsForm | null;
  entry: EntryTools | null;
  problems: readonly EditorProblem[];
  /** This form's problems, each with its field in words, for the summary. */
  summary: { problem: EditorProblem; place: string; fieldId: string }[];
  context: PropertiesProps["context"];
  onChange(value: Json, field: string): void;
  onBlur(): void;
  onFocusField(id: string): void;
  empty: ReactNode;
  /** Said under the heading (a shared section: which pages a change shows on). */
  note?: ReactNode;
  /** Drops this page's own `field` of a placed shared section. */
  onUseShared?(field: string): void;
}

const TOOL =
  "rounded px-2 py-0.5 text-xs font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-blue-600";

export const FieldsPanel = forwardRef<HTMLHeadingElement, FieldsPanelProps>(function FieldsPanel(props, heading) {
  const { title, form, entry, summary } = props;
  const errors = summary.filter((s) => s.problem.severity === "error");
  return (
    <section aria-labelledby="fields-title" id="fields" className="relative min-h-0 flex-1 overflow-y-auto p-3">
      <h2 id="fields-title" ref={heading} tabIndex={-1} className="mb-2 text-sm font-bold text-slate-900 focus:outline-none">
        {title}
      </h2>
      {props.note}
      {entry && (
        // Last before the fields: from the first field, Shift+Tab reaches "Move down".
        <div role="toolbar" aria-label={`${entry.label}: move, copy or delete`} className="mb-3 flex flex-wrap gap-1.5">
          <button type="button" className={`${TOOL} text-red-800`} onClick={entry.onDelete}>
            Delete
          </button>
          <button type="button" className={TOOL} onClick={entry.onDuplicate}>
            Duplicate
          </button>
          <button type="button" className={TOOL} disabled={entry.index === 0} onClick={() => entry.onMove(-1)}>
            Move up
          </button>
          <button type="button" className={TOOL} disabled={entry.index === entry.count - 1} onClick={() => entry.onMove(1)}>
            Move down
          </button>
        </div>
      )}
      {errors.length > 0 && (
        <div className="mb-3 rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-900">
          <p className="font-semibold">{errors.length === 1 ? "1 thing to fix here:" : `${errors.length} things to fix here:`}</p>
          <ul className="mt-1 list-disc pl-5">
            {errors.map(({ problem, place, fieldId }) => (
              <li key={`${problem.field}|${problem.message}`}>
                <a
                  href={`#${fieldId}`}
                  className="underline"
                  onClick={(e) => {
                    e.preventDefault();
                    props.onFocusField(fieldId);
                  }}
                >
                  {place ? `${place}: ` : ""}
                  {problem.detail ?? problem.message}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {form ? (
        <Properties
          key={form.key}
          schema={form.schema}
          value={form.value}
          pointer={form.pointer}
          problems={props.problems}
          overrides={form.overrides}
          owner={form.owner}
          onUseShared={props.onUseShared}
          context={props.context}
          onChange={props.onChange}
          onBlur={props.onBlur}
          idPrefix="field"
        />
      ) : (
        props.empty
      )}
    </section>
  );
});
