import { quoteOffers } from "../../../core/domain/offer-quotes";
import type { Offer } from "../../../core/domain/schemas/offer";
import type { CalendarDate } from "../../../core/helpers/dates";
import type { ReviewsSummary } from "../../../core/views/community-data";
import { normalizeSelection } from "../../../widget/loan-selection";
import { lendersOf } from "../../lenders";
import { type HomeMessages, homeMessagesFor } from "../../messages/home";
import type { NeedsOf, PageInputs, PageRoute, SiteMessages } from "../page";

/** The home page's "why us" figures, computed from the catalogue, never typed in; and reviews. */
export interface HomePageView {
  kind: "home";
  licensedLenders: number;
  sampleLenders: number;
  /** The lowest APR among the offers for the default loan, when any offer fits it. */
  lowestApr: number | undefined;
  amount: number;
  termDays: number;
  /** Approved customer reviews (issue 7). */
  reviews?: ReviewsSummary | undefined;
  /**
   * The page's own copy in its language, sent with the page rather than in
   * every page's first script (decision 0170), as articles' HTML is.
   */
  copy: HomeMessages;
}

export const routes: readonly PageRoute[] = [
  { path: "/" },
  // SPEC §2 lists /main/ beside /: the same page, indexed at /.
  { path: "/main/", canonical: "/" },
];

export const indexed = true;

/** Server HTML with islands, hydrated on preact (decision 0271). */
export const islands = "home";

export function homeFigures(
  offers: readonly Offer[],
  today: CalendarDate,
): Omit<HomePageView, "copy"> {
  const lenders = lendersOf(offers);
  const sample = (lender: (typeof lenders)[number]) => lender.offers[0]?.lender.sample === true;
  const selection = normalizeSelection(undefined, undefined);
  const aprs = quoteOffers(offers, selection, today).map((priced) => priced.quote.apr);
  return {
    kind: "home",
    licensedLenders: lenders.filter((lender) => !sample(lender)).length,
    sampleLenders: lenders.filter(sample).length,
    lowestApr: aprs.length > 0 ? Math.min(...aprs) : undefined,
    amount: selection.amount,
    termDays: selection.termDays,
  };
}

/** The approved reviews. */
export const needs = ["reviews"] as const;

export function view(_route: unknown, inputs: PageInputs<NeedsOf<typeof needs>>): HomePageView {
  return {
    ...homeFigures(inputs.offers, inputs.today),
    reviews: inputs.data.reviews,
    copy: homeMessagesFor(inputs.locale),
  };
}

export function head(_view: HomePageView, t: SiteMessages) {
  return { title: `${t.siteName}: ${t.siteTagline}`, description: t.siteTagline };
}
