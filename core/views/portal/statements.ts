import type { PortalSignedIn } from "../partner-portal";

/**
 * One Colombo month of a partner's account (issue 18, decision 0244): the
 * balance carried in, what was earned (the lenders' reports with a payout,
 * per lead or per sale as the terms were when the lender reported),
 * operators' adjustments, what was paid (payout runs marked paid that
 * month), and the balance carried out. Whole rupees.
 */
export interface StatementMonthTotals {
  /** "2026-11". */
  month: string;
  openingRupees: number;
  /** Reports with a payout that month, and their sum: the dashboard's earnings for the month. */
  earnedItems: number;
  earnedRupees: number;
  adjustmentsRupees: number;
  paidRupees: number;
  /** opening + earned + adjustments − paid: what we owe at the month's end. */
  closingRupees: number;
}

export interface StatementEarning {
  clickId: string;
  /** The lead's id, as the partner API names it; null once erased. */
  leadId: string | null;
  status: "approved" | "rejected" | "issued";
  reportedAt: string;
  rupees: number;
  /** The payout run that took it, by its period; null while no run has. */
  run: { from: string; to: string } | null;
}

export interface StatementAdjustmentRow {
  id: string;
  month: string;
  rupees: number;
  reason: string;
  createdAt: string;
}

export interface StatementPayment {
  /** The run's period (Colombo dates) and when it was paid, with the transfer's reference. */
  from: string;
  to: string;
  paidAt: string;
  reference: string;
  rupees: number;
}

/** The list of months (newest first), or one month with its lines. */
export interface StatementsView extends PortalSignedIn {
  page: "statements";
  /** The partner's terms today, for the page's words. */
  terms: { model: "lead" | "sale"; rupees: number };
  months: readonly StatementMonthTotals[];
  /** The month opened (/statements/2026-11/), or undefined for the list. */
  month?:
    | {
        totals: StatementMonthTotals;
        earnings: readonly StatementEarning[];
        adjustments: readonly StatementAdjustmentRow[];
        payments: readonly StatementPayment[];
      }
    | undefined;
}
