import type { Locale } from "../../../core/locale";
import { applicationMessagesFor } from "../../messages";
import { Consents } from "./Consents";
import { StepTitle } from "./StepTitle";
import type { ApplicationForm } from "./use-application-form";

/** The last step: the consents, then the submit (decision 0370). */
export function ConsentStep({
  locale,
  form,
  hidden,
}: {
  locale: Locale;
  form: ApplicationForm;
  hidden: boolean;
}) {
  const a = applicationMessagesFor(locale);
  return (
    <fieldset className="application-group" hidden={hidden}>
      <StepTitle step={3} text={a.stepConsents} />
      <Consents locale={locale} form={form} />
    </fieldset>
  );
}
