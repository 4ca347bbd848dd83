import { fill } from "../../../core/messages";
import { OffersForLoan } from "../../components/OffersForLoan";
import { Island } from "../../islands/Island";
import { siteMessagesFor } from "../../messages";
import type { PageProps } from "../page";
import type { BankView } from "./page.server";

/** Offers that pay into a bank account, for the account holders of one bank. */
export function BankPage({ locale, view, today }: PageProps<BankView>) {
  const t = siteMessagesFor(locale);
  return (
    <section aria-labelledby="bank-title">
      <h1 id="bank-title">{fill(t.bankTitle, { bank: view.name })}</h1>
      <p className="lead">{fill(t.bankIntro, { bank: view.name })}</p>
      <Island name="offers-for-loan">
        <OffersForLoan locale={locale} offers={view.offers} today={today} />
      </Island>
    </section>
  );
}
