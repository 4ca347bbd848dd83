import { formatPercent } from "../../../core/domain/loan";
import { formatDate } from "../../../core/helpers/dates";
import { formatRupees } from "../../../core/helpers/money";
import { fill } from "../../../core/messages";
import { applicationUrl } from "../../../widget/apply-link";
import { ApprovalOdds } from "../../../widget/components/ApprovalOdds";
import { ProductName } from "../../components/ProductName";
import { Island } from "../../islands/Island";
import { siteMessagesFor } from "../../messages";
import { lenderMessagesFor } from "../../messages/lender";
import type { PageProps } from "../page";
import { LenderFacts } from "./LenderFacts";
import { LenderPageLogo } from "./LenderPageLogo";
import type { LenderView } from "./page.server";

/**
 * A lender from the offers catalogue: who it is (licence, registered name,
 * website, complaints), its loans, terms, a worked example each, and who can apply.
 */
export function LenderPage({ locale, view }: PageProps<LenderView>) {
  const t = siteMessagesFor(locale);
  const who = lenderMessagesFor(locale);
  return (
    <article className="article" aria-labelledby="lender-title">
      <header className="lender-header">
        <Island name="lender-logo">
          <LenderPageLogo view={view} />
        </Island>
        <h1 id="lender-title">{view.name}</h1>
      </header>
      {view.sample ? <p className="notice">{t.lenderSampleNote}</p> : null}
      {view.sandbox ? <p className="notice">{who.lenderSandboxNote}</p> : null}
      <LenderFacts view={view} t={who} />
      {view.odds ? (
        <ApprovalOdds locale={locale} odds={view.odds} scope="all" assetBase="" />
      ) : null}
      <h2>{t.lenderProducts}</h2>
      {view.products.map(({ offer, example }) => {
        const fees = [
          offer.terms.feeFixed > 0 ? formatRupees(offer.terms.feeFixed) : "",
          offer.terms.feePercent > 0 ? formatPercent(offer.terms.feePercent) : "",
        ].filter(Boolean);
        const applyHref = applicationUrl({
          apiBase: "",
          locale,
          selection: { amount: example.amount, termDays: example.termDays },
          offerId: offer.offer_id,
        });
        return (
          <section
            key={offer.offer_id}
            className="product"
            aria-labelledby={`product-${offer.offer_id}`}
          >
            <ProductName offer={offer} locale={locale} as="h3" id={`product-${offer.offer_id}`} />
            <ul>
              <li>
                {formatRupees(offer.amount.min)}–{formatRupees(offer.amount.max)},{" "}
                {fill(who.termRangeValue, { min: offer.termDays.min, max: offer.termDays.max })}
              </li>
              <li>
                {fill(t.productRate, { rate: formatPercent(offer.terms.annualInterestRate) })}
              </li>
              <li>{fill(t.productFees, { fees: fees.length ? fees.join(" + ") : t.feesNone })}</li>
              <li>
                {offer.terms.repayment === "single"
                  ? t.productRepaymentSingle
                  : t.productRepaymentMonthly}
              </li>
            </ul>
            <p>
              {fill(t.productExample, {
                amount: formatRupees(example.amount),
                days: example.termDays,
                total: formatRupees(example.total),
                apr: formatPercent(example.apr),
                date: formatDate(example.returnDate),
              })}
            </p>
            <h4>{t.criteriaTitle}</h4>
            <ul>
              <li>
                {fill(t.criteriaAge, { min: offer.criteria.minAge, max: offer.criteria.maxAge })}
              </li>
              <li>
                {fill(t.criteriaIncome, { income: formatRupees(offer.criteria.minMonthlyIncome) })}
              </li>
              <li>
                {fill(t.criteriaEmployment, {
                  list: offer.criteria.employment.map((code) => t[`employment:${code}`]).join(", "),
                })}
              </li>
            </ul>
            <a className="button" href={applyHref}>
              {t.applyForOffer}
            </a>
          </section>
        );
      })}
    </article>
  );
}
