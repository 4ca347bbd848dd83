/**
 * Lenders' real-time decisions on one application (issue 15), as the
 * borrower's pages and `GET /api/applications/{leadId}/offers` give them.
 * Every figure a page shows is computed by core/loan.ts from `terms`; a
 * lender's own APR or total is never shown.
 */
import type { LoanTerms } from "./schemas/offer";

/**
 * - `waiting`: asked, no answer yet (until the deadline);
 * - `approved`: pre-approved, with its offer;
 * - `declined`: the lender said no;
 * - `pending`: the lender will call back (after the deadline it shows as no answer);
 * - `failed`: no usable answer in time (a timeout, an error, an answer we could not read).
 */
export const DECISION_STATUSES = ["waiting", "approved", "declined", "pending", "failed"] as const;
export type DecisionStatus = (typeof DECISION_STATUSES)[number];

/** What a lender approved: the loan (it may lend less than asked) and its price. */
export interface ApprovedOffer {
  /** The lender's product (an offer of the catalogue) the approval belongs to. */
  offerId: number;
  amount: number;
  termDays: number;
  terms: LoanTerms;
  /** When the lender's approval lapses (ISO). */
  expiresAt: string;
}

export interface LenderDecision {
  lenderId: string;
  status: DecisionStatus;
  /** Only when approved. */
  offer?: ApprovedOffer | undefined;
}

/** An application's decisions so far. */
export interface ApplicationDecisions {
  /** How many lenders were asked in real time (their decision API). */
  asked: number;
  /** How many have answered (approved, declined or pending) or failed. */
  answered: number;
  /** Until when the page waits for answers (ISO); the server's clock. */
  deadline: string;
  /** Every asked lender answered, or the deadline passed. */
  complete: boolean;
  decisions: LenderDecision[];
}
