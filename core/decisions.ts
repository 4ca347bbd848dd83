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

/**
 * How the offers page follows an application's decisions as they arrive
 * (issue 15): the contract between the decision network and the page.
 *
 * - `GET /api/applications/{leadId}/offers/stream` (authorised by the lead
 *   cookie) answers `text/event-stream`. Every event is named `decisions`
 *   (`event: decisions`) and its `data` is one line of JSON: the
 *   application's whole `ApplicationDecisions` so far, a snapshot, never a
 *   difference, so a reconnection or a lost event loses nothing. The first
 *   event goes out at once with what is stored, then one per change; the one
 *   with `complete: true` is the last, and the server ends the response
 *   after it (the page closes its EventSource then: EventSource would
 *   otherwise reconnect). Comment lines (`: keep-alive`) in between keep
 *   proxies from timing the stream out. An unnamed event (`message`) is read
 *   the same way.
 * - `GET /api/applications/{leadId}/offers` (the lead cookie) answers the same
 *   snapshot as JSON (`200`, an `ApplicationDecisions`); the page polls it
 *   every second where EventSource is missing or fails.
 * - Neither says anything about the applicant: decisions, terms and counts.
 */
export const DECISIONS_EVENT = "decisions";

/** One event of the stream, as the page reads it. */
export interface DecisionsStreamEvent {
  event: typeof DECISIONS_EVENT;
  data: ApplicationDecisions;
}

export function decisionsUrl(leadId: string): string {
  return `/api/applications/${encodeURIComponent(leadId)}/offers`;
}

export function decisionsStreamUrl(leadId: string): string {
  return `${decisionsUrl(leadId)}/stream`;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

/**
 * Whether a value read from the network has the shape of an
 * ApplicationDecisions (the figures are checked again where they are
 * priced: core/offer-quotes.ts leaves out terms it cannot price).
 */
export function isApplicationDecisions(value: unknown): value is ApplicationDecisions {
  return (
    isObject(value) &&
    Number.isSafeInteger(value.asked) &&
    Number.isSafeInteger(value.answered) &&
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
            typeof decision.offer.expiresAt === "string")),
    )
  );
}
