import { Alert, Notice } from "../../../operator/fields";
import { EmailField, NewPasswordForm, newPasswordWords } from "../../../operator/SignIn";
import type { PortalPageOf } from "../../page";
import { Saying, TermsChoice } from "../../parts";

export const forgotPage: PortalPageOf<"forgot"> = {
  title: (_view, { t }) => t.forgotTitle,
  Body: ({ view, t, base }) => (
    <>
      {view.busy ? <Alert>{t.busy}</Alert> : null}
      <p>{t.forgotIntro}</p>
      <form method="post" action={`${base}forgot/`}>
        <EmailField label={t.email} value={view.email} maxLength={254} />
        <p>
          <button type="submit">{t.forgotSend}</button>
        </p>
      </form>
    </>
  ),
};

export const forgotSentPage: PortalPageOf<"forgot-sent"> = {
  title: (_view, { t }) => t.forgotTitle,
  Body: ({ t, base }) => (
    <Saying t={t} base={base}>
      <Notice>{t.forgotSent}</Notice>
    </Saying>
  ),
};

/** Choosing a password: claiming an account an operator made, or a reset. */
export const setPasswordPage: PortalPageOf<"set-password"> = {
  title: (view, { t }) => (view.purpose === "claim" ? t.claimTitle : t.forgotTitle),
  Body: ({ view, t, base }) => {
    const problem =
      view.problem === "mismatch"
        ? t.mismatchPasswords
        : view.problem === "terms"
          ? t.termsRequired
          : view.problem
            ? t.problems[view.problem]
            : undefined;
    return (
      <NewPasswordForm
        action={`${base}password/`}
        token={view.token}
        words={newPasswordWords(t)}
        intro={view.purpose === "claim" ? t.claimIntro : t.resetIntro}
        problem={problem}
        passwordInvalid={Boolean(view.problem) && view.problem !== "terms"}
        confirmInvalid={view.problem === "mismatch"}
      >
        {view.purpose === "claim" ? (
          <TermsChoice t={t} base={base} invalid={view.problem === "terms"} />
        ) : null}
      </NewPasswordForm>
    );
  },
};
