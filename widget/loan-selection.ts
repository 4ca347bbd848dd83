import type { CalendarDate } from "../core/dates";
import { type LoanQuote, quoteLoan } from "../core/loan";
import { clampLoanAmount, clampLoanTerm, representativeTerms } from "../core/product";

/** What the visitor chose in the calculator. */
export interface LoanSelection {
  amount: number;
  termDays: number;
}

export function normalizeSelection(amount: number | undefined, termDays: number | undefined) {
  return {
    amount: clampLoanAmount(amount ?? Number.NaN),
    termDays: clampLoanTerm(termDays ?? Number.NaN),
  };
}

/** The calculator's representative example for a selection (core/product.ts). */
export function representativeQuote(selection: LoanSelection, today: CalendarDate): LoanQuote {
  return quoteLoan({
    amount: selection.amount,
    termDays: selection.termDays,
    terms: representativeTerms(selection.termDays),
    startDate: today,
  });
}
