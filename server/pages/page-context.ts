import type { Request } from "express";
import { cookieValue } from "../../core/helpers/cookies";
import type { PageData, PageQuery, RenderOptions } from "../../core/views/site-contract";
import { pageNeeds } from "../../site/server";
import type { OfferSource } from "../lenders/catalogue";
import { type PageLoaders, PRIVATE_DATA } from "./loaders";
import { pageQueryOf } from "./page-query";

/** What a page render takes from the app, the offers read again at each request. */
export type PageOptions = Omit<RenderOptions, "offers"> & { offers: OfferSource };

/** The render options of one request: today's offers in. */
export function renderOptionsOf(options: PageOptions): RenderOptions {
  return { ...options, offers: options.offers() };
}

export interface PageRequestContext {
  cookieNoticeAccepted: boolean;
  query: PageQuery;
  /** What the page's needs named, loaded for this request. */
  data: Partial<PageData>;
  /** The response holds the visitor's answers or may one day: neither the browser nor a proxy may store it. */
  noStore: boolean;
}

/**
 * What a page's render takes from its request, the same for a full load and
 * for in-app navigation: the cookie notice, the query, and what the page's
 * `needs` name, each loader run side by side (server/pages/loaders.ts) on
 * every render, and no other.
 */
export async function pageRequestContext(
  req: Request,
  path: string,
  search: string,
  loaders: PageLoaders,
): Promise<PageRequestContext> {
  const { data: keys, slug } = pageNeeds(path);
  const loaded = await Promise.all(
    keys.map(async (key) => [key, await loaders[key]({ req, slug })] as const),
  );
  return {
    cookieNoticeAccepted: cookieValue(req.headers.cookie, "cookie_notice") === "accepted",
    query: pageQueryOf(search),
    data: Object.fromEntries(loaded) as Partial<PageData>,
    noStore: keys.some((key) => PRIVATE_DATA.has(key)),
  };
}
