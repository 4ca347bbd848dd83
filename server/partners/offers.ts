import { ODDS_WINDOW_DAYS } from "../../core/domain/approval-odds";
import type { ApplicationDecisions } from "../../core/domain/decisions";
import { lenderSlug } from "../../core/domain/matching";
import type { QuotedOffer } from "../../core/domain/offer-quotes";
import { lenderName, productName } from "../../core/domain/offers";
import type { Offer } from "../../core/domain/schemas/offer";
import { type Locale, localizePath } from "../../core/locale";
import { messagesFor } from "../../core/messages";
import type { Storage } from "../storage/database";
import { isOpaqueId } from "../storage/opaque-ids";
import type { LeadStatus } from "../storage/schema";
import type { PartnerDecisions, PartnerOffer } from "./api-schemas";

export interface OfferListOptions {
  /** Our public origin, for absolute links. */
  origin: string;
  lang: Locale;
  /** When given, each offer carries an application link attributed to this partner. */
  applyAs?: string | undefined;
  /**
   * Whether each offer says how it sits on the applicant's income: only for a
   * lead the partner sent through the API, whose income the partner gave us.
   */
  withAffordability?: boolean;
}

/** A tag's label in the language asked (the widget's catalog), or its code for one we do not name. */
function tagLabel(lang: Locale, code: string): string {
  const messages: Readonly<Record<string, string | undefined>> = messagesFor(lang);
  return messages[`tag:${code}`] ?? code;
}

/**
 * Offers ranked by core/domain/offer-quotes.ts (the site's one ranking), shaped for
 * partners: a loan's offers (quoteOffers) or a lead's (rankLeadOffers), each
 * with its figures for the loan it prices (a pre-approval's own amount and
 * term) and its position.
 */
export function partnerOffers(
  ranked: readonly QuotedOffer[],
  loan: { amount: number; termDays: number },
  options: OfferListOptions,
): PartnerOffer[] {
  const { origin, lang, applyAs, withAffordability = false } = options;
  return ranked.map(({ offer, quote, approval, affordability }, index) => {
    const priced = approval ?? loan;
    const item: PartnerOffer = {
      offerId: offer.offer_id,
      rank: index + 1,
      header: productName(offer, lang).text,
      lender: {
        name: lenderName(offer, lang),
        logoUrl: `${origin}${offer.lender.logo}`,
        pageUrl: `${origin}${localizePath(lang, `/lenders/${lenderSlug(offer)}/`)}`,
        sample: offer.lender.sample,
      },
      tags: offer.tags.map((code) => ({ code, label: tagLabel(lang, code) })),
      rating: offer.stars ?? null,
      preApproved: approval !== undefined,
      amount: priced.amount,
      term: priced.termDays,
      apr: quote.apr,
      interest: quote.interest,
      fees: quote.fees,
      total: quote.total,
      returnDate: quote.returnDate,
      repayments: quote.repayments.map(({ date, amount }) => ({ date, amount })),
    };
    if (approval) item.expiresAt = approval.expiresAt;
    if (withAffordability && affordability) item.affordability = affordability;
    if (applyAs !== undefined) {
      const query = new URLSearchParams({
        amount: String(loan.amount),
        period: String(loan.termDays),
        offer: String(offer.offer_id),
        partner: applyAs,
      });
      item.applyUrl = `${origin}${localizePath(lang, "/application/")}?${query}`;
    }
    return item;
  });
}

export interface PartnerLead {
  leadId: string;
  status: LeadStatus;
  /** Whether the applicant has entered the code we sent. */
  verified: boolean;
  /** Verified as a repeat of the applicant's earlier application (not a new lead). */
  duplicate: boolean;
  createdAt: string;
  amount: number;
  term: number;
  /** Where the lead came from: through the API the partner gave its income itself. */
  via: string | null;
  /**
   * For a repeat, the verified application it joined, whose loan, decisions and
   * offers are the applicant's (decision 0358); null otherwise. Never answered:
   * it may be another partner's lead, or one made on our site.
   */
  joined: string | null;
}

/** A lead of this partner, without anything personal; undefined for another's or an unknown id. */
export async function partnerLead(
  storage: Storage,
  partnerId: string,
  leadId: string,
): Promise<PartnerLead | undefined> {
  if (!isOpaqueId(leadId)) return undefined;
  const row = await storage.db
    .selectFrom("leads")
    .select([
      "id",
      "status",
      "created_at",
      "amount",
      "term_days",
      "via",
      "verified_at",
      "repeat_of",
    ])
    .where("id", "=", leadId)
    .where("partner_id", "=", partnerId)
    .executeTakeFirst();
  if (!row) return undefined;
  const verified = row.verified_at !== null;
  return {
    leadId: row.id,
    status: row.status,
    verified,
    // Before verification a repeat says nothing: that someone applied is not for a stranger to learn.
    duplicate: verified && row.repeat_of !== null,
    createdAt: row.created_at,
    amount: row.amount,
    term: row.term_days,
    via: row.via,
    joined: verified ? row.repeat_of : null,
  };
}

/**
 * The lenders' decisions on a lead as a partner reads them (decision 0356):
 * each lender's name in the language asked and its status, never a reason,
 * an error code or a broken rule; while it has not answered, its odds. Null when no lender was asked in real time
 * and nothing is awaited.
 */
export function partnerDecisions(
  decisions: ApplicationDecisions | undefined,
  catalogue: readonly Offer[],
  lang: Locale,
): PartnerDecisions {
  if (!decisions || decisions.asked === 0) {
    return { asked: 0, answered: 0, complete: true, deadline: null, lenders: [] };
  }
  return {
    asked: decisions.asked,
    answered: decisions.answered,
    complete: decisions.complete,
    deadline: decisions.deadline,
    lenders: decisions.decisions.map(({ lenderId, status, approvalOdds }) => {
      const offer = catalogue.find((entry) => entry.lender.id === lenderId);
      return {
        lender: { id: lenderId, name: offer ? lenderName(offer, lang) : lenderId },
        status,
        // A lender still to answer: its odds for applicants like this one (issue 36).
        ...(approvalOdds && { approvalOdds: { ...approvalOdds, windowDays: ODDS_WINDOW_DAYS } }),
      };
    }),
  };
}
