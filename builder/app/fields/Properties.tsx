/**
 * The form of one thing (a section, a collection entry, a page's own fields, the settings), made by
 * @rjsf/core from its JSON Schema. The problems under its fields are the site's own checks (the
 * same as `npm run validate`, from the editor's server), not a second set of rules: the form's own
 * validation is off. One small form per selected thing, so typing stays fast on big pages.
 */
import { memo, useCallback, useMemo } from "react";
import Form from "@rjsf/core";
import type { IChangeEvent } from "@rjsf/core";
import type { ErrorSchema, UiSchema } from "@rjsf/utils";
import { joinPointer, splitPointer } from "@/lib/json-pointer";
import type { EditorProblem, Schema } from "../api-client";
import type { Json } from "../state/types";
import { ImageField } from "./ImageField";
import { BaseInputTemplate, ButtonTemplates, CheckboxWidget, FieldErrorTemplate, type PreviewContext, SelectWidget, TextareaWidget } from "./inputs";
import { EntryWidget, LinkWidget, MediaWidget, type PickerContext } from "./pickers";
import { uiSchemaFor } from "./ui-schema";
import { OverrideMark } from "./PlacedNotice";
import { formValidator } from "./validator";

/** The problems under `base` (a JSON Pointer into the file), as rjsf's errors of the form rooted there, each under its own field. */
export function errorsUnder(problems: readonly EditorProblem[], base: string): ErrorSchema {
  const out: Record<string, unknown> = {};
  for (const p of problems) {
    if (p.field !== base && !p.field.startsWith(`${base}/`)) continue;
    let node = out;
    for (const segment of splitPointer(p.field.slice(base.length))) {
      node[segment] ??= {};
      node = node[segment] as Record<string, unknown>;
    }
    node.__errors ??= [];
    (node.__errors as string[]).push(`${p.severity === "warning" ? "Warning: " : ""}${p.detail ?? p.message}`);
  }
  return out as ErrorSchema;
}

/** Each input's `name` is its place in the form as a JSON Pointer ("/cta/label"), which the preview needs. */
const pointerName = (path: readonly (string | number)[]) => joinPointer(path);

const TEMPLATES = { ButtonTemplates, BaseInputTemplate, FieldErrorTemplate };
const WIDGETS = { LinkWidget, MediaWidget, EntryWidget, TextareaWidget, SelectWidget, CheckboxWidget };
const FIELDS = { ImageField };

export interface PropertiesProps {
  schema: Schema;
  value: Json;
  /** Where the value sits in the file (a JSON Pointer), to place the problems. */
  pointer: string;
  problems: readonly EditorProblem[];
  /** `revision`: a new one makes rjsf take `value` afresh (it compares its props; this is how a change from outside the form is told). */
  context: PickerContext & Partial<PreviewContext> & { uploadLimit: number; revision?: number };
  onChange(value: Json, field: string): void;
  /** A field lost focus: typing there is one step of history. */
  onBlur(): void;
  idPrefix: string;
  /** A placed shared section's fields this page writes itself, marked with "Use the shared text" (onUseShared). */
  overrides?: readonly string[];
  /** Whose fields they are: "This page" (a placement on a page), "This shared section" (one that places another). */
  owner?: string;
  onUseShared?(field: string): void;
}

/** The uiSchema with each of this page's own fields marked under it. */
function withOverrides(ui: UiSchema, overrides: readonly string[] | undefined, owner: string, onUseShared: ((field: string) => void) | undefined): UiSchema {
  if (!overrides?.length || !onUseShared) return ui;
  const out: UiSchema = { ...ui };
  for (const field of overrides) {
    const own = (ui[field] ?? {}) as UiSchema;
    const label = typeof own["ui:title"] === "string" ? own["ui:title"].toLowerCase() : field;
    out[field] = { ...own, "ui:help": <OverrideMark label={label} owner={owner} onUseShared={() => onUseShared(field)} />, "ui:classNames": "ed-own-field" };
  }
  return out;
}

/** Only what the author types goes into the file: no defaults filled in, no empty lists made. */
const DEFAULTS = { emptyObjectFields: "skipDefaults", arrayMinItems: { populate: "never" } } as const;

export const Properties = memo(function Properties(props: PropertiesProps) {
  const { schema, value, pointer, problems, context, onChange, onBlur, idPrefix, overrides, owner = "This page", onUseShared } = props;
  // By the fields' names: a keystroke makes a new list of the same fields, and the form is not to be made again for it.
  const own = overrides?.join("\n") ?? "";
  const uiSchema = useMemo(
    () => withOverrides({ ...uiSchemaFor(schema), "ui:submitButtonOptions": { norender: true } }, own ? own.split("\n") : [], owner, onUseShared),
    [schema, own, owner, onUseShared],
  );
  const extraErrors = useMemo(() => errorsUnder(problems, pointer), [problems, pointer]);
  const change = useCallback((e: IChangeEvent, id?: string) => onChange(e.formData as Json, id ?? ""), [onChange]);
  const blur = useCallback(() => onBlur(), [onBlur]);
  return (
    <Form
      schema={schema as never}
      uiSchema={uiSchema}
      formData={value}
      validator={formValidator}
      widgets={WIDGETS}
      fields={FIELDS}
      templates={TEMPLATES}
      formContext={context}
      extraErrors={extraErrors}
      noHtml5Validate
      showErrorList={false}
      idPrefix={idPrefix}
      nameGenerator={pointerName}
      className="editor-form"
      experimental_defaultFormStateBehavior={DEFAULTS}
      onChange={change}
      onBlur={blur}
    />
  );
});
