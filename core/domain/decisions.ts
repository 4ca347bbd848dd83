/**
 * Lenders' real-time decisions on one application (issue 15), as the
 * borrower's pages and `GET /api/applications/{leadId}/offers` give them.
 * Every figure a page shows is computed by core/domain/loan.ts from `terms`; a
 * lender's own APR or total is never shown.
 */
import { isOddsView, type OddsView } from "./approval-odds";
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
  /**
   * While the lender has not answered (waiting or pending): how often it
   * pre-approved applicants like this one, from the day's counts, when at
   * least 30 answers stand behind it (issue 36). Gone once it answers.
   */
  approvalOdds?: OddsView | undefined;
}

/** An application's decisions so far. */
export interface ApplicationDecisions {
  /** How many lenders were asked in real time (their decision API). */
  asked: number;
  /** How many have answered (approved, declined or pending) or failed. */
  answered: number;
  /** Until when the page waits for answers (ISO); the server's clock. */
  deadline: string;
  /**
   * Nothing more will change before the page stops waiting: no lender is
   * waiting and, before the deadline, none is pending (a pending lender may
   * still call back in time); or the deadline has passed. A lender still
   * waiting just after the deadline shows as `failed`.
   */
  complete: boolean;
  /** One per lender asked, by lender id. */
  decisions: LenderDecision[];
}

/**
 * What `GET /api/applications/{leadId}/offers` answers (with the lead
 * cookie naming that lead), and the data of each event of its stream: the
 * loan applied for, the lead feed's offer ids (approved offers first, then
 * those matched by their published criteria) and the lenders' decisions.
 * A LeadOffers whose decisions are always there (asked 0 when none).
 */
export interface ApplicationOffers {
  amount: number;
  termDays: number;
  activeOfferIds: number[];
  decisions: ApplicationDecisions;
}

/** The JSON of an application's offers and decisions. */
export function applicationOffersPath(leadId: string): string {
  return `/api/applications/${encodeURIComponent(leadId)}/offers`;
}

/**
 * The Server-Sent Events stream of the same: an `offers` event (data: an
 * ApplicationOffers) at once and whenever a decision arrives, then one
 * `complete` event once `decisions.complete`, and the stream ends. Close
 * the EventSource on `complete`, or it reconnects (and gets `complete` again).
 */
export function applicationOffersStreamPath(leadId: string): string {
  return `${applicationOffersPath(leadId)}/stream`;
}

export const DECISION_STREAM_EVENTS = { offers: "offers", complete: "complete" } as const;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

const isCount = (value: unknown): boolean => Number.isSafeInteger(value) && Number(value) >= 0;

/**
 * Whether a value read from the network has the shape of an
 * ApplicationDecisions (the figures are checked again where they are
 * priced: core/domain/offer-quotes.ts leaves out terms it cannot price).
 */
export function isApplicationDecisions(value: unknown): value is ApplicationDecisions {
  return (
    isObject(value) &&
    isCount(value.asked) &&
    isCount(value.answered) &&
    typeof value.deadline === "string" &&
    typeof value.complete === "boolean" &&
    Array.isArray(value.decisions) &&
    value.decisions.every(
      (decision: unknown) =>
        isObject(decision) &&
        typeof decision.lenderId === "string" &&
        (DECISION_STATUSES as readonly unknown[]).includes(decision.status) &&
        (decision.offer === undefined ||
          (isObject(decision.offer) &&
            Number.isSafeInteger(decision.offer.offerId) &&
            Number.isSafeInteger(decision.offer.amount) &&
            Number.isSafeInteger(decision.offer.termDays) &&
            isObject(decision.offer.terms) &&
            typeof decision.offer.expiresAt === "string")) &&
        (decision.approvalOdds === undefined || isOddsView(decision.approvalOdds)),
    )
  );
}

/** Whether a value read from the network (the JSON or an event's data) is an ApplicationOffers. */
export function isApplicationOffers(value: unknown): value is ApplicationOffers {
  return (
    isObject(value) &&
    isCount(value.amount) &&
    isCount(value.termDays) &&
    Array.isArray(value.activeOfferIds) &&
    value.activeOfferIds.every((id) => Number.isSafeInteger(id)) &&
    isApplicationDecisions(value.decisions)
  );
}
