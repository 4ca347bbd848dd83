import type { InputHTMLAttributes, ReactNode } from "react";

/**
 * The application form's fields: a label, an optional hint, the control,
 * and the error under it, tied to the control by aria-describedby (read
 * with the field), not a live region of its own: after a submit the error
 * summary takes focus and says them all at once, and the NIC and date of
 * birth have the form's one status line (decision 0197).
 * Each takes a field's binding from the form's hook.
 */

/** What a field needs from the form: `bind(path)` in use-application-form.ts gives it. */
export interface FieldBinding<Value> {
  id: string;
  name: string;
  label: string;
  /** Already in the visitor's language. */
  error: string | undefined;
  value: Value;
  onValue(value: Value): void;
  /** Leaving a text field or a list checks it; radio buttons and boxes are not checked as they are left. */
  onBlur(): void;
}

/** The hint's and the error's ids, for aria-describedby. */
function describedBy(id: string, hint: string | undefined, error: string | undefined) {
  return (
    [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined
  );
}

/** A field's hint: how to write it, then why we ask (decision 0370), each a line. */
function Hint({
  id,
  text,
  why,
}: {
  id: string;
  text: string | undefined;
  why?: string | undefined;
}) {
  return text || why ? (
    <p id={`${id}-hint`} className="field-hint">
      {text ? <span className="field-how">{text}</span> : null}
      {why ? <span className="field-why">{why}</span> : null}
    </p>
  ) : null;
}

/** What a field may say under its label: how to write it, and why we ask for it. */
export interface FieldHints {
  hint?: string | undefined;
  why?: string | undefined;
}

export function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={`${id}-error`} className="field-error">
      {text}
    </p>
  ) : null;
}

type InputAttributes = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  | "type"
  | "inputMode"
  | "autoComplete"
  | "maxLength"
  | "max"
  | "min"
  | "spellCheck"
  | "autoCapitalize"
>;

/** What ties a text field's or a list's control to its field: value, hint, error, events. */
interface Control {
  id: string;
  name: string;
  value: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  onChange(event: { currentTarget: { value: string } }): void;
  onBlur(): void;
}

/** A labelled field's block: its label, its hint, the control (`children`), its error. */
function Labelled({
  binding,
  hints,
  children,
}: {
  binding: FieldBinding<string>;
  hints: FieldHints;
  children: (control: Control) => ReactNode;
}) {
  const { id, name, label, error, value, onValue, onBlur } = binding;
  const { hint, why } = hints;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <Hint id={id} text={hint} why={why} />
      {children({
        id,
        name,
        value,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy(id, hint ?? why, error),
        onChange: (event) => onValue(event.currentTarget.value),
        onBlur,
      })}
      <FieldError id={id} text={error} />
    </div>
  );
}

export function TextField({
  hint,
  why,
  ...props
}: InputAttributes & FieldBinding<string> & FieldHints) {
  const { id, name, label, error, value, onValue, onBlur, ...attributes } = props;
  return (
    <Labelled binding={{ id, name, label, error, value, onValue, onBlur }} hints={{ hint, why }}>
      {(control) => <input {...control} {...attributes} />}
    </Labelled>
  );
}

export function SelectField({
  hint,
  why,
  placeholder,
  options,
  ...binding
}: FieldBinding<string> &
  FieldHints & {
    /** The empty first choice ("Choose…"). */
    placeholder: string;
    options: readonly (readonly [value: string, text: string])[];
  }) {
  return (
    <Labelled binding={binding} hints={{ hint, why }}>
      {(control) => (
        <select {...control}>
          <option value="">{placeholder}</option>
          {options.map(([code, text]) => (
            <option key={code} value={code}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Labelled>
  );
}

/** Radio buttons in a fieldset; the first one carries `id`, for focus and the error summary's link. */
export function RadioField({
  id,
  name,
  label,
  why,
  error,
  options,
  value,
  onValue,
}: Omit<FieldBinding<string>, "onBlur"> & {
  why?: string | undefined;
  options: readonly (readonly [value: string, text: string])[];
}) {
  return (
    <fieldset
      className="form-field application-choices"
      aria-describedby={describedBy(id, why, error)}
    >
      <legend>{label}</legend>
      <Hint id={id} text={undefined} why={why} />
      {options.map(([code, text], index) => (
        <label key={code} className="application-choice">
          <input
            id={index === 0 ? id : `${id}-${code}`}
            type="radio"
            name={name}
            value={code}
            checked={value === code}
            aria-invalid={error ? true : undefined}
            onChange={() => onValue(code)}
          />
          <span>{text}</span>
        </label>
      ))}
      <FieldError id={id} text={error} />
    </fieldset>
  );
}

export function CheckboxField({
  id,
  name,
  label,
  error,
  value,
  onValue,
}: Omit<FieldBinding<boolean>, "label" | "onBlur"> & { label: ReactNode }) {
  return (
    <div className="form-field application-consent">
      <input
        id={id}
        type="checkbox"
        name={name}
        checked={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, undefined, error)}
        onChange={(event) => onValue(event.currentTarget.checked)}
      />
      <label htmlFor={id}>{label}</label>
      <FieldError id={id} text={error} />
    </div>
  );
}
