import { useId } from "react";
import type { CalendarDate } from "../../core/dates";
import type { Locale } from "../../core/locale";
import { fill, type MessageKey, messagesFor } from "../../core/messages";
import { formatRupees } from "../../core/money";
import { type QuotedOffer, quoteOffers } from "../../core/offer-quotes";
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
  /**
   * The offers matched to the visitor's application (the lead feed). When
   * given, the title counts them, they come first, and the others follow
   * under their own heading (SPEC §9).
   */
  activeOfferIds?: readonly number[] | undefined;
}

/** "N offers matching you": the offers for the chosen amount and period, with computed figures. */
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

  const { activeOfferIds } = props;
  const priced = quoteOffers(feed.offers, selection, today, activeOfferIds);
  const matching = activeOfferIds ? priced.filter((item) => item.offer.isActive) : priced;
  const others = activeOfferIds ? priced.filter((item) => !item.offer.isActive) : [];
  const title =
    matching.length === 1 ? t.offersTitleOne : fill(t.offersTitleOther, { count: matching.length });
  return (
    <section className="lw-offers" part="offers" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="lw-title" aria-live="polite">
        {title}
      </h2>
      {matching.length === 0 ? (
        <p className="lw-note">{activeOfferIds ? t.offersNoneMatching : t.offersEmpty}</p>
      ) : (
        <ul className="lw-offer-list">
          {matching.map((item) => (
            <OfferCard key={item.offer.offer_id} item={item} {...props} />
          ))}
        </ul>
      )}
      {others.length > 0 ? (
        <>
          <h3 className="lw-title">{t.offersOthersTitle}</h3>
          <p className="lw-note">{t.offersOthersNote}</p>
          <ul className="lw-offer-list">
            {others.map((item) => (
              <OfferCard key={item.offer.offer_id} item={item} {...props} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function OfferCard({
  item,
  locale,
  offerHref,
  assetBase,
  onOfferSelect,
}: OfferListProps & { item: QuotedOffer }) {
  const t = messagesFor(locale);
  const { offer, quote, hasRating } = item;
  const headingId = useId();
  return (
    <li className="lw-offer" part="offer">
      <article aria-labelledby={headingId}>
        <div className="lw-offer-head">
          <img
            className="lw-logo"
            src={`${assetBase}${offer.lender.logo}`}
            alt=""
            width={48}
            height={48}
          />
          <div>
            <h3 id={headingId} className="lw-offer-title">
              {offer.header}
            </h3>
            <p className="lw-lender">
              {offer.lender.name}
              {offer.lender.sample ? <span className="lw-badge">{t.sampleLender}</span> : null}
            </p>
            {hasRating ? (
              <p className="lw-stars">{fill(t.starsLabel, { stars: offer.stars.toFixed(1) })}</p>
            ) : null}
          </div>
        </div>
        <dl className="lw-offer-figures">
          <div>
            <dt>{t.offerAmountRange}</dt>
            <dd>
              {formatRupees(offer.amount.min)}–{formatRupees(offer.amount.max)}
            </dd>
          </div>
          <div>
            <dt>{t.offerTermRange}</dt>
            <dd>{fill(t.termRangeValue, { min: offer.termDays.min, max: offer.termDays.max })}</dd>
          </div>
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
          href={offerHref(offer.offer_id)}
          aria-describedby={headingId}
          onClick={(event) => {
            if (onOfferSelect && !onOfferSelect(offer.offer_id)) event.preventDefault();
          }}
        >
          {t.offerCta}
        </a>
      </article>
    </li>
  );
}

/** Known tag codes are translated; a tag from another market's feed shows as it is. */
function tagLabel(t: ReturnType<typeof messagesFor>, tag: string): string {
  const key = `tag:${tag}`;
  return key in t ? t[key as MessageKey] : tag;
}
