import type { Locale } from "../../../../core/locale";
import { Alert, CsrfField } from "../../../operator/fields";
import { APP_CODE, CodeForm, SignInForm } from "../../../operator/SignIn";
import type { PortalPageOf } from "../../page";
import { accountMessagesFor } from "../account/account-messages";

export const signInPage: PortalPageOf<"sign-in"> = {
  title: (_view, { t }) => t.signInTitle,
  Body: ({ view, t, base }) => {
    const problem =
      view.problem && { mismatch: t.mismatch, wait: t.wait, busy: t.busy }[view.problem];
    const notice =
      view.notice &&
      {
        signed_out: t.signedOut,
        verified: t.verified,
        password_set: t.passwordSet,
        code_tries: t.codeTries,
      }[view.notice];
    return (
      <SignInForm
        action={`${base}sign-in/`}
        words={{ email: t.email, password: t.password, submit: t.signIn }}
        email={view.email}
        emailMaxLength={254}
        problem={problem}
        notice={notice}
        intro={t.signInIntro}
      >
        <p>
          <a className="portal-target" href={`${base}forgot/`}>
            {t.forgotLink}
          </a>
        </p>
        <p>
          {t.noAccount} <a href={`${base}sign-up/`}>{t.signUpLink}</a>
        </p>
      </SignInForm>
    );
  },
};

/** The sign-in's code step with a recovery code instead of the app's (decision 0253). */
function RecoveryCodeForm(props: { locale: Locale; csrf: string; action: string }) {
  const a = accountMessagesFor(props.locale);
  return (
    <details className="account-recovery">
      <summary>{a.recoveryUse}</summary>
      <form method="post" action={props.action}>
        <CsrfField csrf={props.csrf} />
        <label htmlFor="recovery-code">{a.recoveryCode}</label>
        <span className="hint" id="recovery-code-hint">
          {a.recoveryCodeHint}
        </span>
        <input
          id="recovery-code"
          name="code"
          type="text"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={20}
          required
          aria-describedby="recovery-code-hint"
        />
        <p>
          <button type="submit">{a.recoveryContinue}</button>
        </p>
      </form>
    </details>
  );
}

export const signInCodePage: PortalPageOf<"sign-in-code"> = {
  title: (_view, { t }) => t.codeTitle,
  Body: ({ view, t, base, locale }) => (
    <>
      {view.problem === "wrong" ? <Alert>{t.codeWrong}</Alert> : null}
      {view.problem === "wait" ? <Alert>{t.wait}</Alert> : null}
      <p>{t.codeIntro}</p>
      <CodeForm
        action={`${base}sign-in/code/`}
        csrf={view.csrf}
        label={t.code}
        accepts={APP_CODE}
        submit={t.codeContinue}
      />
      <RecoveryCodeForm locale={locale} csrf={view.csrf} action={`${base}sign-in/code/`} />
    </>
  ),
};
