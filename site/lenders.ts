import { lenderSlug } from "../core/domain/matching";
import type { Offer } from "../core/domain/schemas/offer";

export { lenderSlug };

/** The distinct lenders of a catalogue, each with its offers, in catalogue order. */
export function lendersOf(offers: readonly Offer[]): { slug: string; offers: Offer[] }[] {
  const bySlug = new Map<string, Offer[]>();
  for (const offer of offers) {
    const slug = lenderSlug(offer);
    bySlug.set(slug, [...(bySlug.get(slug) ?? []), offer]);
  }
  return [...bySlug].map(([slug, lenderOffers]) => ({ slug, offers: lenderOffers }));
}
