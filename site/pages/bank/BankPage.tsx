import type { CalendarDate } from "../../core/dates";
import type { Locale } from "../../core/locale";
import { fill } from "../../core/messages";
import type { BankView } from "../catalogue-views";
import { OffersForLoan } from "../components/OffersForLoan";
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
  return (
    <section aria-labelledby="bank-title">
      <h1 id="bank-title">{fill(t.bankTitle, { bank: view.name })}</h1>
      <p className="lead">{fill(t.bankIntro, { bank: view.name })}</p>
      <OffersForLoan locale={locale} offers={view.offers} today={today} />
    </section>
  );
}
