import { useState } from "react";
import type { Offer } from "../../core/domain/schemas/offer";
import type { CalendarDate } from "../../core/helpers/dates";
import type { Locale } from "../../core/locale";
import { applicationUrl } from "../../widget/apply-link";
import { Calculator } from "../../widget/components/Calculator";
import { OfferList } from "../../widget/components/OfferList";
import { normalizeSelection } from "../../widget/loan-selection";
import { useCalculatorChange } from "../calculator-tracking";
import { eligibilityHref } from "../eligibility-link";
import { siteMessagesFor } from "../messages";

/** The calculator and the offers that fit its loan, priced by core/; offers lead to our application. */
export function OffersForLoan({
  locale,
  offers,
  today,
}: {
  locale: Locale;
  offers: readonly Offer[];
  today: CalendarDate;
}) {
  const [selection, setSelection] = useState(() => normalizeSelection(undefined, undefined));
  const changeSelection = useCalculatorChange(selection, setSelection);
  return (
    <>
      <Calculator
        locale={locale}
        selection={selection}
        onSelectionChange={changeSelection}
        today={today}
      />
      <a className="eligibility-link" href={eligibilityHref(locale, selection)}>
        {siteMessagesFor(locale).eligibilityLink}
      </a>
      <OfferList
        locale={locale}
        selection={selection}
        today={today}
        feed={{ status: "ready", offers }}
        onRetry={() => {}}
        assetBase=""
        offerHref={(offerId) => applicationUrl({ apiBase: "", locale, selection, offerId })}
      />
    </>
  );
}
