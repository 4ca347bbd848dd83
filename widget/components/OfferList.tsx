import { type ReactNode, useId } from "react";
import type { CalendarDate } from "../../core/dates";
import { type Locale, localizePath } from "../../core/locale";
import { fill, type MessageKey, type Messages, messagesFor } from "../../core/messages";
import { formatRupees } from "../../core/money";
import { type QuotedOffer, quoteOffers } from "../../core/offer-quotes";
import { lenderName } from "../../core/offers";
import type { LoanSelection } from "../loan-selection";
import type { OffersFeedState } from "../offers-feed";
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
}

/**
 * "N offers": the offers for the chosen amount and period, cheapest total
 * first (core/offer-quotes.ts), with computed figures. The order is the
 * ranking's: no sort control here (decision 0121). After an application the
 * site lists the visitor's own offers with OfferCard (site/pages/screens/).
 */
export function OfferList(props: OfferListProps) {
  const { locale, selection, today, feed, onRetry } = props;
  const t = messagesFor(locale);
  const id = useId();

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
        <ul className="lw-offer-list">
          {priced.map((item) => (
            <OfferCard
              key={item.offer.offer_id}
              item={item}
              locale={locale}
              href={props.offerHref(item.offer.offer_id)}
              assetBase={props.assetBase}
              onSelect={props.onOfferSelect}
            />
          ))}
        </ul>
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
  /**
   * The words a screen reader hears after the call to action when it opens
   * a new tab ("opens in a new tab"); without them the link opens in place.
   */
  newTabText?: string | undefined;
  /** What the site says of a lender's pre-approval, under the lender. */
  children?: ReactNode;
  /** The loan a lender approved, in place of the product's amount and period ranges. */
  loanRows?: ReactNode;
}

/** One offer: lender, licence or sample label, figures computed by core/, tags, the call to action. */
export function OfferCard({
  item,
  locale,
  href,
  assetBase,
  onSelect,
  newTabText,
  children,
  loanRows,
}: OfferCardProps) {
  const t = messagesFor(locale);
  const { offer, quote } = item;
  const { lender } = offer;
  const headingId = useId();
  return (
    <li className="lw-offer" part="offer">
      <article aria-labelledby={headingId}>
        <div className="lw-offer-head">
          <img
            className="lw-logo"
            src={`${assetBase}${lender.logo}`}
            alt=""
            width={48}
            height={48}
          />
          <div>
            <h3 id={headingId} className="lw-offer-title">
              {offer.header}
            </h3>
            <p className="lw-lender">
              {lenderName(offer, locale)}
              {lender.sandbox || lender.sample ? (
                <span className="lw-badge">
                  {lender.sandbox ? t.sandboxLender : t.sampleLender}
                </span>
              ) : null}
            </p>
            {lender.licence ? (
              <p className="lw-sub">
                {fill(t.licenceLine, {
                  category: t[`licence:${lender.licence.category}`],
                  number: lender.licence.number,
                })}
              </p>
            ) : null}
            {offer.stars === undefined ? null : (
              <p className="lw-stars">{fill(t.starsLabel, { stars: offer.stars.toFixed(1) })}</p>
            )}
          </div>
        </div>
        {children}
        <dl className="lw-offer-figures">
          {loanRows ?? (
            <>
              <div>
                <dt>{t.offerAmountRange}</dt>
                <dd>
                  {formatRupees(offer.amount.min)}–{formatRupees(offer.amount.max)}
                </dd>
              </div>
              <div>
                <dt>{t.offerTermRange}</dt>
                <dd>
                  {fill(t.termRangeValue, { min: offer.termDays.min, max: offer.termDays.max })}
                </dd>
              </div>
            </>
          )}
          <QuoteFigures locale={locale} quote={quote} />
        </dl>
        {offer.tags.length > 0 ? (
          <ul className="lw-tags">
            {offer.tags.map((tag) => (
              <li key={tag}>{tagLabel(t, tag)}</li>
            ))}
          </ul>
        ) : null}
        <a
          className="lw-cta"
          part="cta"
          href={href}
          aria-describedby={headingId}
          {...(newTabText ? { target: "_blank", rel: "noopener" } : {})}
          onClick={(event) => {
            if (onSelect && !onSelect(offer.offer_id)) event.preventDefault();
          }}
        >
          {t.offerCta}
          {newTabText ? <span className="visually-hidden">{` (${newTabText})`}</span> : null}
        </a>
      </article>
    </li>
  );
}

/** Known tag codes are translated; a tag from another market's feed shows as it is. */
function tagLabel(t: Messages, tag: string): string {
  const key = `tag:${tag}`;
  return key in t ? t[key as MessageKey] : tag;
}
