import type { ReactNode } from "react";
import { quoteOffers } from "../../core/domain/offer-quotes";
import type { Offer } from "../../core/domain/schemas/offer";
import type { CalendarDate } from "../../core/helpers/dates";
import type { Locale } from "../../core/locale";
import { offersMessagesFor } from "../messages/offers";
import { LeadOfferCard } from "../pages/screens/LeadOfferCard";
import { InEachLanguage } from "./InEachLanguage";

/**
 * The borrower's cards of a lender's products in si, en and ta, as the
 * offers page draws them (LeadOfferCard), for a loan its products admit:
 * the lender portal's products (decision 0416) and the back office's lender
 * form (decision 0438) show the same.
 */
export function ProductCards({
  offers,
  amount,
  termDays,
  today,
  ownNames,
  ctaHref,
  idOf,
  none = null,
}: {
  offers: readonly Offer[];
  amount: number;
  termDays: number;
  today: CalendarDate;
  /** Each language's box headed by its own name (the lender portal), not its English one. */
  ownNames?: boolean | undefined;
  /** Where a card's button points: the preview's own heading, never a click-out. */
  ctaHref: string;
  /** A card's id in one language's box. */
  idOf: (offerId: number, locale: Locale) => string;
  /** What shows when no product admits the loan. */
  none?: ReactNode;
}) {
  const quoted = quoteOffers(offers, { amount, termDays }, today, {
    activeOfferIds: offers.map((offer) => offer.offer_id),
  });
  if (quoted.length === 0) return none;
  return (
    <InEachLanguage ownNames={ownNames}>
      {(locale) => (
        <div className="lw-offers lead-offers">
          <ul className="lw-offer-list">
            {quoted.map((item) => (
              <LeadOfferCard
                key={item.offer.offer_id}
                item={item}
                locale={locale}
                sort="total"
                termDays={termDays}
                ctaText={offersMessagesFor(locale).applyCta}
                ctaSecondary
                ctaHref={ctaHref}
                id={idOf(item.offer.offer_id, locale)}
              />
            ))}
          </ul>
        </div>
      )}
    </InEachLanguage>
  );
}
