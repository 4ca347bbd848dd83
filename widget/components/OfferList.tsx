import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { formatPercent } from "../../core/domain/loan";
import { type QuotedOffer, quoteOffers, regularPayment } from "../../core/domain/offer-quotes";
import { lenderName, productName } from "../../core/domain/offers";
import { type CalendarDate, formatDate } from "../../core/helpers/dates";
import { formatRupees } from "../../core/helpers/money";
import { type Locale, localizePath } from "../../core/locale";
import { fill, type MessageKey, type Messages, messagesFor } from "../../core/messages";
import type { LenderOdds } from "../approval-odds-feed";
import type { LoanSelection } from "../loan-selection";
import type { OffersFeedState } from "../offers-feed";
import { ApprovalOdds } from "./ApprovalOdds";
import { QuoteFigures } from "./QuoteFigures";

export interface OfferListProps {
  locale: Locale;
  selection: LoanSelection;
  today: CalendarDate;
  feed: OffersFeedState;
  onRetry(): void;
  /** Where an offer's call to action leads (our application form, prefilled). */
  offerHref(offerId: number): string;
  /** Origin that serves the lenders' logos; "" on our own site. */
  assetBase: string;
  /** Called before the browser follows an offer's link; return false to stay. */
  onOfferSelect?(offerId: number): boolean;
  /** The lenders' approval odds for the loan and the host page's income band, when it gave one. */
  odds?: LenderOdds | undefined;
}

/**
 * "N offers for this loan": the offers for the chosen amount and period,
 * cheapest total first (core/domain/offer-quotes.ts), with computed figures; the
 * first three, then "show all N". Nothing is known of the visitor here, so
 * nothing says the offers match them. The order is the ranking's: no sort
 * control here (decision 0121). After an application the site lists the
 * visitor's own offers with OfferCard (site/pages/screens/).
 */
/** How many rows a list shows before "show all N". */
export const FIRST_SHOWN = 3;

export function OfferList(props: OfferListProps) {
  const { locale, selection, today, feed, onRetry } = props;
  const t = messagesFor(locale);
  const id = useId();
  // "Show all N": every row, and the keyboard's focus on the first row it added.
  const [all, setAll] = useState(false);
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const row = list.current?.children[FIRST_SHOWN] as HTMLElement | undefined;
    if (all && row) {
      row.tabIndex = -1;
      row.focus();
    }
  }, [all]);

  if (feed.status === "loading") {
    return (
      <section className="lw-offers" part="offers" aria-busy="true">
        <p className="lw-status" role="status">
          {t.offersLoading}
        </p>
      </section>
    );
  }
  if (feed.status === "error") {
    return (
      <section className="lw-offers" part="offers">
        <p className="lw-warning" role="alert">
          {t.offersError}
        </p>
        <button type="button" className="lw-button" part="button" onClick={onRetry}>
          {t.offersRetry}
        </button>
      </section>
    );
  }

  const priced = quoteOffers(feed.offers, selection, today);
  const odds = (lenderId = "") => {
    const view = props.odds?.[lenderId];
    return view ? (
      <ApprovalOdds locale={locale} odds={view} scope="like-you" assetBase={props.assetBase} />
    ) : null;
  };
  const title =
    priced.length === 1 ? t.offersTitleOne : fill(t.offersTitleOther, { count: priced.length });
  return (
    <section className="lw-offers" part="offers" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="lw-title" aria-live="polite">
        {title}
      </h2>
      {priced.length === 0 ? (
        <p className="lw-note">{t.offersEmpty}</p>
      ) : (
        <>
          <ul ref={list} className="lw-offer-list">
            {priced.slice(0, all ? undefined : FIRST_SHOWN).map((item) => (
              <OfferCard
                key={item.offer.offer_id}
                item={item}
                locale={locale}
                href={props.offerHref(item.offer.offer_id)}
                assetBase={props.assetBase}
                onSelect={props.onOfferSelect}
              >
                {odds(item.offer.lender.id)}
              </OfferCard>
            ))}
          </ul>
          {all || priced.length <= FIRST_SHOWN ? null : (
            <button type="button" className="lw-button lw-secondary" onClick={() => setAll(true)}>
              {fill(t.showAll, { count: priced.length })}
            </button>
          )}
        </>
      )}
      <p className="lw-note">
        <a href={`${props.assetBase}${localizePath(locale, "/how-we-rank/")}`}>{t.rankingLink}</a>
      </p>
    </section>
  );
}

export interface OfferCardProps {
  item: QuotedOffer;
  locale: Locale;
  href: string;
  assetBase: string;
  onSelect?: ((offerId: number) => boolean) | undefined;
  /** What the site says of the offer and the visitor (status, affordability), under the figures. */
  children?: ReactNode;
  /** The loan a lender approved, in place of the product's amount and period ranges. */
  loanRows?: ReactNode;
  /** More under "more details" (the lender's requirements, on the site). */
  details?: ReactNode;
  /**
   * The call to action's label: "choose this offer" (to our application) unless given; "" for
   * none.
   */
  ctaText?: string | undefined;
  /** A less prominent call to action (an outlined button). */
  ctaSecondary?: boolean | undefined;
  /** The row's id, for a link to it ("show all" without JavaScript). */
  id?: string | undefined;
}

/**
 * One offer as a compact row: the lender's logo, the product and lender in
 * the page's language, the figure that matters large (the monthly payment of
 * a monthly loan, else the total to pay), APR and term small, the licence
 * always; fees, interest, ranges, tags and requirements behind "more details"
 * (a <details>: no script needed); then the call to action.
 */
export function OfferCard({
  item,
  locale,
  href,
  assetBase,
  onSelect,
  children,
  loanRows,
  details,
  ctaText,
  ctaSecondary,
  id,
}: OfferCardProps) {
  const t = messagesFor(locale);
  const { offer, quote } = item;
  const { lender, criteria } = offer;
  const headingId = useId();
  // The product's name, marked with its language when not the page's (issue 32).
  const name = productName(offer, locale);
  const count = quote.repayments.length;
  const monthly = count > 1;
  const cta = ctaText ?? t.chooseOffer;
  return (
    <li className="lw-offer" part="offer" id={id}>
      <article aria-labelledby={headingId}>
        <div className="lw-offer-head">
          <img
            className="lw-logo"
            src={`${assetBase}${lender.logo}`}
            alt=""
            width={40}
            height={40}
          />
          <div>
            <h3
              id={headingId}
              className="lw-offer-title"
              lang={name.lang === locale ? undefined : name.lang}
            >
              {name.text}
            </h3>
            <p className="lw-lender">
              {lenderName(offer, locale)}
              {lender.sandbox || lender.sample ? (
                <span className="lw-badge">
                  {lender.sandbox ? t.sandboxLender : t.sampleLender}
                </span>
              ) : null}
            </p>
          </div>
          <p className="lw-big">
            <span data-figure={monthly ? "payment" : "total"}>
              {formatRupees(monthly ? regularPayment(quote) : quote.total)}
            </span>
            <span className="lw-sub">{monthly ? t.monthlyPayment : t.totalShort}</span>
          </p>
        </div>
        <p className="lw-sub">
          APR {formatPercent(quote.apr)} ·{" "}
          {monthly
            ? fill(t.monthsValue, { months: count })
            : `${t.returnDate} ${formatDate(quote.returnDate)}`}
        </p>
        {lender.licence ? (
          <p className="lw-sub">
            {fill(t.licenceLine, {
              category: t[`licence:${lender.licence.category}`],
              number: lender.licence.number,
            })}
          </p>
        ) : null}
        {children}
        {cta ? (
          <a
            className={ctaSecondary ? "lw-cta lw-secondary" : "lw-cta"}
            part="cta"
            href={href}
            aria-describedby={headingId}
            onClick={(event) => {
              if (onSelect && !onSelect(offer.offer_id)) event.preventDefault();
            }}
          >
            {cta}
          </a>
        ) : null}
        <details className="lw-more">
          <summary>{t.moreDetails}</summary>
          <dl className="lw-offer-figures">
            {loanRows}
            <QuoteFigures locale={locale} quote={quote} />
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
          {details}
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
