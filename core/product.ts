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

/**
 * Loan terms the calculator offers: every day from 61 (SPEC §9's shortest
 * period) to 120, repaid at once; then whole months from 5 to 12, repaid in
 * monthly instalments and written as 30 days a month (150 … 360). A monthly
 * term is never a day count that instalments cannot match (165 days would
 * be priced as 6 calendar months and end past the offer's limit).
 */
export const LOAN_TERM_LK = {
  singleRepaymentDays: { min: 61, max: 120 },
  instalmentMonths: { min: 5, max: 12 },
  default: 91,
} as const;

export const DAYS_PER_TERM_MONTH = 30;

/** Every selectable term, in days, ascending. */
export const LOAN_TERM_GRID: readonly number[] = [
  ...range(LOAN_TERM_LK.singleRepaymentDays.min, LOAN_TERM_LK.singleRepaymentDays.max),
  ...range(LOAN_TERM_LK.instalmentMonths.min, LOAN_TERM_LK.instalmentMonths.max).map(
    (months) => months * DAYS_PER_TERM_MONTH,
  ),
];

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

/** A term above the single-repayment range is a whole number of months. */
export function isInstalmentTerm(days: number): boolean {
  return days > LOAN_TERM_LK.singleRepaymentDays.max;
}

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
    repayment: isInstalmentTerm(termDays) ? "monthly" : "single",
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

/** The nearest selectable term (LOAN_TERM_GRID) to any number of days. */
export function clampLoanTerm(days: number): number {
  if (!Number.isFinite(days)) return LOAN_TERM_LK.default;
  let nearest: number = LOAN_TERM_LK.default;
  for (const term of LOAN_TERM_GRID) {
    if (Math.abs(term - days) < Math.abs(nearest - days)) nearest = term;
  }
  return nearest;
}

/** Position of a selectable term on the grid (the period slider's value). */
export function termGridIndex(days: number): number {
  return LOAN_TERM_GRID.indexOf(clampLoanTerm(days));
}

/** Whole months in a term, for "91 days (about 3 months)" and "6 months". */
export function termMonths(days: number): number {
  return Math.max(1, Math.round(days / DAYS_PER_TERM_MONTH));
}
