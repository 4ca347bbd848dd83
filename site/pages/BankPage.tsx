import { useState } from "react";
import type { CalendarDate } from "../../core/dates";
import { type Locale, localizePath } from "../../core/locale";
import { fill } from "../../core/messages";
import { Calculator } from "../../widget/components/Calculator";
import { OfferList } from "../../widget/components/OfferList";
import { normalizeSelection } from "../../widget/loan-selection";
import type { BankView } from "../catalogue-views";
import { siteMessagesFor } from "../messages";

/** Offers that pay into a bank account, for the account holders of one bank. */
export function BankPage({
  locale,
  view,
  today,
}: {
  locale: Locale;
  view: BankView;
  today: CalendarDate;
}) {
  const t = siteMessagesFor(locale);
  const [selection, setSelection] = useState(() => normalizeSelection(undefined, undefined));
  return (
    <section aria-labelledby="bank-title">
      <h1 id="bank-title">{fill(t.bankTitle, { bank: view.name })}</h1>
      <p className="lead">{fill(t.bankIntro, { bank: view.name })}</p>
      <Calculator
        locale={locale}
        selection={selection}
        onSelectionChange={setSelection}
        today={today}
      />
      <OfferList
        locale={locale}
        selection={selection}
        today={today}
        feed={{ status: "ready", offers: view.offers }}
        onRetry={() => {}}
        assetBase=""
        offerHref={(offerId) =>
          `${localizePath(locale, "/application/")}?${new URLSearchParams({
            amount: String(selection.amount),
            period: String(selection.termDays),
            offer: String(offerId),
          })}`
        }
      />
    </section>
  );
}
