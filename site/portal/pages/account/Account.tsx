import type { Locale } from "../../../../core/locale";
import {
  PAYOUT_METHODS,
  PORTAL_COUNTRIES,
  PORTAL_SECTION_PATHS,
  type SignUpField,
  type SignUpProblem,
} from "../../../../core/views/partner-portal";
import type { AccountView } from "../../../../core/views/portal/account";
import { Alert, CsrfField, FieldError, Notice } from "../../../operator/fields";
import { type PortalMessages, portalMessagesFor } from "../../messages";
import { type AccountMessages, accountMessagesFor } from "./account-messages";

type Problems = Partial<Record<SignUpField, SignUpProblem>>;

/** A one-line field with its label, hint and problem, described by both. */
function Field(props: {
  id: string;
  name: string;
  label: string;
  type?: string;
  hint?: string | undefined;
  problem?: string | undefined;
  value?: string | undefined;
  max: number;
  min?: number;
  autoComplete?: string;
  inputMode?: "numeric";
}) {
  const { id, hint, problem } = props;
  const described = [hint ? `${id}-hint` : "", problem ? `${id}-error` : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <>
      <label htmlFor={id}>{props.label}</label>
      {hint ? (
        <span className="hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      <FieldError id={id} problem={problem} />
      <input
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        required
        maxLength={props.max}
        minLength={props.min}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        defaultValue={props.value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={described || undefined}
      />
    </>
  );
}

/** Radio buttons or checkboxes under a legend, the group's problem named under it. */
function Choices<Value extends string>(props: {
  id: string;
  name: string;
  type: "radio" | "checkbox";
  legend: string;
  values: readonly Value[];
  names: Record<Value, string>;
  chosen: readonly string[];
  problem: string | undefined;
}) {
  const { id, problem } = props;
  return (
    <fieldset aria-describedby={problem ? `${id}-error` : undefined}>
      <legend>{props.legend}</legend>
      <FieldError id={id} problem={problem} />
      {props.values.map((value) => (
        <label className="choice" key={value}>
          <input
            type={props.type}
            name={props.name}
            value={value}
            defaultChecked={props.chosen.includes(value)}
          />
          {props.names[value]}
        </label>
      ))}
    </fieldset>
  );
}

function DetailsForm({ view, t, a, action }: Parts & { action: string }) {
  const problem = view.problem?.form === "details" ? view.problem : undefined;
  const values = problem?.values ?? view.details;
  const text = (field: SignUpField) => problemText(t, problem?.problems, field);
  return (
    <section aria-labelledby="account-details">
      <h2 id="account-details">{a.detailsTitle}</h2>
      <p>{a.detailsIntro}</p>
      {problem ? <Alert>{t.problemSummary}</Alert> : null}
      <form method="post" action={action} noValidate>
        <CsrfField csrf={view.csrf} />
        <Field
          id="name"
          name="name"
          label={t.name}
          value={values.name}
          max={100}
          autoComplete="organization"
          problem={text("name")}
        />
        <Field
          id="website"
          name="website"
          label={t.website}
          type="url"
          hint={t.websiteHint}
          value={values.website}
          max={200}
          autoComplete="url"
          problem={text("website")}
        />
        <Field
          id="trafficSources"
          name="trafficSources"
          label={t.trafficSources}
          hint={t.trafficSourcesHint}
          value={values.trafficSources}
          max={500}
          problem={text("trafficSources")}
        />
        <Choices
          id="countries"
          name="countries"
          type="checkbox"
          legend={t.countriesLegend}
          values={PORTAL_COUNTRIES}
          names={t.countries}
          chosen={values.countries}
          problem={text("countries")}
        />
        <p>
          <button type="submit">{a.saveDetails}</button>
        </p>
      </form>
    </section>
  );
}

function PayoutForm({ view, t, a, action }: Parts & { action: string }) {
  const problem = view.problem?.form === "payout" ? view.problem : undefined;
  const text = (field: SignUpField) => problemText(t, problem?.problems, field);
  const method = problem?.values.payoutMethod ?? view.payout.method ?? "";
  return (
    <section aria-labelledby="account-payout">
      <h2 id="account-payout">{a.payoutTitle}</h2>
      <dl className="portal-facts">
        <dt>{a.payoutMethod}</dt>
        <dd>{view.payout.method ? t.payoutMethods[view.payout.method] : a.notGiven}</dd>
        <dt>{a.payoutAccount}</dt>
        <dd>
          <code>{view.payout.masked ?? a.notGiven}</code>
        </dd>
      </dl>
      <p className="hint">{a.payoutIntro}</p>
      <h3>{a.payoutChange}</h3>
      {problem ? <Alert>{t.problemSummary}</Alert> : null}
      <form method="post" action={action} noValidate>
        <CsrfField csrf={view.csrf} />
        <Choices
          id="payoutMethod"
          name="payoutMethod"
          type="radio"
          legend={a.payoutMethod}
          values={PAYOUT_METHODS}
          names={t.payoutMethods}
          chosen={[method]}
          problem={text("payoutMethod")}
        />
        <Field
          id="payoutDetails"
          name="payoutDetails"
          label={a.newPayoutDetails}
          hint={t.payoutDetailsHint}
          max={300}
          autoComplete="off"
          problem={text("payoutDetails")}
        />
        <p>
          <button type="submit">{a.savePayout}</button>
        </p>
      </form>
    </section>
  );
}

function PasswordForm({ view, t, a, action }: Parts & { action: string }) {
  const problem = view.problem?.form === "password" ? view.problem.problem : undefined;
  const current = problem === "current" ? a.currentWrong : problem === "wait" ? t.wait : undefined;
  const fresh =
    problem === "mismatch"
      ? t.mismatchPasswords
      : problem && problem !== "current" && problem !== "wait"
        ? t.problems[problem]
        : undefined;
  return (
    <section aria-labelledby="account-password">
      <h2 id="account-password">{a.passwordTitle}</h2>
      <p>{a.passwordIntro}</p>
      {problem ? <Alert>{current ?? fresh}</Alert> : null}
      <form method="post" action={action}>
        <CsrfField csrf={view.csrf} />
        <Field
          id="current-password"
          name="current"
          label={a.currentPassword}
          type="password"
          max={128}
          autoComplete="current-password"
          problem={current}
        />
        <Field
          id="new-password"
          name="password"
          label={t.newPassword}
          type="password"
          hint={t.passwordHint}
          max={128}
          min={12}
          autoComplete="new-password"
          problem={fresh}
        />
        <Field
          id="confirm-password"
          name="confirm"
          label={t.confirmPassword}
          type="password"
          max={128}
          autoComplete="new-password"
        />
        <p>
          <button type="submit">{a.changePassword}</button>
        </p>
      </form>
    </section>
  );
}

function TwoFactor({ view, t, a, base }: Parts & { base: string }) {
  const path = `${base}${PORTAL_SECTION_PATHS.account}`;
  if (!view.twoFactor) {
    return (
      <section aria-labelledby="account-two-factor">
        <h2 id="account-two-factor">{t.twoFactorTitle}</h2>
        <p>
          {t.twoFactorOff} <a href={`${base}two-factor/`}>{t.twoFactorLink}</a>
        </p>
      </section>
    );
  }
  const problem = view.problem?.form === "two_factor_off" ? view.problem.problem : undefined;
  const passwordProblem =
    problem === "current" ? a.currentWrong : problem === "wait" ? t.wait : undefined;
  const codeProblem = problem === "code" ? t.codeWrong : undefined;
  return (
    <section aria-labelledby="account-two-factor">
      <h2 id="account-two-factor">{t.twoFactorTitle}</h2>
      <p>{t.twoFactorOn}</p>
      <h3>{a.recoveryTitle}</h3>
      <p>{a.recoveryIntro}</p>
      <p>{a.recoveryLeft(view.recoveryCodesLeft)}</p>
      <form method="post" action={`${path}recovery-codes`}>
        <CsrfField csrf={view.csrf} />
        <button type="submit">
          {view.recoveryCodesLeft > 0 ? a.recoveryRemake : a.recoveryMake}
        </button>
      </form>
      <h3>{a.turnOffTitle}</h3>
      <p>{a.turnOffIntro}</p>
      {problem ? <Alert>{passwordProblem ?? codeProblem}</Alert> : null}
      <form method="post" action={`${path}two-factor-off`}>
        <CsrfField csrf={view.csrf} />
        <Field
          id="off-password"
          name="current"
          label={a.currentPassword}
          type="password"
          max={128}
          autoComplete="current-password"
          problem={passwordProblem}
        />
        <Field
          id="off-code"
          name="code"
          label={t.code}
          max={8}
          inputMode="numeric"
          autoComplete="one-time-code"
          problem={codeProblem}
        />
        <p>
          <button type="submit">{a.turnOff}</button>
        </p>
      </form>
    </section>
  );
}

interface Parts {
  view: AccountView;
  t: PortalMessages;
  a: AccountMessages;
}

function problemText(
  t: PortalMessages,
  problems: Problems | undefined,
  field: SignUpField,
): string | undefined {
  const known = problems?.[field];
  return known ? t.problems[known] : undefined;
}

/** The partner portal's account page (issue 18, decisions 0251–0255). */
export function AccountPage({
  view,
  locale,
  base,
}: {
  view: AccountView;
  locale: Locale;
  base: string;
}) {
  const t = portalMessagesFor(locale);
  const a = accountMessagesFor(locale);
  const path = `${base}${PORTAL_SECTION_PATHS.account}`;
  const parts = { view, t, a };
  return (
    <div className="account">
      {view.notice ? <Notice>{a.notices[view.notice]}</Notice> : null}
      {view.recoveryCodes ? (
        <section className="account-codes" aria-labelledby="account-codes">
          <h2 id="account-codes">{a.recoveryShownTitle}</h2>
          <p>{a.recoveryShown}</p>
          <ol className="account-code-list">
            {view.recoveryCodes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <dl className="portal-facts">
        <dt>{t.email}</dt>
        <dd>{view.email}</dd>
        <dt>{a.kind}</dt>
        <dd>{t.kinds[view.kind]}</dd>
      </dl>
      <DetailsForm {...parts} action={`${path}details`} />
      <PayoutForm {...parts} action={`${path}payout`} />
      <PasswordForm {...parts} action={`${path}password`} />
      <TwoFactor {...parts} base={base} />
    </div>
  );
}
