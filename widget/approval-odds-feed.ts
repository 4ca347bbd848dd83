import { useEffect, useState } from "react";
import { bandOf, ODDS_BANDS, type OddsView } from "../core/domain/approval-odds";
import type { LoanSelection } from "./loan-selection";
import { requestOnce } from "./offers-feed";

/** Each lender's odds by its id, as GET /api/approval-odds answers them. */
export type LenderOdds = Readonly<Record<string, OddsView>>;

/** The `income-band` attribute as a band (0 … 3), or undefined for none or another value. */
export function incomeBandOf(value: string | undefined): number | undefined {
  const band = Number(value);
  return value && Number.isInteger(band) && band >= 0 && band <= ODDS_BANDS.monthlyIncome.length
    ? band
    : undefined;
}

/**
 * The lenders' approval odds for the loan and the host page's income band
 * (issue 36, decision 0449): asked by bands only, and only when the page
 * gave the band; otherwise none, and no request. A failure shows no odds.
 */
export function useApprovalOdds(
  apiBase: string,
  selection: LoanSelection,
  incomeBand: number | undefined,
): LenderOdds | undefined {
  const url =
    incomeBand === undefined
      ? undefined
      : `${apiBase}/api/approval-odds?amount_band=${bandOf("amount", selection.amount)}&term_band=${bandOf("termDays", selection.termDays)}&income_band=${incomeBand}`;
  const [odds, setOdds] = useState<LenderOdds | undefined>(undefined);
  useEffect(() => {
    let current = true;
    setOdds(undefined);
    if (url) {
      // A lender absent from the answer has no odds to show; an answer without lenders, none.
      requestOnce(url, ({ data }) => (data as { lenders?: LenderOdds } | null)?.lenders).then(
        (lenders) => current && setOdds(lenders),
        () => undefined,
      );
    }
    return () => {
      current = false;
    };
  }, [url]);
  return odds;
}
