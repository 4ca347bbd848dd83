import type { CalendarDate } from "./dates";
import { type LoanQuote, quoteLoan } from "./loan";
import { type DecoratedOffer, decorateOffers } from "./offers";
import type { Offer } from "./schemas/offer";

export interface QuotedOffer {
  offer: DecoratedOffer;
  quote: LoanQuote;
  /** False when the stars were drawn by SPEC §9's rule rather than given by the feed. */
  hasRating: boolean;
}

/**
 * The offers that lend an amount for a term, ranked by SPEC §9's rules
 * (decorateOffers: active ones first, then the others with a lender link,
 * each by header) and priced from their own terms from a start day: the
 * widget's offer list, the site and the partner API all use this one.
 */
export function quoteOffers(
  offers: readonly Offer[],
  loan: { amount: number; termDays: number },
  today: CalendarDate,
  activeOfferIds: readonly number[] = [],
): QuotedOffer[] {
  const rated = new Set(offers.filter((offer) => offer.stars !== undefined).map((o) => o.offer_id));
  const fitting = offers.filter(
    (offer) =>
      loan.amount >= offer.amount.min &&
      loan.amount <= offer.amount.max &&
      loan.termDays >= offer.termDays.min &&
      loan.termDays <= offer.termDays.max,
  );
  return decorateOffers(fitting, activeOfferIds, `lk:${today}`).map((offer) => ({
    offer,
    quote: quoteLoan({
      amount: loan.amount,
      termDays: loan.termDays,
      terms: offer.terms,
      startDate: today,
    }),
    hasRating: rated.has(offer.offer_id),
  }));
}
