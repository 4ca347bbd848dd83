import { type Locale, localizePath } from "../core/locale";
import type { LoanSelection } from "../widget/loan-selection";

/**
 * The eligibility check (issue 32) with the calculator's loan: the amount
 * and the period only, never anything personal in an address.
 */
export function eligibilityHref(locale: Locale, selection: LoanSelection): string {
  const query = new URLSearchParams({
    amount: String(selection.amount),
    period: String(selection.termDays),
  });
  return `${localizePath(locale, "/eligibility/")}?${query}`;
}
