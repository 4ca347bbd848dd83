/**
 * The form pieces both signed-in areas use (the back office and the partner
 * portal): the CSRF field, the read-out problem and notice, a field's
 * problem, a labelled field with its hint and problem, a group of choices,
 * a period's dates, a list of cards, a table's column headings, and the second factor's QR code.
 */
import type { ReactNode } from "react";

/** The session's CSRF token, in every form that changes something. */
export function CsrfField({ csrf }: { csrf: string }) {
  return <input type="hidden" name="csrf" value={csrf} />;
}

/** A problem with what was sent, read out at once. */
export function Alert({ children }: { children: ReactNode }) {
  return (
    <p className="alert" role="alert">
      {children}
    </p>
  );
}

/** The outcome of the last change, read out politely. */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <p className="notice" role="status">
      {children}
    </p>
  );
}

/** A field's problem beside it, named by `<id>-error` for its aria-describedby. */
export function FieldError({ id, problem }: { id: string; problem: string | undefined }) {
  return problem ? (
    <span className="field-error" id={`${id}-error`}>
      {problem}
    </span>
  ) : null;
}

/** What a field's control carries: its id, and its hint and problem named for a screen reader. */
export interface DescribedControl {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/**
 * A field's label, hint and problem, then its control (`children`, given the
 * attributes that tie it to them): the hint is `<id>-hint`, the problem `<id>-error`.
 */
export function Labelled({
  id,
  label,
  hint,
  problem,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  problem?: string | undefined;
  children: (control: DescribedControl) => ReactNode;
}) {
  const described = [hint ? `${id}-hint` : "", problem ? `${id}-error` : ""].filter(Boolean);
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <span className="hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      <FieldError id={id} problem={problem} />
      {children({
        id,
        "aria-invalid": problem ? true : undefined,
        "aria-describedby": described.length > 0 ? described.join(" ") : undefined,
      })}
    </>
  );
}

/** A one-line text field with its label, hint and problem (`Labelled`). */
export function TextField({
  id,
  name,
  label,
  hint,
  problem,
  value,
  type = "text",
  ...input
}: {
  id: string;
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  problem?: string | undefined;
  value?: string | undefined;
  type?: string | undefined;
  required?: boolean;
  maxLength?: number | undefined;
  minLength?: number | undefined;
  autoComplete?: string | undefined;
  inputMode?: "numeric" | undefined;
  readOnly?: boolean | undefined;
}) {
  return (
    <Labelled id={id} label={label} hint={hint} problem={problem}>
      {(control) => <input name={name} type={type} defaultValue={value} {...input} {...control} />}
    </Labelled>
  );
}

/** What a form page's view holds: the values as typed and each field's problem, by name. */
export interface FormValuesView<Name extends string> {
  form: { readonly [Key in Name]: string };
  errors?: Partial<Readonly<Record<string, string>>> | undefined;
}

/** A form page's text field: its name, words and view. */
export interface FormTextFieldProps<Name extends string> {
  view: FormValuesView<Name>;
  name: Name;
  label: string;
  hint?: string | undefined;
  type?: "text" | "email" | "url";
  readOnly?: boolean | undefined;
}

/**
 * A text field of a form page (the back office's edit pages), by its name: the value as
 * it was typed, its problem beside it and read with it; no autocomplete.
 */
export function FormTextField<Name extends string>({
  view,
  name,
  idOf,
  ...field
}: FormTextFieldProps<Name> & {
  /** The page's field ids, from the names. */
  idOf: (name: Name) => string;
}) {
  return (
    <TextField
      id={idOf(name)}
      name={name}
      problem={view.errors?.[name]}
      value={view.form[name]}
      autoComplete="off"
      {...field}
    />
  );
}

/**
 * A password field: `current` to sign in or to confirm who one is; `new` with
 * the length rule (12 to 128 characters) and `confirm` to type it again.
 */
export function PasswordField({
  kind,
  ...field
}: {
  kind: "current" | "new" | "confirm";
  id: string;
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  problem?: string | undefined;
}) {
  return (
    <TextField
      required
      type="password"
      {...field}
      maxLength={128}
      minLength={kind === "new" ? 12 : undefined}
      autoComplete={kind === "current" ? "current-password" : "new-password"}
    />
  );
}

/**
 * A period's two Colombo dates, `from` and `to`, each in its own block with its
 * label; their ids are the names after `idPrefix`.
 */
export function DateRange(props: {
  idPrefix: string;
  labels: { from: string; to: string };
  period: { from: string; to: string };
  required?: boolean;
  invalid?: boolean;
  describedBy?: string;
}) {
  return (
    <>
      {(["from", "to"] as const).map((name) => (
        <div key={name}>
          <label htmlFor={`${props.idPrefix}${name}`}>{props.labels[name]}</label>
          <input
            id={`${props.idPrefix}${name}`}
            name={name}
            type="date"
            defaultValue={props.period[name]}
            required={props.required}
            aria-invalid={props.invalid || undefined}
            aria-describedby={props.describedBy}
          />
        </div>
      ))}
    </>
  );
}

/** Radio buttons or checkboxes under a legend, the group's problem named under it. */
export function Choices<Value extends string>(props: {
  id: string;
  name: string;
  type: "radio" | "checkbox";
  legend: string;
  values: readonly Value[];
  names: Record<Value, string>;
  chosen: readonly string[];
  problem: string | undefined;
  /** Choices folded behind a summary (a <details>, open when one of them is chosen). */
  more?: { summary: string; values: readonly Value[] } | undefined;
}) {
  const { id, problem, more } = props;
  const choice = (value: Value) => (
    <label className="choice" key={value}>
      <input
        type={props.type}
        name={props.name}
        value={value}
        defaultChecked={props.chosen.includes(value)}
      />
      {props.names[value]}
    </label>
  );
  return (
    <fieldset aria-describedby={problem ? `${id}-error` : undefined}>
      <legend>{props.legend}</legend>
      <FieldError id={id} problem={problem} />
      {props.values.map(choice)}
      {more ? (
        <details open={more.values.some((value) => props.chosen.includes(value))}>
          <summary>{more.summary}</summary>
          {more.values.map(choice)}
        </details>
      ) : null}
    </fieldset>
  );
}

/** A list of cards (one `<li className="card">` an item, from `children`), or a line saying there is none. */
export function CardList<Item>(props: {
  items: readonly Item[];
  none: ReactNode;
  children: (item: Item) => ReactNode;
}) {
  if (props.items.length === 0) return <p>{props.none}</p>;
  return <ul className="cards">{props.items.map((item) => props.children(item))}</ul>;
}

/** A table's column headings, in order (each different from the others). */
export function ColumnHeads({ names }: { names: readonly string[] }) {
  return (
    <thead>
      <tr>
        {names.map((name) => (
          <th key={name} scope="col">
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The QR code as SVG squares: one path, no script, no image request. */
export function QrCode({ rows, label }: { rows: readonly string[]; label: string }) {
  const size = rows.length;
  const path = rows
    .flatMap((row, y) => [...row].map((module, x) => (module === "1" ? `M${x} ${y}h1v1h-1z` : "")))
    .join("");
  return (
    <svg
      className="qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
