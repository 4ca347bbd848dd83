import type { Offer } from "../core/schemas/offer";

/** A lender's address on our site, from its logo's file name: /lenders/kandy-lane.svg → kandy-lane. */
export function lenderSlug(offer: Offer): string {
  return offer.lender.logo.replace(/^\/lenders\//, "").replace(/\.svg$/, "");
}

/** The distinct lenders of a catalogue, each with its offers, in catalogue order. */
export function lendersOf(offers: readonly Offer[]): { slug: string; offers: Offer[] }[] {
  const bySlug = new Map<string, Offer[]>();
  for (const offer of offers) {
    const slug = lenderSlug(offer);
    bySlug.set(slug, [...(bySlug.get(slug) ?? []), offer]);
  }
  return [...bySlug].map(([slug, lenderOffers]) => ({ slug, offers: lenderOffers }));
}
