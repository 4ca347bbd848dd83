import { isOfferSort, type OfferSort } from "../../../core/domain/offer-quotes";
import type { Offer } from "../../../core/domain/schemas/offer";
import type { Locale } from "../../../core/locale";
import type { LeadOffers, PendingVerification } from "../../../core/views/site-contract";
import { type ArticleSummary, articleSummary, newestFirst } from "../../content/articles";
import { verificationMessagesFor } from "../../messages/verification";
import type { NeedsOf, PageInputs, PageRoute, RouteRecord, SiteMessages } from "../page";
import { leadOffersState, selfRefreshSeconds } from "./lead-offers-view";
import { compareIdsOf, filtersOf, type OfferFilters } from "./offers-filters";

/**
 * Screens of the borrower's path (SPEC §2): the offers for a loan (after an
 * application, the visitor's matched offers), and the landing pages lenders
 * and campaigns send visitors to.
 */
export const SCREENS = {
  "/offers/": "offers",
  "/landing/offers/": "offers",
  "/landing/redirector/": "redirector",
  "/landing/rejected/": "rejected",
  "/landing/rejected2/": "rejected",
  "/landing/trafficback/": "trafficback",
  "/transition/": "transition",
} as const;
export type ScreenKind = (typeof SCREENS)[keyof typeof SCREENS];

export interface ScreenView {
  kind: "screen";
  screen: ScreenKind;
  locale: Locale;
  /** On the offers screens, after an application: its loan, matched offers and lenders' decisions. */
  lead?: LeadOffers | undefined;
  /** The order the visitor chose (`?sort=`, which the sort form sends without JavaScript). */
  sort: OfferSort;
  /** Every offer, not only the first three (`?all=1`, the "show all" link without JavaScript). */
  all: boolean;
  /** The visitor's filters (`?repay=`, `?term=`; decision 0362). */
  filters: OfferFilters;
  /** Offers to show side by side (`?compare=`, ids; decision 0362): none for the list. */
  compare: number[];
  /**
   * Lenders have decided and none pre-approved nor matched the application:
   * the offers page shows SPEC §2's rejected screen instead of an empty list.
   */
  rejected?: boolean | undefined;
  /** While lenders decide, a page without JavaScript reloads itself after this many seconds. */
  refreshSeconds?: number | undefined;
  /**
   * On the offers screens, an application waiting for its code (issue 14):
   * the page asks for the code before it shows any offers of it.
   */
  pending?: PendingVerification | undefined;
  /** The catalogue, for the screens that list offers. */
  offers: Offer[];
  /** A few guides, for visitors our lenders cannot serve yet. */
  articles: ArticleSummary[];
}

export const routes: readonly PageRoute[] = Object.entries(SCREENS).map(([path, slug]) => ({
  path,
  slug,
}));

/** Campaigns and lenders send people here, not search. */
export const indexed = false;

/** Server HTML with the screen as its island, hydrated on preact (decisions 0271, 0470). */
export const islands = "screen";

/** The offers screens show the visitor's application (the lead cookie), or ask for its code (lead_pending). */
export const needs = (route: RouteRecord) =>
  route.slug === "offers" ? (["lead", "pending"] as const) : [];

export function view(route: RouteRecord, inputs: PageInputs<NeedsOf<typeof needs>>): ScreenView {
  const { lead: verified, pending } = inputs.data;
  const screen = route.slug as ScreenKind;
  const listsOffers = screen === "offers" || screen === "transition";
  const sort = isOfferSort(inputs.query.sort) ? inputs.query.sort : "total";
  const lead = screen === "offers" && !pending ? verified : undefined;
  return {
    kind: "screen",
    screen,
    locale: inputs.locale,
    sort,
    all: inputs.query.all === "1",
    filters: filtersOf(inputs.query),
    compare: compareIdsOf(inputs.query),
    ...(screen === "offers" && pending ? { pending } : {}),
    ...(lead
      ? {
          lead,
          rejected: leadOffersState(inputs.offers, lead, lead.decisions, inputs.today, sort)
            .rejected,
          refreshSeconds: selfRefreshSeconds(lead.decisions, inputs.now),
        }
      : {}),
    offers: listsOffers ? [...inputs.offers] : [],
    articles:
      screen === "trafficback"
        ? [...inputs.content.articles[inputs.locale]]
            .sort(newestFirst)
            .slice(0, 3)
            .map(articleSummary)
        : [],
  };
}

export function head(view: ScreenView, t: SiteMessages) {
  const titles = {
    offers: [t.offersPageTitle, t.offersPageIntro],
    redirector: [t.redirectorTitle, t.redirectorText],
    rejected: [t.rejectedCongratulations, t.rejectedText],
    trafficback: [t.trafficbackTitle, t.trafficbackText],
    transition: [t.transitionTitle, t.transitionText],
  } as const;
  const [title, description] = view.pending
    ? [verificationMessagesFor(view.locale).codeTitle, t.offersPageIntro]
    : view.rejected
      ? [t.rejectedTitle, t.rejectedText]
      : titles[view.screen];
  return {
    title: `${title} | ${t.siteName}`,
    description,
    refreshSeconds: view.refreshSeconds,
  };
}
