import type { PortalView, SignUpField } from "../../../../core/views/partner-portal";
import { Alert, FieldError } from "../../../operator/fields";
import type { PortalMessages } from "../../messages";
import { NewPassword, ProgrammeTerms, signUpFields, TermsChoice } from "../../parts";

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
  const { text, choices } = signUpFields(t, form, problem, view.programme.ewallets);
  const anyProblem = Object.keys(problems).length > 0;
  return (
    <>
      {view.busy ? <Alert>{t.signUpBusy}</Alert> : null}
      {anyProblem ? <Alert>{t.problemSummary}</Alert> : null}
      <p>{t.signUpIntro}</p>
      <ProgrammeTerms t={t} base={base} programme={view.programme} />
      <form method="post" action={`${base}sign-up/`} noValidate>
        {choices("kind", [form.kind])}
        {text("name")}
        {text("email")}
        <NewPassword
          t={t}
          id="password"
          label={t.password}
          problem={problem("password")}
          again={anyProblem}
        />
        {text("website")}
        {text("trafficSources")}
        {choices("countries", form.countries)}
        {choices("payoutMethod", [form.payoutMethod])}
        {text("payoutDetails")}
        <FieldError id="terms" problem={problem("terms")} />
        <TermsChoice
          t={t}
          base={base}
          invalid={Boolean(problems.terms)}
          describedBy={problems.terms ? "terms-error" : undefined}
          checked={form.terms}
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
