import { TrustNotes } from "../../components/TrustNotes";
import { VerificationForm } from "../../components/verification-form";
import { wholePageIsland } from "../../islands/Island";
import { applicationMessagesFor, siteMessagesFor } from "../../messages";
import type { PageProps } from "../page";
import { AboutYouStep } from "./AboutYouStep";
import { ConsentStep } from "./ConsentStep";
import { ErrorSummary } from "./ErrorSummary";
import { FormActions } from "./FormActions";
import { LoanStep } from "./LoanStep";
import { MoneyStep } from "./MoneyStep";
import type { ApplicationView } from "./page.server";
import { StepProgress } from "./StepProgress";
import { useApplicationForm } from "./use-application-form";

/**
 * The application form (issue 5; SPEC §4's /application/, /reg/, /reg2/).
 * Version 3, the default, shows four short steps, one topic each, each
 * checked alone before the next, rendered by the server at its first step
 * (decisions 0370–0372); version 2 (`ver=2`) shows the same four sections
 * on one page. Both check with the
 * server's own schema and post JSON to /api/applications; a created
 * application then asks for the code sent to the phone (issue 14). Without
 * JavaScript the form cannot be sent: the server render shows every field
 * with a note, and the button works only once the page is hydrated.
 *
 * The form's children keep their places (a null where one is not shown):
 * the calculator's useId ids depend on them, and the server's are hydrated.
 * The page is an islands page (decision 0470): the form is its island.
 */
export const ApplicationPage = wholePageIsland("application", ApplicationForm);

/** The page's content, which the islands' script hydrates on preact (decision 0470). */
export function ApplicationForm(props: PageProps<ApplicationView>) {
  const { locale, today } = props;
  const t = siteMessagesFor(locale);
  const a = applicationMessagesFor(locale);
  const form = useApplicationForm(props);
  const { state, stepped } = form;
  const hidden = (step: number) => stepped && state.step !== step;

  if (state.verification) {
    return (
      <section aria-labelledby="application-title" className="application">
        <h1 id="application-title">{t.applicationTitle}</h1>
        <VerificationForm
          locale={locale}
          pending={state.verification.pending}
          phone={state.verification.phone}
          headingLevel={2}
          autoFocus
          onVerified={form.verified}
          onChangeDetails={form.changeDetails}
        />
      </section>
    );
  }

  return (
    <section aria-labelledby="application-title" className="application">
      <h1 id="application-title">{t.applicationTitle}</h1>
      <p className="lead">{t.applicationIntro}</p>
      <noscript>
        <p className="notice">{a.noScript}</p>
      </noscript>

      <form
        className="form application-form"
        method="post"
        noValidate
        aria-busy={form.sending}
        onFocus={form.reportFocus}
        onBlur={form.reportFilled}
        onSubmit={form.submitForm}
      >
        <ErrorSummary locale={locale} form={form} />
        {state.restored ? (
          <div className="application-restored">
            <p>{a.restoredNote}</p>
            <button type="button" className="button-secondary" onClick={form.startAgain}>
              {a.startAgain}
            </button>
          </div>
        ) : null}
        <p className="field-hint">{a.requiredNote}</p>
        {stepped ? <StepProgress locale={locale} step={state.step} /> : null}
        <LoanStep
          locale={locale}
          today={today}
          form={form}
          hidden={hidden(0)}
          purposes={props.view.purposes}
        />
        <AboutYouStep locale={locale} form={form} hidden={hidden(1)} />
        <MoneyStep locale={locale} form={form} hidden={hidden(2)} />
        <ConsentStep locale={locale} form={form} hidden={hidden(3)} />
        <FormActions locale={locale} form={form} />
        <TrustNotes locale={locale} variant="short" />
        {state.status === "failed" ||
        state.status === "throttled" ||
        state.status === "notSent" ||
        state.status === "offline" ? (
          <p className="field-error" role="alert">
            {a[state.status]}
          </p>
        ) : null}
      </form>
      <TrustNotes locale={locale} />
    </section>
  );
}
