/**
 * rjsf's text inputs, with what its default theme leaves out: `aria-invalid` on a field with an
 * error (its message is already tied to it by `aria-describedby`); and its list buttons in words
 * instead of the Bootstrap icon font its default theme expects.
 */
import type { ChangeEvent, FocusEvent } from "react";
import { ariaDescribedByIds, examplesId, getInputProps, type BaseInputTemplateProps, type IconButtonProps, type WidgetProps } from "@rjsf/utils";

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
      aria-invalid={rawErrors.length > 0 || undefined}
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
      aria-invalid={rawErrors.length > 0 || undefined}
      aria-describedby={ariaDescribedByIds(id)}
      // Texts are plain, one line in the file (as in the canvas's in-place box): a line break typed or pasted becomes a space.
      onChange={(e) => typed(props, e.target.value === "" ? options.emptyValue : e.target.value.replace(/[ \t]*\r?\n[ \t]*/g, " "))}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
    />
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
