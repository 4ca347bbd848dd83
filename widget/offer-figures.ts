import type { CalendarDate } from "../core/dates";
import { type LoanQuote, quoteLoan } from "../core/loan";
import { type DecoratedOffer, decorateOffers } from "../core/offers";
import type { Offer } from "../core/schemas/offer";
import type { LoanSelection } from "./loan-selection";

export interface PricedOffer {
  offer: DecoratedOffer;
  quote: LoanQuote;
  /** False when the stars were drawn by SPEC §9's rule rather than given by the feed. */
  hasRating: boolean;
}

/**
 * The offers that lend the chosen amount for the chosen period, ranked by
 * SPEC §9's rules, each priced from its own terms. Without a lead there are
 * no active ids, so the ranking keeps the offers that have a lender link.
 */
export function priceOffers(
  offers: readonly Offer[],
  selection: LoanSelection,
  today: CalendarDate,
  activeOfferIds: readonly number[] = [],
): PricedOffer[] {
  const rated = new Set(offers.filter((offer) => offer.stars !== undefined).map((o) => o.offer_id));
  const fitting = offers.filter(
    (offer) =>
      selection.amount >= offer.amount.min &&
      selection.amount <= offer.amount.max &&
      selection.termDays >= offer.termDays.min &&
      selection.termDays <= offer.termDays.max,
  );
  return decorateOffers(fitting, activeOfferIds, `lk:${today}`).map((offer) => ({
    offer,
    quote: quoteLoan({
      amount: selection.amount,
      termDays: selection.termDays,
      terms: offer.terms,
      startDate: today,
    }),
    hasRating: rated.has(offer.offer_id),
  }));
}
