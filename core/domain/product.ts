import { quoteLoan } from "./loan";
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

export const DAYS_PER_TERM_MONTH = 30;

/** The calculator's terms, in days, ascending. */
export const LOAN_TERM_GRID: readonly number[] = [61, 75, 90, 120, 180, 270, 360];

const SINGLE_REPAYMENT_DAYS = { min: 61, max: 120 } as const;

/**
 * Loan terms (decision 0175). The calculator offers a short grid a borrower
 * reads at a glance: 61 days (SPEC §9's shortest period), 75, 90 and 120
 * days repaid at once, then 6, 9 and 12 months repaid in monthly instalments
 * (written as 30 days a month: 180, 270, 360). Every product of the
 * catalogue takes at least one of them. The application and the partners'
 * API still accept every term the older, finer grid had (each day from 61 to
 * 120, whole months from 5 to 12), so links and integrations made before
 * keep working; the calculator shows the nearest grid term.
 *
 * The default, what a new visitor's calculator starts on, is the instalment
 * term of the grid that keeps the default amount's repayment lowest per
 * month (decision 0355): computed, so it follows the grid and the
 * representative price; a single repayment of a whole loan is rarely what
 * a month's income can carry.
 */
export const LOAN_TERM_LK = {
  singleRepaymentDays: SINGLE_REPAYMENT_DAYS,
  instalmentMonths: { min: 5, max: 12 },
  default: lowestMonthlyTerm(),
} as const;

function lowestMonthlyTerm(): number {
  let best = LOAN_TERM_GRID[LOAN_TERM_GRID.length - 1] ?? SINGLE_REPAYMENT_DAYS.max;
  let lowest = Number.POSITIVE_INFINITY;
  for (const termDays of LOAN_TERM_GRID) {
    if (termDays <= SINGLE_REPAYMENT_DAYS.max) continue;
    // Any start day: a monthly instalment does not depend on it.
    const { repayments } = quoteLoan({
      amount: LOAN_AMOUNT_LK.default,
      termDays,
      terms: representativeTerms(termDays),
      startDate: "2026-01-01",
    });
    const payment = Math.max(...repayments.map((repayment) => repayment.amount));
    if (payment < lowest) {
      lowest = payment;
      best = termDays;
    }
  }
  return best;
}

/** Every term an application may ask for, in days, ascending (the grid's terms among them). */
export const ACCEPTED_TERM_DAYS: readonly number[] = /* @__PURE__ */ acceptedTermDays();

function acceptedTermDays(): number[] {
  const { singleRepaymentDays: days, instalmentMonths: months } = LOAN_TERM_LK;
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, index) => from + index);
  return [
    ...range(days.min, days.max),
    ...range(months.min, months.max).map((count) => count * DAYS_PER_TERM_MONTH),
  ];
}

/** A term above the single-repayment range is a whole number of months. */
export function isInstalmentTerm(days: number): boolean {
  return days > SINGLE_REPAYMENT_DAYS.max;
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

/** Why a typed amount cannot be used; each has a message ("amount:notNumber"…). */
export type AmountProblem = "notNumber" | "tooSmall" | "tooLarge";

/**
 * A typed amount (decision 0176): digits, with spaces or commas between
 * thousands and an optional "Rs." before; whole rupees within the bounds,
 * kept to the rupee (the slider moves in steps, typing need not). Anything
 * else is a problem to tell the visitor, never a silent replacement.
 */
export function parseLoanAmount(text: string): number | AmountProblem {
  const digits = text.replace(/^\s*rs\.?|[\s,]/gi, "");
  if (!/^\d+$/.test(digits)) return "notNumber";
  const amount = Number(digits);
  if (amount < LOAN_AMOUNT_LK.min) return "tooSmall";
  return amount > LOAN_AMOUNT_LK.max ? "tooLarge" : amount;
}
