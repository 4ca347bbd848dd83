import type { Locale } from "../../../../core/locale";
import {
  PORTAL_SECTION_PATHS,
  type SignUpField,
  type SignUpProblem,
} from "../../../../core/views/partner-portal";
import type { AccountView } from "../../../../core/views/portal/account";
import { Alert, CsrfField, Notice, PasswordField, TextField } from "../../../operator/fields";
import { type PortalMessages, portalMessagesFor } from "../../messages";
import { NewPassword, signUpFields } from "../../parts";
import { type AccountMessages, accountMessagesFor } from "./account-messages";

type Problems = Partial<Record<SignUpField, SignUpProblem>>;

function DetailsForm({ view, t, a, action }: Parts & { action: string }) {
  const problem = view.problem?.form === "details" ? view.problem : undefined;
  const values = problem?.values ?? view.details;
  const { text, choices } = signUpFields(t, values, (field) =>
    problemText(t, problem?.problems, field),
  );
  return (
    <section aria-labelledby="account-details">
      <h2 id="account-details">{a.detailsTitle}</h2>
      <p>{a.detailsIntro}</p>
      {problem ? <Alert>{t.problemSummary}</Alert> : null}
      <form method="post" action={action} noValidate>
        <CsrfField csrf={view.csrf} />
        {text("name")}
        {text("website")}
        {text("trafficSources")}
        {choices("countries", values.countries)}
        <p>
          <button type="submit">{a.saveDetails}</button>
        </p>
      </form>
    </section>
  );
}

function PayoutForm({ view, t, a, action }: Parts & { action: string }) {
  const problem = view.problem?.form === "payout" ? view.problem : undefined;
  const { text, choices } = signUpFields(
    t,
    {},
    (field) => problemText(t, problem?.problems, field),
    view.ewallets,
  );
  const retired = view.payout.method === "stablecoin" || view.payout.method === "paypal";
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
      {retired ? <p>{t.payoutRetired}</p> : null}
      <p className="hint">{a.payoutIntro}</p>
      <h3>{a.payoutChange}</h3>
      {problem ? <Alert>{t.problemSummary}</Alert> : null}
      <form method="post" action={action} noValidate>
        <CsrfField csrf={view.csrf} />
        {choices("payoutMethod", [method], a.payoutMethod)}
        {text("payoutDetails", { label: a.newPayoutDetails, autoComplete: "off" })}
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
        <PasswordField
          kind="current"
          id="current-password"
          name="current"
          label={a.currentPassword}
          problem={current}
        />
        <NewPassword t={t} id="new-password" label={t.newPassword} problem={fresh} />
        <PasswordField
          kind="confirm"
          id="confirm-password"
          name="confirm"
          label={t.confirmPassword}
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
        <PasswordField
          kind="current"
          id="off-password"
          name="current"
          label={a.currentPassword}
          problem={passwordProblem}
        />
        <TextField
          required
          id="off-code"
          name="code"
          label={t.code}
          maxLength={8}
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
