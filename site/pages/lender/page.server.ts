import type { OddsView } from "../../../core/domain/approval-odds";
import { quoteLoan } from "../../../core/domain/loan";
import {
  clampLoanAmount,
  LOAN_AMOUNT_LK,
  LOAN_TERM_GRID,
  LOAN_TERM_LK,
} from "../../../core/domain/product";
import type { ComplaintsContact, Licence, Offer } from "../../../core/domain/schemas/offer";
import type { CalendarDate } from "../../../core/helpers/dates";
import { fill } from "../../../core/messages";
import { lendersOf } from "../../lenders";
import type { NeedsOf, PageInputs, PageRoute, RouteRecord, SiteMessages } from "../page";

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
  /** In the page's language. */
  name: string;
  /** The English name, which the monogram's initials come from. */
  englishName: string;
  logo: string;
  sample: boolean;
  sandbox: boolean;
  legalName?: string | undefined;
  licence?: Licence | undefined;
  website?: string | undefined;
  complaints?: ComplaintsContact | undefined;
  products: ProductView[];
  /** How often it pre-approved applicants in the last 90 days; only with 30 answers behind it. */
  odds?: OddsView | undefined;
}

/** Lenders come from the offers catalogue: their pages are matched by pattern, not listed. */
export const routes: readonly PageRoute[] = [];

const LENDER_PATH = /^\/lenders\/([a-z0-9-]+)\/$/;

export function match(rest: string): PageRoute | undefined {
  const slug = LENDER_PATH.exec(rest)?.[1];
  return slug ? { path: rest, slug } : undefined;
}

export function dataPaths(offers: readonly Offer[]): string[] {
  return lendersOf(offers).map((lender) => `/lenders/${lender.slug}/`);
}

export const indexed = true;

/** The lender's overall approval odds, from the day's counts (issue 36). */
export const needs = ["lenderOdds"] as const;

/** Server HTML with islands, hydrated on preact (decision 0271). */
export const islands = "lender";

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

/** An offer with its worked example: the amount nearest Rs. 50,000 and the term nearest 90 days it lends. */
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

export function view(
  route: RouteRecord,
  inputs: PageInputs<NeedsOf<typeof needs>>,
): LenderView | undefined {
  const lender = lendersOf(inputs.offers).find((entry) => entry.slug === route.slug);
  const first = lender?.offers[0];
  if (!lender || !first) return undefined;
  const who = first.lender;
  return {
    kind: "lender",
    slug: lender.slug,
    name: who.names?.[inputs.locale] ?? who.name,
    englishName: who.names?.en ?? who.name,
    logo: who.logo,
    sample: who.sample,
    sandbox: who.sandbox === true,
    legalName: who.legalName,
    licence: who.licence,
    website: who.website,
    complaints: who.complaints,
    products: lender.offers.map((offer) => productView(offer, inputs.today)),
    ...(inputs.data.lenderOdds ? { odds: inputs.data.lenderOdds } : {}),
  };
}

export function head(view: LenderView, t: SiteMessages) {
  return {
    title: `${view.name} | ${t.siteName}`,
    description: fill(t.lenderDescription, { lender: view.name }),
  };
}
