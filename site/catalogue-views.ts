import { BANKS, isBankCode } from "../core/banks";
import type { CalendarDate } from "../core/dates";
import { quoteLoan } from "../core/loan";
import type { Locale } from "../core/locale";
import { quoteOffers } from "../core/offer-quotes";
import { clampLoanAmount, LOAN_AMOUNT_LK, LOAN_TERM_GRID, LOAN_TERM_LK } from "../core/product";
import type { Offer } from "../core/schemas/offer";
import { normalizeSelection } from "../widget/loan-selection";
import { lenderSlug, lendersOf } from "./lenders";

/** One product of a lender, with a worked example computed from its terms. */
export interface ProductView {
  offer: Offer;
  example: {
    amount: number;
    termDays: number;
    total: number;
    apr: number;
    returnDate: CalendarDate;
  };
}

export interface LenderView {
  kind: "lender";
  slug: string;
  name: string;
  logo: string;
  sample: boolean;
  products: ProductView[];
}

export interface BankView {
  kind: "bank";
  code: string;
  name: string;
  /** The offers that pay into a bank account. */
  offers: Offer[];
}

/** The home page's "why us" figures, computed from the catalogue, never typed in. */
export interface HomeView {
  kind: "home";
  licensedLenders: number;
  sampleLenders: number;
  /** The lowest APR among the offers for the default loan, when any offer fits it. */
  lowestApr: number | undefined;
  amount: number;
  termDays: number;
}

export function homeView(offers: readonly Offer[], today: CalendarDate): HomeView {
  const lenders = lendersOf(offers);
  const sample = (lender: (typeof lenders)[number]) => lender.offers[0]?.lender.sample === true;
  const selection = normalizeSelection(undefined, undefined);
  const aprs = quoteOffers(offers, selection, today).map((priced) => priced.quote.apr);
  return {
    kind: "home",
    licensedLenders: lenders.filter((lender) => !sample(lender)).length,
    sampleLenders: lenders.filter(sample).length,
    lowestApr: aprs.length > 0 ? Math.min(...aprs) : undefined,
    amount: selection.amount,
    termDays: selection.termDays,
  };
}

/** The term of an offer's example: the one nearest our default that the offer lends for. */
function exampleTerm(offer: Offer): number {
  const allowed = LOAN_TERM_GRID.filter(
    (days) => days >= offer.termDays.min && days <= offer.termDays.max,
  );
  return allowed.reduce(
    (best, days) =>
      Math.abs(days - LOAN_TERM_LK.default) < Math.abs(best - LOAN_TERM_LK.default) ? days : best,
    allowed[0] ?? offer.termDays.min,
  );
}

export function productView(offer: Offer, today: CalendarDate): ProductView {
  const amount = Math.min(
    offer.amount.max,
    Math.max(offer.amount.min, clampLoanAmount(LOAN_AMOUNT_LK.default)),
  );
  const termDays = exampleTerm(offer);
  const quote = quoteLoan({ amount, termDays, terms: offer.terms, startDate: today });
  return {
    offer,
    example: { amount, termDays, total: quote.total, apr: quote.apr, returnDate: quote.returnDate },
  };
}

export function lenderView(
  slug: string,
  offers: readonly Offer[],
  today: CalendarDate,
): LenderView | undefined {
  const lender = lendersOf(offers).find((entry) => entry.slug === slug);
  const first = lender?.offers[0];
  if (!lender || !first) return undefined;
  return {
    kind: "lender",
    slug,
    name: first.lender.name,
    logo: first.lender.logo,
    sample: first.lender.sample,
    products: lender.offers.map((offer) => productView(offer, today)),
  };
}

export function bankView(
  code: string,
  locale: Locale,
  offers: readonly Offer[],
): BankView | undefined {
  if (!isBankCode(code) || code === "other") return undefined;
  return {
    kind: "bank",
    code,
    name: BANKS[code][locale],
    offers: offers.filter((offer) => offer.tags.includes("bank-transfer")),
  };
}

export { lenderSlug };
