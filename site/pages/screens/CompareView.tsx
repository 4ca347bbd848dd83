import { useId } from "react";
import { incomeShare, type QuotedOffer } from "../../../core/domain/offer-quotes";
import { lenderName, productName } from "../../../core/domain/offers";
import { formatRupees } from "../../../core/helpers/money";
import type { Locale } from "../../../core/locale";
import { fill, messagesFor } from "../../../core/messages";
import type { LeadOffers } from "../../../core/views/site-contract";
import { ProductName } from "../../components/ProductName";
import { offersMessagesFor } from "../../messages/offers";
import { CARD_FIGURES, cardFigures } from "./LeadOfferCard";
import { rowParts } from "./offer-row-parts";
import { termDaysOf } from "./offers-filters";

/**
 * Two or three offers side by side (issue 32, decision 0362): a table whose
 * columns are the offers and whose rows are the card's four figures in the
 * card's order, then fees, lender, licence and where the repayment stands
 * on the visitor's income, and each offer's call to action. Server-rendered
 * from `?compare=`; on a 360-px phone two columns fit, three scroll sideways
 * inside the table's own region, which says so.
 */
export function CompareView({
  locale,
  items,
  lead,
  backHref,
}: {
  locale: Locale;
  items: readonly QuotedOffer[];
  lead: LeadOffers;
  backHref: string;
}) {
  const t = messagesFor(locale);
  const o = offersMessagesFor(locale);
  const id = useId();
  const figures = items.map((item) => cardFigures(item, locale, termDaysOf(item, lead.termDays)));
  const afford = (item: QuotedOffer) => {
    const share = incomeShare(item.quote, lead.monthlyIncome);
    if (share === undefined || item.affordability === undefined) return o.noFigure;
    return fill(o[`afford:${item.affordability}`], { percent: `${Math.round(share * 100)}%` });
  };
  const rows: [string, (item: QuotedOffer, index: number) => string][] = [
    ...CARD_FIGURES.map(
      (figure) =>
        [
          figure === "payment" ? o.repayLabel : (figures[0]?.[figure][0] ?? ""),
          (_item: QuotedOffer, index: number) => {
            const [label, value] = figures[index]?.[figure] ?? ["", ""];
            return figure === "payment" ? `${value} (${label})` : value;
          },
        ] as [string, (item: QuotedOffer, index: number) => string],
    ),
    [o.compareFees, (item) => formatRupees(item.quote.fees)],
    [o.compareLender, (item) => lenderName(item.offer, locale)],
    [
      o.compareLicence,
      (item) => {
        const licence = item.offer.lender.licence;
        return licence
          ? fill(t.licenceLine, {
              category: t[`licence:${licence.category}`],
              number: licence.number,
            })
          : o.noFigure;
      },
    ],
    [o.compareAfford, afford],
  ];
  return (
    <section aria-labelledby={`${id}-title`} className="compare-view">
      <h2 id={`${id}-title`} className="lw-title">
        {o.compareTitle}
      </h2>
      {/* A region of its own that scrolls sideways, reachable by keyboard (axe: scrollable-region-focusable). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to scroll by keyboard */}
      <section className="compare-scroll" aria-labelledby={`${id}-caption`} tabIndex={0}>
        <table className={`compare-table compare-${items.length}`}>
          <caption id={`${id}-caption`}>
            {items.length > 2 ? o.compareScroll : o.compareCaption}
          </caption>
          <thead>
            <tr>
              <td />
              {items.map((item) => (
                <th key={item.offer.offer_id} scope="col">
                  <ProductName offer={item.offer} locale={locale} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {items.map((item, index) => (
                  <td key={item.offer.offer_id}>{value(item, index)}</td>
                ))}
              </tr>
            ))}
            <tr>
              <td />
              {items.map((item) => {
                const { ctaText, ctaSecondary } = rowParts(item, lead, o);
                return (
                  <td key={item.offer.offer_id}>
                    <a
                      className={ctaText && !ctaSecondary ? "lw-cta" : "lw-cta lw-secondary"}
                      href={`/go/${item.offer.offer_id}`}
                    >
                      {ctaText || o.lenderSite}
                      <span className="visually-hidden">{` ${productName(item.offer, locale).text}`}</span>
                    </a>
                  </td>
                );
              })}
            </tr>
          </tbody>
        </table>
      </section>
      <p>
        <a className="compare-back" href={backHref}>
          {o.compareBack}
        </a>
      </p>
    </section>
  );
}
