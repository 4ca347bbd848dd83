import type { Request } from "express";
import type { CommunityData, CommunityNeed } from "../../core/community-data";
import { cookieValue } from "../../core/cookies";
import type { CreditCard } from "../../core/schemas/credit-card";
import type {
  LeadOffers,
  PageQuery,
  PendingVerification,
  RenderOptions,
  SavedApplication,
} from "../../core/site-contract";
import { pageNeeds } from "../../site/server";
import { APPLICATION_RESET_COOKIE } from "../borrowers/saved-application";
import { leadIdOf, pendingLeadIdOf } from "../http/lead-cookie";
import type { OfferSource } from "../lenders/catalogue";
import { pageQueryOf } from "./page-query";

/** What a page render takes from the app, the offers read again at each request. */
export type PageOptions = Omit<RenderOptions, "offers"> & { offers: OfferSource };

/** The render options of one request: today's offers in. */
export function renderOptionsOf(options: PageOptions): RenderOptions {
  return { ...options, offers: options.offers() };
}

/** Looks up a visitor's application by the id in their lead cookie. */
export type LeadOffersLookup = (leadId: string) => Promise<LeadOffers | undefined>;

/** Looks up the visitor's application waiting for its code, by the lead_pending cookie. */
export type PendingVerificationLookup = (
  leadId: string,
) => Promise<PendingVerification | undefined>;

/** Reads what a page shows of comments, ratings, views and reviews. */
export type CommunityLookup = (need: CommunityNeed) => Promise<CommunityData>;

/**
 * Reads the visitor's own answers by the id in their lead cookie, unless
 * they pressed "Start again" (`resetAt`, ms) after applying.
 */
export type SavedApplicationLookup = (
  leadId: string,
  resetAt: number | undefined,
) => Promise<SavedApplication | undefined>;

/** What pages read from storage besides their content. */
export interface PageLookups {
  leadOffers: LeadOffersLookup;
  pendingVerification: PendingVerificationLookup;
  community: CommunityLookup;
  /** Without it, no page is prefilled (tests that do not need it). */
  savedApplication?: SavedApplicationLookup | undefined;
  /** The credit cards' catalogue; without it, the credit cards page lists none. */
  cards?: (() => Promise<CreditCard[]>) | undefined;
}

export interface PageRequestContext {
  cookieNoticeAccepted: boolean;
  query: PageQuery;
  lead: LeadOffers | undefined;
  pending: PendingVerification | undefined;
  community: CommunityData | undefined;
  savedApplication: SavedApplication | undefined;
  cards: readonly CreditCard[] | undefined;
  /** The response holds the visitor's answers or may one day: neither the browser nor a proxy may store it. */
  noStore: boolean;
}

/**
 * What a page's render takes from its request, the same for a full load and
 * for in-app navigation: the cookie notice, the query, and (only on the
 * pages that show them) the visitor's application, the one waiting for its
 * code, and the community's data,
 * read from storage on every render so that moderation shows at once.
 */
export async function pageRequestContext(
  req: Request,
  path: string,
  search: string,
  lookups: PageLookups,
): Promise<PageRequestContext> {
  const leadId = leadIdOf(req);
  const pendingId = pendingLeadIdOf(req);
  const needs = pageNeeds(path);
  const resetAt = Number(cookieValue(req.headers.cookie, APPLICATION_RESET_COOKIE));
  const [lead, pending, community, savedApplication, cards] = await Promise.all([
    leadId && needs.lead ? lookups.leadOffers(leadId) : undefined,
    pendingId && needs.lead ? lookups.pendingVerification(pendingId) : undefined,
    needs.community ? lookups.community(needs.community) : undefined,
    leadId && needs.savedApplication && lookups.savedApplication
      ? lookups.savedApplication(leadId, Number.isFinite(resetAt) ? resetAt : undefined)
      : undefined,
    needs.cards && lookups.cards ? lookups.cards() : undefined,
  ]);
  return {
    cookieNoticeAccepted: cookieValue(req.headers.cookie, "cookie_notice") === "accepted",
    query: pageQueryOf(search),
    lead,
    pending,
    community,
    savedApplication,
    cards,
    noStore: needs.savedApplication,
  };
}
