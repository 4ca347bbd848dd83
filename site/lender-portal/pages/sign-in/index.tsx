import { Alert } from "../../../operator/fields";
import { CodeForm, SignInForm } from "../../../operator/SignIn";
import type { LenderPageOf } from "../../page";

export const signInPage: LenderPageOf<"sign-in"> = {
  title: (_view, { t }) => t.signInTitle,
  Body: ({ view, t, base }) => (
    <SignInForm
      action={`${base}sign-in/`}
      words={{ email: t.email, password: t.password, submit: t.signIn }}
      email={view.email}
      emailMaxLength={254}
      problem={view.problem && { mismatch: t.mismatch, wait: t.wait, busy: t.busy }[view.problem]}
      notice={
        view.notice &&
        { signed_out: t.signedOut, code_tries: t.codeTries, enrolled: t.enrolled }[view.notice]
      }
      intro={t.signInIntro}
    />
  ),
};

/** The second step: the app's six digits or a recovery code, in one field. */
export const signInCodePage: LenderPageOf<"sign-in-code"> = {
  title: (_view, { t }) => t.codeTitle,
  Body: ({ view, t, base }) => (
    <>
      {view.problem ? <Alert>{view.problem === "wait" ? t.wait : t.codeWrong}</Alert> : null}
      <p>{t.codeIntro}</p>
      <CodeForm
        action={`${base}sign-in/code/`}
        csrf={view.csrf}
        label={t.code}
        accepts={{ inputMode: "text", maxLength: 20 }}
        invalid={view.problem === "wrong"}
        submit={t.codeContinue}
      />
    </>
  ),
};
