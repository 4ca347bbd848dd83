import type { LoanTerms } from "./schemas/offer";

/**
 * Product bounds for Sri Lanka. SPEC §5 leaves them open; these are our
 * decision (ARCHITECTURE.md, "Decisions"): the smallest loan the sample
 * lenders make, a ceiling that keeps us in micro-lending, and terms from
 * 61 days (SPEC §9's shortest repayment period) to a year.
 */
export const LOAN_AMOUNT_LK = {
  min: 5_000,
  max: 200_000,
  step: 1_000,
  default: 50_000,
} as const;

export const LOAN_TERM_DAYS_LK = {
  min: 61,
  max: 365,
  step: 1,
  default: 91,
} as const;

/**
 * The terms of the calculator's representative example, shown before the
 * visitor has offers: 30% a year and no fees, one repayment up to 120 days
 * and monthly instalments beyond. The calculator says it is an example;
 * each offer's own figures come from that offer's terms.
 */
export function representativeTerms(termDays: number): LoanTerms {
  return {
    annualInterestRate: 0.3,
    feeFixed: 0,
    feePercent: 0,
    repayment: termDays <= 120 ? "single" : "monthly",
  };
}

function clampToGrid(
  value: number,
  bounds: { min: number; max: number; step: number; default: number },
): number {
  if (!Number.isFinite(value)) return bounds.default;
  const stepped = bounds.min + Math.round((value - bounds.min) / bounds.step) * bounds.step;
  return Math.min(bounds.max, Math.max(bounds.min, stepped));
}

/** Brings any number onto the amount grid: within bounds, on a step. */
export function clampLoanAmount(amount: number): number {
  return clampToGrid(amount, LOAN_AMOUNT_LK);
}

/** Brings any number onto the term grid, in whole days. */
export function clampLoanTerm(days: number): number {
  return clampToGrid(days, LOAN_TERM_DAYS_LK);
}

/** Whole months in a term, for "91 days (3 months)"; at least 2, as terms start at 61 days. */
export function termMonths(days: number): number {
  return Math.max(1, Math.round(days / 30));
}
