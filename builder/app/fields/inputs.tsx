/**
 * rjsf's text inputs, with what its default theme leaves out: `aria-invalid` on a field with an
 * error, not a warning (its message is already tied to it by `aria-describedby`); and its list buttons in words
 * instead of the Bootstrap icon font its default theme expects.
 */
import type { ChangeEvent, FocusEvent } from "react";
import {
  ariaDescribedByIds,
  descriptionId,
  errorId,
  examplesId,
  type FieldErrorProps,
  getInputProps,
  type BaseInputTemplateProps,
  type IconButtonProps,
  type WidgetProps,
} from "@rjsf/utils";

/** A warning ("Warning: ..." under a field) tells, but does not make the value wrong. */
export const isWarning = (message: string) => message.startsWith("Warning: ");

/** aria-invalid for a field with these messages: only an error makes it invalid. */
export const invalid = (messages: readonly string[] = []) => messages.some((m) => !isWarning(m)) || undefined;

/** What the text inputs call on each keystroke, before rjsf: the field (a JSON Pointer inside the form) and its new value. */
export interface PreviewContext {
  preview(field: string, value: unknown): void;
}

/** The typed value, shown in the canvas at once (the field's name is its JSON Pointer in the form), then handed to rjsf. */
function typed(props: Pick<WidgetProps, "htmlName" | "registry" | "onChange">, value: unknown) {
  const { preview } = props.registry.formContext as Partial<PreviewContext>;
  if (props.htmlName && preview) preview(props.htmlName, value);
  props.onChange(value);
}

export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, value, readonly, disabled, autofocus, onBlur, onFocus, onChangeOverride, options, schema, type, rawErrors = [], placeholder } = props;
  const inputProps = getInputProps(schema, type, options);
  return (
    <input
      id={id}
      name={htmlName || id}
      className="form-control"
      readOnly={readonly}
      disabled={disabled}
      // biome-ignore lint/a11y/noAutofocus: rjsf's own option, off unless a uiSchema asks for it.
      autoFocus={autofocus}
      placeholder={placeholder}
      value={value ?? ""}
      {...inputProps}
      list={schema.examples ? examplesId(id) : undefined}
      aria-invalid={invalid(rawErrors)}
      aria-describedby={ariaDescribedByIds(id, Boolean(schema.examples))}
      onChange={onChangeOverride ?? ((e: ChangeEvent<HTMLInputElement>) => typed(props, e.target.value === "" ? options.emptyValue : e.target.value))}
      onBlur={(e: FocusEvent<HTMLInputElement>) => onBlur(id, e.target.value)}
      onFocus={(e: FocusEvent<HTMLInputElement>) => onFocus(id, e.target.value)}
    />
  );
}

export function TextareaWidget(props: WidgetProps) {
  const { id, htmlName, value, readonly, disabled, onBlur, onFocus, options, rawErrors = [], placeholder } = props;
  return (
    <textarea
      id={id}
      name={htmlName || id}
      className="form-control"
      readOnly={readonly}
      disabled={disabled}
      placeholder={placeholder}
      rows={typeof options.rows === "number" ? options.rows : 3}
      value={typeof value === "string" ? value : ""}
      aria-invalid={invalid(rawErrors)}
      aria-describedby={ariaDescribedByIds(id)}
      // Texts are plain, one line in the file (as in the canvas's in-place box): a line break typed or pasted becomes a space.
      onChange={(e) => typed(props, e.target.value === "" ? options.emptyValue : e.target.value.replace(/[ \t]*\r?\n[ \t]*/g, " "))}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
    />
  );
}

/** A choice among fixed values (rjsf's own, with aria-invalid): the options are indexed, whatever the values' type. */
export function SelectWidget(props: WidgetProps) {
  const { id, htmlName, options, value, disabled, readonly, onChange, onBlur, onFocus, schema, rawErrors = [], placeholder } = props;
  const choices = options.enumOptions ?? [];
  const index = choices.findIndex((o) => o.value === value);
  const valueAt = (at: string) => (at === "" ? options.emptyValue : choices[Number(at)]?.value);
  return (
    <select
      id={id}
      name={htmlName || id}
      className="form-control"
      disabled={disabled || readonly}
      value={index >= 0 ? String(index) : ""}
      aria-invalid={invalid(rawErrors)}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(e) => onChange(valueAt(e.target.value))}
      onBlur={(e) => onBlur(id, valueAt(e.target.value))}
      onFocus={(e) => onFocus(id, valueAt(e.target.value))}
    >
      {schema.default === undefined && <option value="">{placeholder}</option>}
      {choices.map((choice, i) => (
        <option key={String(choice.value)} value={String(i)}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}

/** On or off (rjsf's own, with aria-invalid), its label beside it. */
export function CheckboxWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, onChange, onBlur, onFocus, label, hideLabel, rawErrors = [], options, schema } = props;
  // rjsf draws no description above a checkbox: its widget does.
  const description = options.description ?? schema.description;
  return (
    <div className="checkbox">
      {!hideLabel && typeof description === "string" && (
        <p id={descriptionId(id)} className="field-description">
          {description}
        </p>
      )}
      <label>
        <input
          type="checkbox"
          id={id}
          name={htmlName || id}
          checked={value === true}
          disabled={disabled || readonly}
          aria-invalid={invalid(rawErrors)}
          aria-describedby={ariaDescribedByIds(id)}
          onChange={(e) => onChange(e.target.checked)}
          onBlur={(e) => onBlur(id, e.target.checked)}
          onFocus={(e) => onFocus(id, e.target.checked)}
        />
        {!hideLabel && <span>{label}</span>}
      </label>
    </div>
  );
}

/** The messages under a field, tied to it by their id (its aria-describedby): an error in red, a warning in amber. */
export function FieldErrorTemplate({ errors = [], fieldPathId }: FieldErrorProps) {
  const shown = errors.filter(Boolean);
  if (shown.length === 0) return null;
  return (
    <ul id={errorId(fieldPathId)} className="error-detail">
      {shown.map((message) => (
        <li key={String(message)} className={typeof message === "string" && isWarning(message) ? "ed-warning" : undefined}>
          {message}
        </li>
      ))}
    </ul>
  );
}

function TextButton({
  text,
  danger = false,
  icon: _icon,
  iconType: _iconType,
  uiSchema: _uiSchema,
  registry: _registry,
  className: _className,
  ...rest
}: IconButtonProps & { text: string; danger?: boolean }) {
  return (
    <button type="button" className={`ed-list-button${danger ? " ed-list-button-danger" : ""}`} {...rest}>
      {text}
    </button>
  );
}

export const ButtonTemplates = {
  AddButton: (props: IconButtonProps) => <TextButton {...props} text="Add" />,
  CopyButton: (props: IconButtonProps) => <TextButton {...props} text="Copy" />,
  MoveUpButton: (props: IconButtonProps) => <TextButton {...props} text="Up" />,
  MoveDownButton: (props: IconButtonProps) => <TextButton {...props} text="Down" />,
  RemoveButton: (props: IconButtonProps) => <TextButton {...props} text="Remove" danger />,
};
