import type { CalendarDate } from "./dates";
import type { ApplicationDecisions, ApprovedOffer } from "./decisions";
import { type LoanQuote, quoteLoan } from "./loan";
import { compareByHeader, listedTags } from "./offers";
import type { Offer } from "./schemas/offer";

/**
 * How every list of offers is ranked (decision 0120): lenders' pre-approvals
 * first, then the offers matched to the application, then the others; in
 * each group the cheapest total to pay for the chosen loan first (computed
 * by core/loan.ts from each offer's terms), SPEC §9's header order only as
 * the tie-break. The widget, the site, the partner API, the feed config and
 * the lead feed all rank here.
 */

/** What the visitor may sort by: the total to pay, the regular payment, the APR. */
export const OFFER_SORTS = ["total", "payment", "apr"] as const;
export type OfferSort = (typeof OFFER_SORTS)[number];

export function isOfferSort(value: unknown): value is OfferSort {
  return (OFFER_SORTS as readonly unknown[]).includes(value);
}

/**
 * Where an offer stands, in list order: pre-approved for the loan asked,
 * pre-approved for another loan (a smaller amount or another term), matched
 * by the lender's published criteria, and the others that lend the loan.
 */
export const OFFER_GROUPS = ["approved", "approved-changed", "matched", "other"] as const;
export type OfferGroup = (typeof OFFER_GROUPS)[number];

export interface QuotedOffer {
  /** The catalogue's offer (SPEC §9's tags rule applied). */
  offer: Offer;
  /** Its figures: for the chosen loan, or for the loan a lender approved. */
  quote: LoanQuote;
  group: OfferGroup;
  /** The lender's pre-approval, in the two approved groups. */
  approval?: ApprovedOffer | undefined;
}

/** The loan the visitor chose or applied for. */
export interface LoanChoice {
  amount: number;
  termDays: number;
}

/**
 * What the borrower pays each time: the monthly instalment (the last one may
 * differ by the rounding's few rupees), or the one repayment of a loan repaid
 * at once.
 */
export function regularPayment(quote: LoanQuote): number {
  return quote.repayments[0]?.amount ?? quote.total;
}

/**
 * Above this share of the monthly income the applicant gave, the offers
 * page warns that one payment may be hard to meet (decision 0186).
 */
export const AFFORDABLE_SHARE = 0.3;

/**
 * One payment (the monthly instalment, or the one repayment of a loan repaid
 * at once) as a share of a monthly income; undefined without an income.
 */
export function incomeShare(
  quote: LoanQuote,
  monthlyIncome: number | undefined,
): number | undefined {
  if (!monthlyIncome || !(monthlyIncome > 0)) return undefined;
  return regularPayment(quote) / monthlyIncome;
}

function sortFigure(quote: LoanQuote, sort: OfferSort): number {
  if (sort === "apr") return quote.apr;
  return sort === "payment" ? regularPayment(quote) : quote.total;
}

/** The order of a list: group, then the sort's figure, then the total, then SPEC §9's header order. */
export function compareQuotedOffers(sort: OfferSort = "total") {
  return (left: QuotedOffer, right: QuotedOffer): number =>
    OFFER_GROUPS.indexOf(left.group) - OFFER_GROUPS.indexOf(right.group) ||
    sortFigure(left.quote, sort) - sortFigure(right.quote, sort) ||
    left.quote.total - right.quote.total ||
    compareByHeader(left.offer, right.offer);
}

function lends(offer: Offer, loan: LoanChoice): boolean {
  return (
    loan.amount >= offer.amount.min &&
    loan.amount <= offer.amount.max &&
    loan.termDays >= offer.termDays.min &&
    loan.termDays <= offer.termDays.max
  );
}

function priced(loan: LoanChoice, terms: Offer["terms"], today: CalendarDate): LoanQuote {
  return quoteLoan({ amount: loan.amount, termDays: loan.termDays, terms, startDate: today });
}

/**
 * The catalogue's offers that lend an amount for a term, priced from their
 * own terms from a start day and ranked. SPEC §9's filters hold: no
 * `domainactive` offers, an offer not matched to the application only with a
 * lender link, one offer per header (the better ranked). `exceptLenders`
 * leaves out the lenders that decide for themselves: they show through their
 * decisions (rankOffers).
 */
export function quoteOffers(
  offers: readonly Offer[],
  loan: LoanChoice,
  today: CalendarDate,
  options: {
    activeOfferIds?: readonly number[] | undefined;
    sort?: OfferSort | undefined;
    exceptLenders?: ReadonlySet<string> | undefined;
  } = {},
): QuotedOffer[] {
  const active = new Set(options.activeOfferIds);
  const headers = new Set<string>();
  return offers
    .filter(
      (offer) =>
        offer.product_type !== "domainactive" &&
        lends(offer, loan) &&
        (active.has(offer.offer_id) || offer.lender_link !== undefined) &&
        !options.exceptLenders?.has(offer.lender.id ?? ""),
    )
    .map(
      (offer): QuotedOffer => ({
        offer: { ...offer, tags: listedTags(offer) },
        quote: priced(loan, offer.terms, today),
        group: active.has(offer.offer_id) ? "matched" : "other",
      }),
    )
    .sort(compareQuotedOffers())
    .filter(({ offer }) => !headers.has(offer.header) && headers.add(offer.header))
    .sort(compareQuotedOffers(options.sort));
}

/**
 * Lenders' pre-approvals as offers: each approval's catalogue offer (of the
 * same lender), priced from the terms the lender approved for the amount and
 * term it approved. An approval whose offer is not in the catalogue (the
 * lender paused since) or whose terms cannot be priced is left out.
 */
export function quoteApprovals(
  offers: readonly Offer[],
  decisions: ApplicationDecisions | undefined,
  loan: LoanChoice,
  today: CalendarDate,
): QuotedOffer[] {
  const quoted: QuotedOffer[] = [];
  for (const decision of decisions?.decisions ?? []) {
    const approval = decision.status === "approved" ? decision.offer : undefined;
    const offer = offers.find(
      (entry) =>
        entry.offer_id === approval?.offerId &&
        (entry.lender.id === undefined || entry.lender.id === decision.lenderId),
    );
    if (!approval || !offer) continue;
    try {
      quoted.push({
        offer: { ...offer, tags: listedTags(offer) },
        quote: priced(approval, approval.terms, today),
        group:
          approval.amount === loan.amount && approval.termDays === loan.termDays
            ? "approved"
            : "approved-changed",
        approval,
      });
    } catch {
      // A figure we cannot compute is not shown (honest figures).
    }
  }
  return quoted;
}

/**
 * An application's offers: the lenders' pre-approvals, then the catalogue's
 * offers (matched first) of the lenders that were not asked in real time,
 * ranked by `sort` within each group.
 */
export function rankOffers(
  offers: readonly Offer[],
  loan: LoanChoice,
  today: CalendarDate,
  options: {
    activeOfferIds?: readonly number[] | undefined;
    decisions?: ApplicationDecisions | undefined;
    sort?: OfferSort | undefined;
  } = {},
): QuotedOffer[] {
  const { activeOfferIds, decisions, sort } = options;
  const asked = new Set(decisions?.decisions.map((decision) => decision.lenderId));
  return [
    ...quoteApprovals(offers, decisions, loan, today),
    ...quoteOffers(offers, loan, today, { activeOfferIds, exceptLenders: asked }),
  ].sort(compareQuotedOffers(sort));
}

/**
 * SPEC §7's lead feed in ranking order: the approved and matched offers'
 * ids ranked as the offers page lists them, then any other id given (one
 * that does not lend the loan, or is unknown) in the order given.
 */
export function rankOfferIds(
  offers: readonly Offer[],
  loan: LoanChoice,
  today: CalendarDate,
  offerIds: readonly number[],
  decisions?: ApplicationDecisions | undefined,
): number[] {
  const ranked = rankOffers(offers, loan, today, { activeOfferIds: offerIds, decisions })
    .filter((item) => item.group !== "other")
    .map((item) => item.offer.offer_id);
  const seen = new Set(ranked);
  return [...ranked, ...offerIds.filter((id) => !seen.has(id) && seen.add(id))];
}

/**
 * A whole catalogue (the feed config) in ranking order for one loan: the
 * offers that lend it by total to pay, then the others by header. Nothing
 * is left out: filtering is the reader's part (SPEC §9).
 */
export function rankCatalogue(
  offers: readonly Offer[],
  loan: LoanChoice,
  today: CalendarDate,
): Offer[] {
  const totals = new Map(
    offers
      .filter((offer) => lends(offer, loan))
      .map((offer) => [offer, priced(loan, offer.terms, today).total]),
  );
  const key = (offer: Offer) => totals.get(offer) ?? Number.POSITIVE_INFINITY;
  return offers.toSorted(
    (left, right) =>
      (totals.has(left) ? 0 : 1) - (totals.has(right) ? 0 : 1) ||
      key(left) - key(right) ||
      compareByHeader(left, right),
  );
}
