import {
  ACCOUNT_KINDS,
  PAYOUT_METHODS,
  PORTAL_COUNTRIES,
  type PortalView,
  type SignUpField,
} from "../../../../core/views/partner-portal";
import { Alert, FieldError } from "../../../operator/fields";
import type { PortalMessages } from "../../messages";
import { TermsChoice } from "../../parts";

export function SignUpPage({
  view,
  t,
  base,
}: {
  view: Extract<PortalView, { page: "sign-up" }>;
  t: PortalMessages;
  base: string;
}) {
  const { form, problems } = view;
  const problem = (field: SignUpField) => {
    const known = problems[field];
    return known ? t.problems[known] : undefined;
  };
  const described = (field: SignUpField, hint = false) =>
    [hint ? `${field}-hint` : "", problems[field] ? `${field}-error` : ""]
      .filter(Boolean)
      .join(" ") || undefined;
  const invalid = (field: SignUpField) => (problems[field] ? true : undefined);
  const text = (
    field: "name" | "email" | "website" | "trafficSources" | "payoutDetails",
    label: string,
    type: string,
    options: { hint?: string; autoComplete?: string; max: number },
  ) => (
    <>
      <label htmlFor={field}>{label}</label>
      {options.hint ? (
        <span className="hint" id={`${field}-hint`}>
          {options.hint}
        </span>
      ) : null}
      <FieldError id={field} problem={problem(field)} />
      <input
        id={field}
        name={field}
        type={type}
        required
        maxLength={options.max}
        autoComplete={options.autoComplete}
        defaultValue={form[field]}
        aria-invalid={invalid(field)}
        aria-describedby={described(field, Boolean(options.hint))}
      />
    </>
  );
  /** A group of radio buttons or checkboxes, its problem named under its legend. */
  const choices = <Value extends string>(
    field: "kind" | "countries" | "payoutMethod",
    type: "radio" | "checkbox",
    legend: string,
    values: readonly Value[],
    names: Record<Value, string>,
    chosen: readonly string[],
  ) => (
    <fieldset aria-describedby={problems[field] ? `${field}-error` : undefined}>
      <legend>{legend}</legend>
      <FieldError id={field} problem={problem(field)} />
      {values.map((value) => (
        <label className="choice" key={value}>
          <input type={type} name={field} value={value} defaultChecked={chosen.includes(value)} />
          {names[value]}
        </label>
      ))}
    </fieldset>
  );
  const anyProblem = Object.keys(problems).length > 0;
  return (
    <>
      {view.busy ? <Alert>{t.signUpBusy}</Alert> : null}
      {anyProblem ? <Alert>{t.problemSummary}</Alert> : null}
      <p>{t.signUpIntro}</p>
      <form method="post" action={`${base}sign-up/`} noValidate>
        {choices("kind", "radio", t.kindLegend, ACCOUNT_KINDS, t.kinds, [form.kind])}
        {text("name", t.name, "text", { autoComplete: "organization", max: 100 })}
        {text("email", t.email, "email", { autoComplete: "email", max: 254 })}
        <label htmlFor="password">{t.password}</label>
        <span className="hint" id="password-hint">
          {t.passwordHint}
        </span>
        <FieldError id="password" problem={problem("password")} />
        <input
          id="password"
          name="password"
          type="password"
          required
          minLength={12}
          maxLength={128}
          autoComplete="new-password"
          aria-invalid={invalid("password")}
          aria-describedby={described("password", true)}
        />
        {text("website", t.website, "url", { hint: t.websiteHint, autoComplete: "url", max: 200 })}
        {text("trafficSources", t.trafficSources, "text", {
          hint: t.trafficSourcesHint,
          max: 500,
        })}
        {choices(
          "countries",
          "checkbox",
          t.countriesLegend,
          PORTAL_COUNTRIES,
          t.countries,
          form.countries,
        )}
        {choices("payoutMethod", "radio", t.payoutLegend, PAYOUT_METHODS, t.payoutMethods, [
          form.payoutMethod,
        ])}
        {text("payoutDetails", t.payoutDetails, "text", { hint: t.payoutDetailsHint, max: 300 })}
        <FieldError id="terms" problem={problem("terms")} />
        <TermsChoice
          t={t}
          base={base}
          invalid={Boolean(problems.terms)}
          describedBy={problems.terms ? "terms-error" : undefined}
        />
        <p>
          <button type="submit">{t.signUp}</button>
        </p>
      </form>
      <p>
        {t.haveAccount} <a href={base}>{t.signInLink}</a>
      </p>
    </>
  );
}
