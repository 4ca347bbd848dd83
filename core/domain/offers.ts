import { randomInt, seededRandom } from "../helpers/random";
import type { Locale } from "../locale";
import type { Offer } from "./schemas/offer";

/**
 * An offer as the list shows it (SPEC §9): stars and asnef_value always set,
 * isActive from the lead feed ("set by the client"), placeholders replaced.
 */
export type DecoratedOffer = Omit<Offer, "stars" | "asnef_value"> & {
  stars: number;
  isActive: boolean;
  asnef_value: boolean;
};

/** SPEC §9: this offer shows its first two tags only. */
const TWO_TAG_HEADER = "Tomamos impulso";
const TWO_TAG_LIMIT = 2;

/**
 * The approval percentage put in {val}, by 0-based position in the final list
 * (SPEC §9): 97 minus half the index below 15, 97 minus (index − 8) from 15 to
 * 24, 80 from 25. "Half" is rounded down, so the value stays whole and both
 * formulas agree at the seam (14 → 90, 15 → 90).
 */
export function approvalValue(index: number): number {
  if (!Number.isSafeInteger(index) || index < 0) {
    throw new RangeError(`Not a list position: ${index}`);
  }
  if (index < 15) return 97 - Math.floor(index / 2);
  if (index < 25) return 97 - (index - 8);
  return 80;
}

/**
 * Stars when the feed gives none: 4.7, 4.8, 4.9 or 5.0. Seeded per offer, so
 * an offer's stars do not move when other offers come or go.
 */
function defaultStars(seed: string, offerId: number): number {
  return randomInt(seededRandom(`${seed}:${offerId}:stars`), 47, 50) / 10;
}

/** Minutes to a decision for {time}, 3 to 10, seeded per offer like the stars. */
function decisionMinutes(seed: string, offerId: number): number {
  return randomInt(seededRandom(`${seed}:${offerId}:time`), 3, 10);
}

/**
 * Compares strings by Unicode code point: the same order on every runtime,
 * unlike localeCompare, whose result depends on the ICU data and the locale
 * (the server and the browser must agree).
 */
function compareCodePoints(left: string, right: string): number {
  let leftIndex = 0;
  let rightIndex = 0;
  while (leftIndex < left.length && rightIndex < right.length) {
    const leftPoint = left.codePointAt(leftIndex) ?? 0;
    const rightPoint = right.codePointAt(rightIndex) ?? 0;
    if (leftPoint !== rightPoint) return leftPoint < rightPoint ? -1 : 1;
    leftIndex += leftPoint > 0xffff ? 2 : 1;
    rightIndex += rightPoint > 0xffff ? 2 : 1;
  }
  const leftRest = left.length - leftIndex;
  const rightRest = right.length - rightIndex;
  return leftRest === rightRest ? 0 : leftRest < rightRest ? -1 : 1;
}

/**
 * Header order within a group: case-insensitive (toLowerCase does not depend
 * on the locale, unlike toLocaleLowerCase), then the exact header, then
 * offer_id, so that the order is total and never depends on the input order.
 * Our lists rank by what the borrower pays (core/domain/offer-quotes.ts) and use
 * this only as the tie-break (decision 0120).
 */
export function compareByHeader(left: Offer, right: Offer): number {
  return (
    compareCodePoints(left.header.toLowerCase(), right.header.toLowerCase()) ||
    compareCodePoints(left.header, right.header) ||
    left.offer_id - right.offer_id
  );
}

/** The lender's name in the page's language, when the lender gave one (issue 15). */
export function lenderName(offer: Offer, locale: Locale): string {
  return offer.lender.names?.[locale] ?? offer.lender.name;
}

/** A name and the language it is written in: a renderer puts `lang` on it when not the page's. */
export interface NameInLanguage {
  text: string;
  lang: Locale;
}

/**
 * The product's name for a page in `locale` (issue 32), the one function every renderer uses:
 * the lender's name for it in that language when it gave one; else its English name (or the
 * header, the feed's key), with the language it is written in, so that the page can mark it
 * (`<span lang="en">`) and a screen reader pronounces it right.
 */
export function productName(
  offer: Pick<Offer, "header" | "headers">,
  locale: Locale,
): NameInLanguage {
  const given = offer.headers?.[locale];
  const text = given ?? offer.headers?.en ?? offer.header;
  // Not given in the page's language: the language its script says (Sinhala, Tamil, else English).
  return {
    text,
    lang: given
      ? locale
      : /[\u0D80-\u0DFF]/.test(text)
        ? "si"
        : /[\u0B80-\u0BFF]/.test(text)
          ? "ta"
          : "en",
  };
}

/** SPEC §9: "Tomamos impulso" shows its first two tags; every other offer all of them. */
export function listedTags(offer: Offer): string[] {
  return offer.header === TWO_TAG_HEADER ? offer.tags.slice(0, TWO_TAG_LIMIT) : [...offer.tags];
}

function replaceAllText(text: string | undefined, placeholder: string, value: number) {
  return text === undefined ? undefined : text.replaceAll(placeholder, String(value));
}

/**
 * The offer list of SPEC §9 as its client builds it, in this order (our own
 * lists keep its filters but rank by cost: core/domain/offer-quotes.ts, 0120):
 * 1. offers with product_type "domainactive" are removed;
 * 2. isActive is whether offer_id is among the lead feed's active ids;
 * 3. active offers are kept, and the others only with a lender_link;
 * 4. active offers come first, then the others, each group by header;
 * 5. of offers with the same header (exact match) the first is kept, so an
 *    active one wins over an inactive one, and otherwise the lower offer_id;
 * 6. only then index-dependent values are set: {val} in field4_value from the
 *    final position, so the list has no gaps in its percentages.
 * Per offer: missing stars are drawn (4.7–5.0), every {time} in field2_value
 * becomes the same draw of 3–10 minutes, "Tomamos impulso" keeps its first two
 * tags, and a missing asnef_value is true. The input is not mutated; nested
 * objects (lender, terms…) are shared with it, tags are copied.
 */
export function decorateOffers(
  offers: readonly Offer[],
  activeOfferIds: ReadonlySet<number> | readonly number[],
  seed: string,
): DecoratedOffer[] {
  const activeIds: ReadonlySet<number> =
    activeOfferIds instanceof Set ? activeOfferIds : new Set(activeOfferIds);

  const eligible = offers.filter((offer) => offer.product_type !== "domainactive");
  const active = eligible.filter((offer) => activeIds.has(offer.offer_id));
  const others = eligible.filter(
    (offer) => !activeIds.has(offer.offer_id) && offer.lender_link !== undefined,
  );
  const ordered = [
    ...active.toSorted(compareByHeader).map((offer) => ({ offer, isActive: true })),
    ...others.toSorted(compareByHeader).map((offer) => ({ offer, isActive: false })),
  ];

  const seenHeaders = new Set<string>();
  const unique = ordered.filter(({ offer }) => {
    if (seenHeaders.has(offer.header)) return false;
    seenHeaders.add(offer.header);
    return true;
  });

  return unique.map(({ offer, isActive }, index) => {
    const { field2_value, field4_value, ...rest } = offer;
    const decorated: DecoratedOffer = {
      ...rest,
      stars: offer.stars ?? defaultStars(seed, offer.offer_id),
      isActive,
      asnef_value: offer.asnef_value ?? true,
      tags: listedTags(offer),
    };
    const field2 = replaceAllText(field2_value, "{time}", decisionMinutes(seed, offer.offer_id));
    const field4 = replaceAllText(field4_value, "{val}", approvalValue(index));
    if (field2 !== undefined) decorated.field2_value = field2;
    if (field4 !== undefined) decorated.field4_value = field4;
    return decorated;
  });
}
