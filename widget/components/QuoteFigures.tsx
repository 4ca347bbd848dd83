import type { LoanQuote } from "../../core/domain/loan";
import { formatPercent } from "../../core/domain/loan";
import { regularPayment } from "../../core/domain/offer-quotes";
import { formatDate } from "../../core/helpers/dates";
import { formatRupees } from "../../core/helpers/money";
import type { Locale } from "../../core/locale";
import { fill, messagesFor } from "../../core/messages";

/**
 * A loan's computed figures, as entries of a <dl>: the APR, the total to
 * pay (with the number and amount of monthly payments when there are several), and
 * the date of the last payment. The calculator and each offer card show them.
 */
export function QuoteFigures({ locale, quote }: { locale: Locale; quote: LoanQuote }) {
  const t = messagesFor(locale);
  return (
    <>
      <div>
        <dt>{t.aprLabel}</dt>
        <dd data-figure="apr">{formatPercent(quote.apr)}</dd>
      </div>
      <div>
        <dt>{t.totalToPay}</dt>
        <dd data-figure="total">
          {formatRupees(quote.total)}
          {quote.repayments.length > 1 ? (
            <span className="lw-sub">
              {fill(t.instalmentsValue, {
                count: quote.repayments.length,
                amount: formatRupees(regularPayment(quote)),
              })}
            </span>
          ) : null}
        </dd>
      </div>
      <div>
        <dt>{t.returnDate}</dt>
        <dd data-figure="return-date">{formatDate(quote.returnDate)}</dd>
      </div>
    </>
  );
}
