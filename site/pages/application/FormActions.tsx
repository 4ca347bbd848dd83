import type { Locale } from "../../../core/locale";
import { applicationMessagesFor } from "../../messages";
import { STEP_COUNT } from "./application-form";
import type { ApplicationForm } from "./use-application-form";

/** Back (version 3 after the first step), and Next or the submit. */
export function FormActions({ locale, form }: { locale: Locale; form: ApplicationForm }) {
  const a = applicationMessagesFor(locale);
  const { stepped, sending } = form;
  const { step, hydrated } = form.state;
  const lastStep = !stepped || step === STEP_COUNT - 1;
  return (
    <div className="application-actions">
      {stepped && step > 0 ? (
        <button type="button" className="button-secondary" onClick={form.back} disabled={sending}>
          {a.back}
        </button>
      ) : null}
      <button
        type="submit"
        className="button-small application-submit"
        // Disabled until hydrated: without JavaScript the form would post nowhere useful.
        disabled={!hydrated || sending}
      >
        {lastStep ? (sending ? a.sending : a.submit) : a.next}
      </button>
    </div>
  );
}
