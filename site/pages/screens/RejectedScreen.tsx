import { useState } from "react";
import type { CalendarDate } from "../../../core/helpers/dates";
import type { Locale } from "../../../core/locale";
import { applicationUrl } from "../../../widget/apply-link";
import { Calculator } from "../../../widget/components/Calculator";
import { normalizeSelection } from "../../../widget/loan-selection";
import { useCalculatorChange } from "../../calculator-tracking";
import { TrustNotes } from "../../components/TrustNotes";
import { siteMessagesFor } from "../../messages";

/**
 * SPEC §2's rejected screen: congratulates (decision 0320), and asks for an
 * amount to start a new application. /landing/rejected/ shows it, and so does
 * a visitor's offers page once no lender pre-approved or matched the
 * application (0123), with its own heading and text instead.
 */
export function RejectedScreen({
  locale,
  today,
  text,
}: {
  locale: Locale;
  today: CalendarDate;
  /** What happened, when the page knows more than SPEC §2's "one lender" (the offers page). */
  text?: string | undefined;
}) {
  const t = siteMessagesFor(locale);
  const [selection, setSelection] = useState(() => normalizeSelection(undefined, undefined));
  const changeSelection = useCalculatorChange(selection, setSelection);
  return (
    <section aria-labelledby="screen-title">
      {/* SPEC §2 congratulates first; after lenders said no to this application, that would be false. */}
      <h1 id="screen-title">{text === undefined ? t.rejectedCongratulations : t.rejectedTitle}</h1>
      <p className="lead">{text ?? t.rejectedText}</p>
      <Calculator
        locale={locale}
        selection={selection}
        onSelectionChange={changeSelection}
        today={today}
      />
      <a className="button" href={applicationUrl({ apiBase: "", locale, selection })}>
        {t.applyNow}
      </a>
      <TrustNotes locale={locale} variant="short" />
    </section>
  );
}
