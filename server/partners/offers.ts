import type { CalendarDate } from "../../core/dates";
import { type Locale, localizePath } from "../../core/locale";
import { lenderSlug } from "../../core/matching";
import { messagesFor } from "../../core/messages";
import { quoteOffers } from "../../core/offer-quotes";
import { lenderName, productName } from "../../core/offers";
import type { Offer } from "../../core/schemas/offer";
import type { Storage } from "../storage/database";
import { isOpaqueId } from "../storage/opaque-ids";
import type { LeadStatus } from "../storage/schema";
import type { PartnerOffer } from "./api-schemas";

export interface OfferListOptions {
  /** Our public origin, for absolute links. */
  origin: string;
  lang: Locale;
  /** When given, each offer carries an application link attributed to this partner. */
  applyAs?: string | undefined;
  activeOfferIds?: readonly number[];
  /** Only the active offers (a lead's matches), not the others. */
  activeOnly?: boolean;
}

/** A tag's label in the language asked (the widget's catalog), or its code for one we do not name. */
function tagLabel(lang: Locale, code: string): string {
  const messages: Readonly<Record<string, string | undefined>> = messagesFor(lang);
  return messages[`tag:${code}`] ?? code;
}

/**
 * The offers for a loan as our site lists them (core/offer-quotes.ts: same
 * filter, ranked by the total to pay, computed figures), shaped for partners.
 */
export function partnerOffers(
  offers: readonly Offer[],
  loan: { amount: number; termDays: number },
  today: CalendarDate,
  options: OfferListOptions,
): PartnerOffer[] {
  const { origin, lang, applyAs, activeOfferIds = [], activeOnly = false } = options;
  const quoted = quoteOffers(offers, loan, today, { activeOfferIds }).filter(
    (item) => !activeOnly || item.group === "matched",
  );
  return quoted.map(({ offer, quote }, index) => {
    const item: PartnerOffer = {
      offerId: offer.offer_id,
      rank: index + 1,
      header: productName(offer, lang),
      lender: {
        name: lenderName(offer, lang),
        logoUrl: `${origin}${offer.lender.logo}`,
        pageUrl: `${origin}${localizePath(lang, `/lenders/${lenderSlug(offer)}/`)}`,
        sample: offer.lender.sample,
      },
      tags: offer.tags.map((code) => ({ code, label: tagLabel(lang, code) })),
      rating: offer.stars ?? null,
      amount: loan.amount,
      term: loan.termDays,
      apr: quote.apr,
      interest: quote.interest,
      fees: quote.fees,
      total: quote.total,
      returnDate: quote.returnDate,
      repayments: quote.repayments.map(({ date, amount }) => ({ date, amount })),
    };
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
  /** Empty until verified: nothing of an unverified lead leaves us. */
  offerIds: number[];
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
      "offer_ids",
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
    offerIds: verified ? (JSON.parse(row.offer_ids) as number[]) : [],
  };
}
