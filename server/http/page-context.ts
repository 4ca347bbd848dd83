import type { Request } from "express";
import { type LeadOffers, type PageQuery, pageNeedsLead } from "../../site/server";
import { LEAD_COOKIE } from "../routes/applications";
import { readCookie } from "./cookies";
import { pageQueryOf } from "./page-query";

/** Looks up a visitor's application by the id in their lead cookie. */
export type LeadOffersLookup = (leadId: string) => Promise<LeadOffers | undefined>;

export interface PageRequestContext {
  cookieNoticeAccepted: boolean;
  query: PageQuery;
  lead: LeadOffers | undefined;
}

/**
 * What a page's render takes from its request, the same for a full load and
 * for in-app navigation: the cookie notice, the query, and (only on the
 * pages that show it) the visitor's application.
 */
export async function pageRequestContext(
  req: Request,
  path: string,
  search: string,
  leadOffers: LeadOffersLookup,
): Promise<PageRequestContext> {
  const leadId = readCookie(req.headers.cookie, LEAD_COOKIE);
  return {
    cookieNoticeAccepted: readCookie(req.headers.cookie, "cookie_notice") === "accepted",
    query: pageQueryOf(search),
    lead: leadId && pageNeedsLead(path) ? await leadOffers(leadId) : undefined,
  };
}
