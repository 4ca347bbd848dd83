/**
 * The site's server entry: the only module of site/ that server/ imports.
 * It turns a request path into a complete HTML document and a status.
 */

import content from "virtual:site-content";
import { renderToString } from "react-dom/server";
import { colomboToday } from "../core/dates";
import { type Locale, splitLocalePath } from "../core/locale";
import { fill } from "../core/messages";
import type { Offer } from "../core/schemas/offer";
import { App, type AppState } from "./App";
import type { PageQuery } from "./application-query";
import { type CommunityData, type LeadOffers, type PageView, pageView } from "./content/views";
import { type AssetManifest, renderDocument } from "./document";
import { siteMessagesFor } from "./messages";
import { matchRoute } from "./routes";

import { headHtml, type SiteSettings } from "./seo";

export type { PageQuery } from "./application-query";
export { productView } from "./catalogue-views";
export type {
  ArticleCommunity,
  CommunityData,
  LeadOffers,
  PublicComment,
  PublicReview,
  RatingSummary,
  ReviewsSummary,
} from "./content/views";
export type { AssetManifest } from "./document";
export type { SiteSettings } from "./seo";
export { robotsTxt, sitemapXml } from "./sitemap";

export interface RenderOptions {
  assets: AssetManifest;
  site: SiteSettings;
  /** The clock, for tests; the server passes none. */
  now?: Date | undefined;
  /** From the request's cookie_notice cookie. */
  cookieNoticeAccepted?: boolean | undefined;
  /** The Sri Lankan offers catalogue, for lender and bank pages. */
  offers: readonly Offer[];
  /** The request's query, first value of each name (the application's prefill). */
  query?: PageQuery | undefined;
  /** The visitor's application, for the pages that pageNeedsLead names. */
  lead?: LeadOffers | undefined;
  /** Comments, ratings, views and reviews, for the pages that pageCommunityNeeds names. */
  community?: CommunityData | undefined;
}

/** What of the community's data (issue 7) the page at a path shows, if any. */
export type CommunityNeed =
  | { kind: "article"; slug: string }
  | { kind: "home" }
  | { kind: "blog" }
  | undefined;

export function pageCommunityNeeds(path: string): CommunityNeed {
  const { route } = matchRoute(path);
  if (route?.name === "article" && route.slug) return { kind: "article", slug: route.slug };
  if (route?.name === "home") return { kind: "home" };
  if (route?.name === "blog") return { kind: "blog" };
  return undefined;
}

/** Whether the page at a path shows the visitor's application (the offers screens). */
export function pageNeedsLead(path: string): boolean {
  const { route } = matchRoute(path);
  return route?.name === "screen" && route.slug === "offers";
}

export interface RenderedPage {
  status: number;
  locale: Locale;
  html: string;
}

/** A page's state, title and status, without the HTML: for both full loads and in-app navigation. */
export interface PageData {
  status: number;
  locale: Locale;
  title: string;
  description: string;
  /** The path search engines should index, or undefined (404). */
  canonicalRest: string | undefined;
  state: AppState;
}

export function pageData(
  path: string,
  {
    site,
    offers,
    now = new Date(),
    cookieNoticeAccepted = false,
    query = {},
    lead,
    community,
  }: Omit<RenderOptions, "assets">,
): PageData {
  const match = matchRoute(path);
  const { locale, rest } = match;
  const t = siteMessagesFor(locale);
  const today = colomboToday(now);
  const view =
    match.route &&
    pageView(match.route, locale, content, {
      contactEmail: site.contactEmail,
      chatUrl: site.chatUrl,
      offers,
      today,
      query,
      lead,
      community,
    });
  // A content route whose file is missing in this language is not a page.
  const route = match.route && view ? match.route : undefined;
  const state: AppState = {
    locale,
    rest,
    page: route ? route.name : "not-found",
    today,
    view,
    cookieNoticeAccepted,
  };
  const { title, description } = titleAndDescription(state, t);
  return {
    status: route ? 200 : 404,
    locale,
    title,
    description,
    // The borrower's path (screens, the form) is reached from campaigns and lenders, not search.
    canonicalRest:
      route && route.name !== "screen" && route.name !== "application"
        ? (route.canonical ?? rest)
        : undefined,
    state,
  };
}

/** The page's head tags, for the full render and for in-app navigation alike. */
export function pageHeadHtml(data: PageData, site: SiteSettings): string {
  return headHtml(
    {
      locale: data.locale,
      title: data.title,
      description: data.description,
      rest: data.canonicalRest,
      siteName: siteMessagesFor(data.locale).siteName,
      type: data.state.view?.kind === "article" ? "article" : "website",
    },
    site,
  );
}

export function renderPage(path: string, options: RenderOptions): RenderedPage {
  const data = pageData(path, options);
  const { status, locale, state } = data;
  const { site, assets } = options;
  const html = renderDocument({
    locale,
    headHtml: pageHeadHtml(data, site),
    bodyHtml: renderToString(<App state={state} />),
    state: withoutContentHtml(state),
    assets,
    runtime: site.runtime,
  });
  return { status, locale, html };
}

function titleAndDescription(
  state: AppState,
  t: ReturnType<typeof siteMessagesFor>,
): { title: string; description: string } {
  const view = state.view;
  switch (view?.kind) {
    case "article":
    case "document":
    case "page":
      return { title: `${view.title} | ${t.siteName}`, description: view.description };
    case "blog":
      return {
        title:
          view.page === 1
            ? `${t.blogTitle} | ${t.siteName}`
            : `${t.blogTitle}: ${fill(t.blogPage, { page: view.page, count: view.pageCount })} | ${t.siteName}`,
        description: t.blogDescription,
      };
    case "author":
      return { title: `${view.name} | ${t.siteName}`, description: view.bio };
    case "unsubscribe":
      return { title: `${t.unsubscribeTitle} | ${t.siteName}`, description: t.unsubscribeIntro };
    case "application":
      return { title: `${t.applicationTitle} | ${t.siteName}`, description: t.applicationIntro };
    case "screen": {
      const titles = {
        offers: [t.offersPageTitle, t.offersPageIntro],
        redirector: [t.redirectorTitle, t.redirectorText],
        rejected: [t.rejectedTitle, t.rejectedText],
        trafficback: [t.trafficbackTitle, t.trafficbackText],
        transition: [t.transitionTitle, t.transitionText],
      } as const;
      const [title, description] = titles[view.screen];
      return { title: `${title} | ${t.siteName}`, description };
    }
    case "lender":
      return {
        title: `${view.name} | ${t.siteName}`,
        description: fill(t.lenderDescription, { lender: view.name }),
      };
    case "bank":
      return {
        title: `${fill(t.bankTitle, { bank: view.name })} | ${t.siteName}`,
        description: fill(t.bankIntro, { bank: view.name }),
      };
  }
  return state.page === "home"
    ? { title: `${t.siteName}: ${t.siteTagline}`, description: t.siteTagline }
    : { title: `${t.notFoundTitle} | ${t.siteName}`, description: t.siteTagline };
}

/**
 * The page's content HTML is already in the document; the browser reads it
 * back from there (site/client.tsx) instead of receiving it twice.
 */
function withoutContentHtml(state: AppState): AppState {
  const view: PageView | undefined =
    state.view && "html" in state.view ? { ...state.view, html: "" } : state.view;
  return { ...state, view };
}

/**
 * The full-page error screen (SPEC §2, §8). Static: it must render even
 * when the React tree is what failed, so it uses no component.
 */
export function renderErrorPage(path: string, { assets, site }: RenderOptions): RenderedPage {
  const { locale } = splitLocalePath(path);
  const t = siteMessagesFor(locale);
  const home = locale === "si" ? "/" : `/${locale}/`;
  const bodyHtml = `<main id="main" class="error-screen"><h1>${t.errorTitle}</h1><p>${t.errorText}</p><a class="button" href="${home}">${t.siteName}</a></main>`;
  const html = renderDocument({
    locale,
    headHtml: headHtml(
      {
        locale,
        title: `${t.errorTitle} | ${t.siteName}`,
        description: t.siteTagline,
        rest: undefined,
        siteName: t.siteName,
      },
      site,
    ),
    bodyHtml,
    assets,
  });
  return { status: 500, locale, html };
}
