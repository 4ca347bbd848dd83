import type { OfferSort, QuotedOffer } from "../../../core/domain/offer-quotes";
import type { PageQuery } from "../../../core/views/site-contract";

/**
 * The offers page's filters and compare view as addresses (decision 0362):
 * `?sort=total|payment|apr`, `?repay=monthly|once`, `?term=<days>`, `?all=1`
 * and `?compare=<offerId>,<offerId>[,<offerId>]` (or `compare` repeated, as
 * a GET form's checkboxes send it). Offer ids only: nothing personal.
 */
export const REPAY_FILTERS = ["any", "monthly", "once"] as const;
export type RepayFilter = (typeof REPAY_FILTERS)[number];

export interface OfferFilters {
  repay: RepayFilter;
  /** The loan's term in days; undefined for any. */
  term: number | undefined;
}

export const NO_FILTERS: OfferFilters = { repay: "any", term: undefined };

/** At most this many offers side by side (a phone shows two, three scroll). */
export const MAX_COMPARED = 3;

export function filtersOf(query: PageQuery): OfferFilters {
  const repay = (REPAY_FILTERS as readonly string[]).includes(query.repay ?? "")
    ? (query.repay as RepayFilter)
    : "any";
  const term = /^[1-9]\d{0,4}$/.test(query.term ?? "") ? Number(query.term) : undefined;
  return { repay, term };
}

/** The offer ids to compare, in the order given, without repeats; [] for none or nonsense. */
export function compareIdsOf(query: PageQuery): number[] {
  const ids: number[] = [];
  for (const part of (query.compare ?? "").split(",")) {
    if (!/^[1-9]\d{0,9}$/.test(part)) continue;
    const id = Number(part);
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

export const isFiltered = (filters: OfferFilters) =>
  filters.repay !== "any" || filters.term !== undefined;

/** A loan repaid in monthly instalments (more than one repayment) or at once. */
export const isMonthly = (item: QuotedOffer) => item.quote.repayments.length > 1;

/** The term of an offer's loan in days: the approval's when a lender changed it, else the application's. */
export const termDaysOf = (item: QuotedOffer, askedDays: number) =>
  item.approval?.termDays ?? askedDays;

export function passes(item: QuotedOffer, filters: OfferFilters, askedDays: number): boolean {
  if (filters.repay === "monthly" && !isMonthly(item)) return false;
  if (filters.repay === "once" && isMonthly(item)) return false;
  return filters.term === undefined || termDaysOf(item, askedDays) === filters.term;
}

/** The terms the list holds, shortest first: the term filter's choices. */
export function termsOf(
  items: readonly QuotedOffer[],
  askedDays: number,
  chosen?: number | undefined,
): number[] {
  const terms = new Set(items.map((item) => termDaysOf(item, askedDays)));
  if (chosen !== undefined) terms.add(chosen);
  return [...terms].sort((a, b) => a - b);
}

/** The page's address for a state: what the forms send without JavaScript, and the links. */
export function offersQuery(state: {
  sort: OfferSort;
  filters: OfferFilters;
  all?: boolean;
  compare?: readonly number[];
}): string {
  const params = new URLSearchParams({ sort: state.sort });
  if (state.filters.repay !== "any") params.set("repay", state.filters.repay);
  if (state.filters.term !== undefined) params.set("term", String(state.filters.term));
  if (state.all) params.set("all", "1");
  if (state.compare && state.compare.length > 0) params.set("compare", state.compare.join(","));
  return `?${params.toString()}`;
}
