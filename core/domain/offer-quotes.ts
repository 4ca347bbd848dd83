import type { CalendarDate } from "../helpers/dates";
import type { ApplicationDecisions, ApprovedOffer } from "./decisions";
import { type LoanQuote, quoteLoan } from "./loan";
import { compareByHeader, listedTags } from "./offers";
import { isInstalmentTerm, LOAN_TERM_GRID } from "./product";
import type { Offer } from "./schemas/offer";

/**
 * How every list of offers is ranked (decisions 0120, 0355): what the
 * borrower can repay on the income they gave comes first (an offer hard to
 * repay goes after all others), then lenders' pre-approvals, the offers
 * matched to the application and the others; in each group the offers that
 * fit the income before those that stretch it, then what the borrower chose
 * to sort by (the total to pay for the chosen loan by default, computed by
 * core/domain/loan.ts from each offer's terms), SPEC §9's header order only as the
 * tie-break. The widget, the site, the partner API, the feed config and the
 * lead feed all rank here.
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

/**
 * What the largest repayment is on the monthly income the applicant gave
 * (decision 0355): up to 30 % it fits, up to 50 % it stretches the budget,
 * above (or a single repayment above the whole income) it is hard to repay.
 */
export const AFFORDABILITY_LEVELS = ["fits", "stretches", "hard"] as const;
export type Affordability = (typeof AFFORDABILITY_LEVELS)[number];

export interface QuotedOffer {
  /** The catalogue's offer (SPEC §9's tags rule applied). */
  offer: Offer;
  /** Its figures: for the chosen loan, or for the loan a lender approved. */
  quote: LoanQuote;
  group: OfferGroup;
  /** The lender's pre-approval, in the two approved groups. */
  approval?: ApprovedOffer | undefined;
  /** On the income the applicant gave; undefined without one (the widget, a loan's list). */
  affordability?: Affordability | undefined;
  /** When it stretches or is hard to repay: a longer term of the same lender that fits. */
  longerTerm?: LongerTerm | undefined;
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

/** Up to this share of the monthly income, the largest repayment fits (decision 0186). */
export const AFFORDABLE_SHARE = 0.3;
/** Above this share, the largest repayment is hard to repay (decision 0355). */
export const HARD_SHARE = 0.5;

/** The largest single payment of a loan: the one repayment, or the largest instalment. */
export function largestRepayment(quote: LoanQuote): number {
  let largest = 0;
  for (const { amount } of quote.repayments) largest = Math.max(largest, amount);
  return largest || quote.total;
}

/**
 * The largest payment as a share of a monthly income; undefined without an
 * income. The offers page shows it ("21 % of the monthly income you gave").
 */
export function incomeShare(
  quote: LoanQuote,
  monthlyIncome: number | undefined,
): number | undefined {
  if (!monthlyIncome || !(monthlyIncome > 0)) return undefined;
  return largestRepayment(quote) / monthlyIncome;
}

/** Where an offer stands against the income given: the one rule (decision 0355). */
export function affordabilityOf(
  quote: LoanQuote,
  monthlyIncome: number | undefined,
): Affordability | undefined {
  const share = incomeShare(quote, monthlyIncome);
  if (share === undefined) return undefined;
  const single = quote.repayments.length <= 1;
  if (share > HARD_SHARE || (single && share > 1)) return "hard";
  return share > AFFORDABLE_SHARE ? "stretches" : "fits";
}

function sortFigure(quote: LoanQuote, sort: OfferSort): number {
  if (sort === "apr") return quote.apr;
  return sort === "payment" ? regularPayment(quote) : quote.total;
}

/** Hard to repay after everything else; then fits before stretches within a group. */
const affordabilityRank = (item: QuotedOffer) =>
  item.affordability === undefined ? 0 : AFFORDABILITY_LEVELS.indexOf(item.affordability);

/**
 * The order of a list: hard to repay last, then the group, then fits before
 * stretches, then the sort's figure, then the total, then SPEC §9's header order.
 */
export function compareQuotedOffers(sort: OfferSort = "total") {
  return (left: QuotedOffer, right: QuotedOffer): number =>
    Number(left.affordability === "hard") - Number(right.affordability === "hard") ||
    OFFER_GROUPS.indexOf(left.group) - OFFER_GROUPS.indexOf(right.group) ||
    affordabilityRank(left) - affordabilityRank(right) ||
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
    /** The applicant's monthly income, when known: each offer's affordability on it. */
    monthlyIncome?: number | undefined;
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
    .map((offer): QuotedOffer => {
      const quote = priced(loan, offer.terms, today);
      return {
        offer: { ...offer, tags: listedTags(offer) },
        quote,
        group: active.has(offer.offer_id) ? "matched" : "other",
        affordability: affordabilityOf(quote, options.monthlyIncome),
      };
    })
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
  monthlyIncome?: number | undefined,
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
      const quote = priced(approval, approval.terms, today);
      quoted.push({
        offer: { ...offer, tags: listedTags(offer) },
        quote,
        group:
          approval.amount === loan.amount && approval.termDays === loan.termDays
            ? "approved"
            : "approved-changed",
        approval,
        affordability: affordabilityOf(quote, monthlyIncome),
      });
    } catch {
      // A figure we cannot compute is not shown (honest figures).
    }
  }
  return quoted;
}

/**
 * An application's offers, the one ranking of every surface that lists them
 * (the offers page, the partner API, the lead feed and the links we send):
 * the lenders' pre-approvals, then the catalogue's offers (matched first) of
 * the lenders that were not asked in real time, so a lender that declined or
 * failed is never listed; ranked by affordability on the income given, then
 * by `sort` within each group (compareQuotedOffers). An offer that is not
 * comfortable says when a longer instalment term of the same lender fits.
 */
export function rankOffers(
  offers: readonly Offer[],
  loan: LoanChoice,
  today: CalendarDate,
  options: {
    activeOfferIds?: readonly number[] | undefined;
    decisions?: ApplicationDecisions | undefined;
    sort?: OfferSort | undefined;
    monthlyIncome?: number | undefined;
  } = {},
): QuotedOffer[] {
  const { activeOfferIds, decisions, sort, monthlyIncome } = options;
  const asked = new Set(decisions?.decisions.map((decision) => decision.lenderId));
  const ranked = [
    ...quoteApprovals(offers, decisions, loan, today, monthlyIncome),
    ...quoteOffers(offers, loan, today, { activeOfferIds, exceptLenders: asked, monthlyIncome }),
  ].sort(compareQuotedOffers(sort));
  for (const item of ranked) {
    if (item.affordability === "stretches" || item.affordability === "hard") {
      item.longerTerm = fittingTerm(offers, item, loan, today, monthlyIncome);
    }
  }
  return ranked;
}

/** What a lead's list is made of: its loan, the lead feed's ids, its decisions, its income. */
export interface LeadToRank {
  amount: number;
  termDays: number;
  /** The lead feed's ids: the approvals in force and the offers matched, ranked. */
  activeOfferIds: readonly number[];
  decisions?: ApplicationDecisions | undefined;
  monthlyIncome?: number | undefined;
}

/**
 * A lead's offers as every surface lists them: the same call for the offers
 * page (all groups) and, without the "other" group (`listedOnly`), for the
 * partner API and the lead feed.
 */
export function rankLeadOffers(
  offers: readonly Offer[],
  lead: LeadToRank,
  today: CalendarDate,
  options: { sort?: OfferSort | undefined; listedOnly?: boolean } = {},
): QuotedOffer[] {
  const ranked = rankOffers(offers, lead, today, {
    activeOfferIds: lead.activeOfferIds,
    decisions: lead.decisions,
    monthlyIncome: lead.monthlyIncome,
    sort: options.sort,
  });
  return options.listedOnly ? ranked.filter((item) => item.group !== "other") : ranked;
}

/** A longer instalment loan of an offer's lender that fits the income (decision 0355). */
export interface LongerTerm {
  offerId: number;
  amount: number;
  termDays: number;
  /** The monthly instalment over that term. */
  payment: number;
}

/**
 * The shortest instalment term of the calculator's grid, longer than the
 * offer's, over which one of the same lender's monthly products lends the
 * same amount with its largest instalment fitting the income; undefined when
 * none does.
 */
export function fittingTerm(
  offers: readonly Offer[],
  item: QuotedOffer,
  loan: LoanChoice,
  today: CalendarDate,
  monthlyIncome: number | undefined,
): LongerTerm | undefined {
  // The loan this offer prices: the one a lender approved, or the one asked for.
  const asked = item.approval ?? loan;
  const lender = item.offer.lender.id;
  const own = offers.filter(
    (offer) =>
      offer.terms.repayment === "monthly" &&
      offer.product_type !== "domainactive" &&
      (offer.offer_id === item.offer.offer_id ||
        (lender !== undefined && offer.lender.id === lender)),
  );
  for (const termDays of LOAN_TERM_GRID) {
    if (!isInstalmentTerm(termDays) || termDays <= asked.termDays) continue;
    for (const offer of own) {
      const longer = { amount: asked.amount, termDays };
      if (!lends(offer, longer)) continue;
      const quote = priced(longer, offer.terms, today);
      if (affordabilityOf(quote, monthlyIncome) === "fits") {
        return { offerId: offer.offer_id, ...longer, payment: largestRepayment(quote) };
      }
    }
  }
  return undefined;
}

/**
 * SPEC §7's lead feed in ranking order: the approved and matched offers'
 * ids ranked as the offers page lists them (rankOffers), then any other id
 * given (one that does not lend the loan, or is unknown) in the order given.
 */
export function rankOfferIds(
  offers: readonly Offer[],
  loan: LoanChoice,
  today: CalendarDate,
  offerIds: readonly number[],
  options: {
    decisions?: ApplicationDecisions | undefined;
    monthlyIncome?: number | undefined;
  } = {},
): number[] {
  const ranked = rankOffers(offers, loan, today, { ...options, activeOfferIds: offerIds })
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
