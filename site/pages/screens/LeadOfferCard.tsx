import { type ReactNode, useId } from "react";
import { formatPercent } from "../../../core/domain/loan";
import {
  type OfferSort,
  type QuotedOffer,
  regularPayment,
} from "../../../core/domain/offer-quotes";
import { lenderName } from "../../../core/domain/offers";
import { formatDate } from "../../../core/helpers/dates";
import { formatRupees } from "../../../core/helpers/money";
import type { Locale } from "../../../core/locale";
import { fill, type MessageKey, type Messages, messagesFor } from "../../../core/messages";
import { ProductName } from "../../components/ProductName";
import { offersMessagesFor } from "../../messages/offers";
import { isMonthly } from "./offers-filters";

/** The four figures every card gives, always in this order (decision 0360). */
export const CARD_FIGURES = ["payment", "total", "apr", "term"] as const;
type CardFigure = (typeof CARD_FIGURES)[number];

/** The figure a sort leads with: the one the list is ordered by. */
export const leadFigure = (sort: OfferSort): CardFigure => sort;

/** A card's figures as label and value, in CARD_FIGURES order (the compare view's rows too). */
export function cardFigures(
  item: QuotedOffer,
  locale: Locale,
  termDays: number,
): Record<CardFigure, [string, string]> {
  const o = offersMessagesFor(locale);
  const { quote } = item;
  const monthly = isMonthly(item);
  return {
    payment: [monthly ? o.figureMonthly : o.figureOnce, formatRupees(regularPayment(quote))],
    total: [o.figureTotal, formatRupees(quote.total)],
    apr: [o.figureApr, formatPercent(quote.apr)],
    term: [
      o.figureTerm,
      monthly
        ? fill(o.monthsTerm, { months: quote.repayments.length })
        : fill(o.daysValue, { days: termDays }),
    ],
  };
}

/**
 * One offer of a visitor's list (issue 32): the logo, product and lender in
 * the page's language, a box to tick for the compare view, then the same
 * four figures on every card in the same order, the one the list is sorted
 * by set large (decision 0360); the licence, what the page says of the
 * visitor (status, affordability: children), the call to action, and the
 * rest behind "More details" (no script needed).
 */
export function LeadOfferCard({
  item,
  locale,
  sort,
  termDays,
  compareForm,
  ctaText,
  ctaSecondary,
  ctaHref = `/go/${item.offer.offer_id}`,
  id = `offer-${item.offer.offer_id}`,
  children,
  afterActions,
  loanRows,
}: {
  item: QuotedOffer;
  locale: Locale;
  sort: OfferSort;
  /** The loan's term in days (the application's, or the approval's). */
  termDays: number;
  /** The compare form's id, when the list has two offers or more to compare. */
  compareForm?: string | undefined;
  ctaText?: string | undefined;
  ctaSecondary?: boolean | undefined;
  /** The button's address: the click-out (a preview's cards point elsewhere). */
  ctaHref?: string | undefined;
  /** The row's id: `offer-{offer id}`, unless one page shows the offer more than once. */
  id?: string | undefined;
  children?: ReactNode;
  /** Under the button: why a share of income is a warning, and a longer term that fits. */
  afterActions?: ReactNode;
  loanRows?: ReactNode;
}) {
  const t = messagesFor(locale);
  const o = offersMessagesFor(locale);
  const { offer, quote } = item;
  const { lender, criteria } = offer;
  const headingId = useId();
  const figures = cardFigures(item, locale, termDays);
  const lead = leadFigure(sort);
  return (
    <li className="lw-offer lead-offer" id={id}>
      <article aria-labelledby={headingId}>
        <div className="lw-offer-head">
          <img className="lw-logo" src={lender.logo} alt="" width={40} height={40} />
          <div>
            <ProductName
              offer={offer}
              locale={locale}
              as="h3"
              id={headingId}
              className="lw-offer-title"
            />
            <p className="lw-lender">
              {lenderName(offer, locale)}
              {lender.sandbox || lender.sample ? (
                <span className="lw-badge">
                  {lender.sandbox ? t.sandboxLender : t.sampleLender}
                </span>
              ) : null}
            </p>
          </div>
        </div>
        <dl className="offer-figures">
          {CARD_FIGURES.map((figure) => (
            <div key={figure} className={figure === lead ? "offer-lead" : undefined}>
              <dt>{figures[figure][0]}</dt>
              <dd data-figure={figure}>{figures[figure][1]}</dd>
            </div>
          ))}
        </dl>
        {children}
        {/* The button first: on a narrow screen "Compare" wraps under it, never the button. */}
        <div className="offer-actions">
          {ctaText ? (
            <a
              className={ctaSecondary ? "lw-cta lw-secondary" : "lw-cta"}
              href={ctaHref}
              aria-describedby={headingId}
            >
              {ctaText}
            </a>
          ) : null}
          {compareForm ? (
            <label className="compare-tick">
              <input
                type="checkbox"
                name="compare"
                value={offer.offer_id}
                form={compareForm}
                aria-describedby={headingId}
              />
              {o.compareTick}
            </label>
          ) : null}
        </div>
        {afterActions}
        {lender.licence ? (
          <p className="lw-sub">
            {fill(t.licenceLine, {
              category: t[`licence:${lender.licence.category}`],
              number: lender.licence.number,
            })}
          </p>
        ) : null}
        <details className="lw-more">
          <summary>{t.moreDetails}</summary>
          <dl className="lw-offer-figures">
            {loanRows}
            {quote.repayments.length > 1 ? (
              <div>
                <dt>{t.returnDate}</dt>
                <dd data-figure="return-date">{formatDate(quote.returnDate)}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t.interestLabel}</dt>
              <dd data-figure="interest">{formatRupees(quote.interest)}</dd>
            </div>
            <div>
              <dt>{t.feesLabel}</dt>
              <dd data-figure="fees">{formatRupees(quote.fees)}</dd>
            </div>
          </dl>
          <p className="lw-sub">
            {fill(t.requirementsLine, {
              min: criteria.minAge,
              max: criteria.maxAge,
              income: formatRupees(criteria.minMonthlyIncome),
            })}
          </p>
          {offer.stars === undefined ? null : (
            <p className="lw-stars">{fill(t.starsLabel, { stars: offer.stars.toFixed(1) })}</p>
          )}
          {offer.tags.length > 0 ? (
            <ul className="lw-tags">
              {offer.tags.map((tag) => (
                <li key={tag}>{tagLabel(t, tag)}</li>
              ))}
            </ul>
          ) : null}
        </details>
      </article>
    </li>
  );
}

/** Known tag codes are translated; a tag from another market's feed shows as it is. */
function tagLabel(t: Messages, tag: string): string {
  const key = `tag:${tag}`;
  return key in t ? t[key as MessageKey] : tag;
}
