import {
  ATTRIBUTION_FIELDS,
  ATTRIBUTION_VALUE_PATTERN,
  type AttributionField,
  LOAN_PURPOSES,
  type LoanPurpose,
} from "../../../core/domain/application";
import type { PageQuery } from "../../../core/views/site-contract";
import { normalizeSelection } from "../../../widget/loan-selection";

/** Form versions SPEC §4 accepts for `ver` and the session storage key reg_version. */
export type FormVersion = 2 | 3;

export function formVersionOf(value: string | null | undefined): FormVersion | undefined {
  return value === "2" ? 2 : value === "3" ? 3 : undefined;
}

/** What an application form starts with: the calculator's choice, a purpose, the offer and attribution. */
export interface ApplicationPrefill {
  amount: number;
  term: number;
  purpose: LoanPurpose | undefined;
  offerId: number | undefined;
  attribution: Partial<Record<AttributionField, string>>;
  /** From `ver`; undefined leaves the choice to session storage in the browser. */
  version: FormVersion | undefined;
}

/**
 * Reads the application's prefill from a link (widget/apply-link.ts writes
 * them: amount, period, offer, purpose, partner, sub ids; campaigns add
 * utm_*). Anything unreadable is left out rather than refused: a bad link
 * still opens the form.
 */
export function applicationPrefill(query: PageQuery): ApplicationPrefill {
  const number = (name: string) => {
    const value = query[name];
    return value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : undefined;
  };
  const selection = normalizeSelection(number("amount"), number("period") ?? number("term"));
  const purpose = LOAN_PURPOSES.find((code) => code === query.purpose);
  const attribution: Partial<Record<AttributionField, string>> = {};
  for (const field of ATTRIBUTION_FIELDS) {
    const value = query[field];
    if (value !== undefined && ATTRIBUTION_VALUE_PATTERN.test(value)) attribution[field] = value;
  }
  return {
    amount: selection.amount,
    term: selection.termDays,
    purpose,
    offerId: number("offer"),
    attribution,
    version: formVersionOf(query.ver),
  };
}
