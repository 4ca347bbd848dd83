import { fill } from "../../../../core/messages";
import type { SignInCodeView, SignInView } from "../../../../core/views/back-office";
import { Alert } from "../../../operator/fields";
import { CodeForm, SignInForm } from "../../../operator/SignIn";
import type { BackOfficeMessages } from "../../messages";

export function SignInPage({ view, t }: { view: SignInView; t: BackOfficeMessages }) {
  const seconds = view.waitSeconds ?? 0;
  const problem = {
    mismatch: t.signInMismatch,
    wait: fill(t.signInWait, { seconds }),
    busy: fill(t.signInBusy, { seconds }),
    code_tries: t.signInCodeTries,
    refused: t.signInRefused,
  };
  const notice = {
    signed_out: t.noticeSignedOut,
    ended: t.noticeEnded,
    everywhere: t.noticeEverywhere,
    enrolled: t.noticeEnrolled,
  };
  return (
    <SignInForm
      action="/admin/sign-in/"
      words={{ email: t.signInEmail, password: t.signInPassword, submit: t.signInSubmit }}
      email={view.email}
      next={view.next}
      problem={view.problem && problem[view.problem]}
      notice={view.notice && notice[view.notice]}
    />
  );
}

/** Staff type the app's code or a recovery code in the same field. */
const APP_OR_RECOVERY_CODE = { inputMode: "text", maxLength: 20 } as const;

export function SignInCodePage({ view, t }: { view: SignInCodeView; t: BackOfficeMessages }) {
  const tries = view.triesLeft ?? 0;
  return (
    <>
      {view.problem === "wrong" ? <Alert>{fill(t.codeWrong, { tries })}</Alert> : null}
      {view.problem === "wait" ? (
        <Alert>{fill(t.codeWait, { seconds: view.waitSeconds ?? 0 })}</Alert>
      ) : null}
      <p>{t.codeIntro}</p>
      <CodeForm
        action="/admin/sign-in/code/"
        csrf={view.csrf}
        next={view.next}
        label={t.codeLabel}
        hint={t.codeHint}
        accepts={APP_OR_RECOVERY_CODE}
        invalid={view.problem === "wrong"}
        submit={t.codeSubmit}
      />
      <p>
        <a href="/admin/sign-in/">{t.codeStartAgain}</a>
      </p>
    </>
  );
}
