import type { ApplicationDecisions } from "../../../core/domain/decisions";
import {
  type OfferSort,
  type QuotedOffer,
  rankLeadOffers,
} from "../../../core/domain/offer-quotes";
import { lenderName } from "../../../core/domain/offers";
import type { Offer } from "../../../core/domain/schemas/offer";
import type { CalendarDate } from "../../../core/helpers/dates";
import type { Locale } from "../../../core/locale";
import type { LeadOffers } from "../../../core/views/site-contract";
import { type DecisionsStatus, decisionsStatus } from "./decisions-status";

/** What a visitor's offers page shows, from the catalogue, the application and its decisions so far. */
export interface LeadOffersState {
  /** Pre-approved offers (for the loan asked, then for another loan), ranked; none hard to repay. */
  approved: QuotedOffer[];
  /** The offers matched by lenders' published criteria, ranked; none hard to repay. */
  matched: QuotedOffer[];
  /** Offers that lend the loan but whose criteria the application does not meet. */
  others: QuotedOffer[];
  /**
   * Every offer hard to repay on the income given, whatever its group, in
   * ranking order: listed after all the others, never as a recommendation
   * (decision 0355).
   */
  hard: QuotedOffer[];
  /** Where the lenders asked stand: the status line's and the summary's one count (0361). */
  status: DecisionsStatus;
  /** Lenders that said no, by id. */
  declined: string[];
  /** Lenders that gave no usable answer in time (failed, or still waiting once complete). */
  unanswered: string[];
  /** Nothing more to wait for: no lender was asked, or every one answered, or the deadline passed. */
  settled: boolean;
  /** Settled with no pre-approval and no match: the visitor gets SPEC §2's rejected screen. */
  rejected: boolean;
}

export function leadOffersState(
  catalogue: readonly Offer[],
  lead: LeadOffers,
  decisions: ApplicationDecisions | undefined,
  today: CalendarDate,
  sort: OfferSort,
): LeadOffersState {
  const ranked = rankLeadOffers(catalogue, { ...lead, decisions }, today, { sort });
  const status = decisionsStatus(decisions);
  const { settled } = status;
  const easy = ranked.filter((item) => item.affordability !== "hard");
  const hard = ranked.filter((item) => item.affordability === "hard");
  const approved = easy.filter((item) => item.approval !== undefined);
  const matched = easy.filter((item) => item.group === "matched");
  return {
    approved,
    matched,
    others: easy.filter((item) => item.group === "other"),
    hard,
    status,
    declined: status.declined,
    unanswered: status.noReply,
    settled,
    // A pre-approval or a match hard to repay is still the borrower's to see.
    rejected: settled && ranked.every((item) => item.group === "other"),
  };
}

/** Lenders' names in the page's language, from the catalogue (`unnamed` for one it no longer lists). */
export function lenderNames(
  catalogue: readonly Offer[],
  lenderIds: readonly string[],
  locale: Locale,
  unnamed: string,
): string {
  return lenderIds
    .map((id) => {
      const offer = catalogue.find((entry) => entry.lender.id === id);
      return offer ? lenderName(offer, locale) : unnamed;
    })
    .join(", ");
}

/** How often a page without JavaScript reloads itself while lenders are still deciding. */
export const SELF_REFRESH_SECONDS = 2;

/**
 * How long after the deadline a page without JavaScript still reloads: a
 * lender still waiting at the deadline is marked as no answer a moment
 * after it (the server's STALE_AFTER_DEADLINE_MS, 500 ms), and the page
 * should show that last state rather than stop one step short of it.
 */
export const SELF_REFRESH_GRACE_MS = 5_000;

/**
 * Seconds after which a page without JavaScript loads itself again: only
 * while lenders are still deciding and the deadline (with its grace) has
 * not passed by the server's clock; undefined otherwise, so the page never
 * refreshes forever.
 */
export function selfRefreshSeconds(
  decisions: ApplicationDecisions | undefined,
  now: Date,
): number | undefined {
  if (!decisions || decisions.complete) return undefined;
  const deadline = Date.parse(decisions.deadline);
  if (!(deadline + SELF_REFRESH_GRACE_MS > now.getTime())) return undefined;
  return SELF_REFRESH_SECONDS;
}
