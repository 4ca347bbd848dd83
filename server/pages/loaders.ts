/**
 * The site's page loaders (decision 0405): one async function per key of
 * core/views/site-contract.ts `PageData`, the way Remix gives each route a loader.
 * A page names the keys it needs (`needs` in its page.server.ts); for each
 * request the page handler runs only those, side by side
 * (page-context.ts), and the page's view gets what they return. Data a page
 * lacks: a key in `PageData`, its function here, the key in the page's needs.
 */
import type { Request } from "express";
import { oddsView } from "../../core/domain/approval-odds";
import { cookieValue } from "../../core/helpers/cookies";
import type { LeadOffers, PageData, PageDataKey } from "../../core/views/site-contract";
import { APPLICATION_RESET_COOKIE, savedApplicationOf } from "../borrowers/saved-application";
import { pendingVerificationOf } from "../borrowers/verification";
import { articleCommunity, articleViewsLookup, reviewsSummary } from "../community/page-data";
import { leadIdOf, pendingLeadIdOf } from "../http/lead-cookie";
import { listCreditCards } from "../lenders/credit-cards";
import { approvalOddsTable, lenderOverallOdds } from "../offers/approval-odds";
import type { Storage } from "../storage/database";

/** What a loader reads of its request: the request itself (its cookies) and the route's slug. */
export interface LoaderContext {
  req: Request;
  slug: string | undefined;
}

/** Every key's loader: the compiler asks for one per key of `PageData`, of its shape. */
export type PageLoaders = {
  readonly [Key in PageDataKey]: (context: LoaderContext) => Promise<PageData[Key]>;
};

/**
 * Data that may hold the visitor's own answers (decision 0196): a page loading it is never
 * stored by a browser or a proxy, and is cached only without a query (decision 0311).
 */
export const PRIVATE_DATA: ReadonlySet<PageDataKey> = new Set(["savedApplication"]);

export interface LoaderDependencies {
  storage: Storage;
  /** A verified lead's application and offers, as the lead feed gives them. */
  leadOffers: (leadId: string) => Promise<LeadOffers | undefined>;
  now: () => Date;
}

/**
 * The loaders over storage, each read on every render that needs it (moderation and
 * decisions show at once), but the blog's view counts (recounted once a minute).
 */
export function pageLoaders({ storage, leadOffers, now }: LoaderDependencies): PageLoaders {
  const articleViews = articleViewsLookup(storage);
  return {
    lead: async ({ req }) => {
      const leadId = leadIdOf(req);
      return leadId ? leadOffers(leadId) : undefined;
    },
    pending: async ({ req }) => {
      const leadId = pendingLeadIdOf(req);
      return leadId ? pendingVerificationOf(storage, leadId, now()) : undefined;
    },
    // Unless the visitor pressed "Start again" (the reset cookie, ms) after applying.
    savedApplication: async ({ req }) => {
      const leadId = leadIdOf(req);
      const resetAt = Number(cookieValue(req.headers.cookie, APPLICATION_RESET_COOKIE));
      return leadId
        ? savedApplicationOf(storage, leadId, now(), Number.isFinite(resetAt) ? resetAt : undefined)
        : undefined;
    },
    articleCommunity: ({ slug }) => articleCommunity(storage, slug ?? ""),
    reviews: () => reviewsSummary(storage),
    articleViews: () => articleViews(),
    cards: () => listCreditCards(storage),
    lenderOdds: async ({ slug }) => {
      const odds = slug ? await lenderOverallOdds(storage, slug) : undefined;
      return odds && oddsView(odds);
    },
    approvalOddsTable: () => approvalOddsTable(storage),
  };
}
