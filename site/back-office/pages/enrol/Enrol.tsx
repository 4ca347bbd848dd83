import { fill } from "../../../../core/messages";
import type { EnrolView } from "../../../../core/views/back-office";
import { NewPasswordForm } from "../../../operator/SignIn";
import type { BackOfficeMessages } from "../../messages";

export function EnrolPage({ view, t }: { view: EnrolView; t: BackOfficeMessages }) {
  const problems = {
    too_short: t.passwordTooShort,
    too_long: t.passwordTooLong,
    contains_email: t.passwordContainsEmail,
    common: t.passwordCommon,
    mismatch: t.passwordMismatch,
  };
  return (
    <NewPasswordForm
      action="/admin/enrol/"
      token={view.token}
      username={view.email}
      words={{
        password: t.enrolPassword,
        hint: t.enrolPasswordHint,
        confirm: t.enrolConfirm,
        submit: t.enrolSubmit,
      }}
      intro={fill(t.enrolIntro, { email: view.email })}
      problem={view.problem && problems[view.problem]}
      passwordInvalid={Boolean(view.problem) && view.problem !== "mismatch"}
      confirmInvalid={view.problem === "mismatch"}
    />
  );
}
