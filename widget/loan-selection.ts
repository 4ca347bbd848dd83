import { type LoanQuote, quoteLoan } from "../core/domain/loan";
import {
  clampLoanAmount,
  clampLoanTerm,
  parseLoanAmount,
  representativeTerms,
} from "../core/domain/product";
import type { CalendarDate } from "../core/helpers/dates";

/** What the visitor chose in the calculator. */
export interface LoanSelection {
  amount: number;
  termDays: number;
}

/**
 * A selection from outside (attributes, a link's query, a saved form): an
 * amount within bounds kept to the rupee, as typed (decision 0176), else
 * brought onto the amount grid; the period on the nearest grid term.
 */
export function normalizeSelection(amount: number | undefined, termDays: number | undefined) {
  return {
    amount:
      Number.isSafeInteger(amount) && typeof parseLoanAmount(String(amount)) === "number"
        ? (amount as number)
        : clampLoanAmount(amount ?? Number.NaN),
    termDays: clampLoanTerm(termDays ?? Number.NaN),
  };
}

/** The calculator's representative example for a selection (core/domain/product.ts). */
export function representativeQuote(selection: LoanSelection, today: CalendarDate): LoanQuote {
  return quoteLoan({
    amount: selection.amount,
    termDays: selection.termDays,
    terms: representativeTerms(selection.termDays),
    startDate: today,
  });
}
