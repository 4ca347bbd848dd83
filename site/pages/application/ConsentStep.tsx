import { applicationMessagesFor } from "../../messages";
import { Consents } from "./Consents";
import { Step, type StepProps } from "./Step";

/** The last step: the consents, then the submit (decision 0370). */
export function ConsentStep({ locale, form, hidden }: StepProps) {
  const a = applicationMessagesFor(locale);
  return (
    <Step step={3} title={a.stepConsents} hidden={hidden}>
      <Consents locale={locale} form={form} />
    </Step>
  );
}
