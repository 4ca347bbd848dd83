import type { Request } from "express";
import type { CommunityData, CommunityNeed } from "../../core/community-data";
import { cookieValue } from "../../core/cookies";
import type {
  LeadOffers,
  PageQuery,
  PendingVerification,
  RenderOptions,
} from "../../core/site-contract";
import { pageNeeds } from "../../site/server";
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

/** What pages read from storage besides their content. */
export interface PageLookups {
  leadOffers: LeadOffersLookup;
  pendingVerification: PendingVerificationLookup;
  community: CommunityLookup;
}

export interface PageRequestContext {
  cookieNoticeAccepted: boolean;
  query: PageQuery;
  lead: LeadOffers | undefined;
  pending: PendingVerification | undefined;
  community: CommunityData | undefined;
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
  const [lead, pending, community] = await Promise.all([
    leadId && needs.lead ? lookups.leadOffers(leadId) : undefined,
    pendingId && needs.lead ? lookups.pendingVerification(pendingId) : undefined,
    needs.community ? lookups.community(needs.community) : undefined,
  ]);
  return {
    cookieNoticeAccepted: cookieValue(req.headers.cookie, "cookie_notice") === "accepted",
    query: pageQueryOf(search),
    lead,
    pending,
    community,
  };
}
