import type { EnrolView } from "../../../core/back-office";
import { fill } from "../../../core/messages";
import { Alert } from "../fields";
import type { BackOfficeMessages } from "../messages";

export function EnrolPage({ view, t }: { view: EnrolView; t: BackOfficeMessages }) {
  const problems = {
    too_short: t.passwordTooShort,
    too_long: t.passwordTooLong,
    contains_email: t.passwordContainsEmail,
    common: t.passwordCommon,
    mismatch: t.passwordMismatch,
  };
  const passwordProblem = view.problem && view.problem !== "mismatch";
  return (
    <>
      {view.problem ? <Alert>{problems[view.problem]}</Alert> : null}
      <p>{fill(t.enrolIntro, { email: view.email })}</p>
      <form method="post" action="/admin/enrol/">
        <input type="hidden" name="token" value={view.token} />
        {/* For password managers: the account the new password belongs to. */}
        <input type="hidden" name="username" autoComplete="username" value={view.email} />
        <label htmlFor="password">{t.enrolPassword}</label>
        <span className="hint" id="password-hint">
          {t.enrolPasswordHint}
        </span>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={12}
          maxLength={128}
          aria-describedby="password-hint"
          aria-invalid={passwordProblem ? true : undefined}
        />
        <label htmlFor="confirm">{t.enrolConfirm}</label>
        <input
          id="confirm"
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
          maxLength={128}
          aria-invalid={view.problem === "mismatch" ? true : undefined}
        />
        <p>
          <button type="submit">{t.enrolSubmit}</button>
        </p>
      </form>
    </>
  );
}
