/**
 * The site's server entry: the only module of site/ that server/ imports.
 * It turns a request path into a complete HTML document and a status. It
 * exports functions only; the types it shares with the server are in
 * core/views/site-contract.ts and core/views/community-data.ts.
 */

import content from "virtual:site-content";
import { renderToString } from "react-dom/server";
import type { Offer } from "../core/domain/schemas/offer";
import { colomboToday } from "../core/helpers/dates";
import { type Locale, localizePath, splitLocalePath } from "../core/locale";
import type {
  LoadedData,
  PageDataKey,
  PageNeeds,
  RenderedPage,
  RenderOptions,
  SiteSettings,
} from "../core/views/site-contract";
import { App } from "./App";
import { backOfficeMessagesFor } from "./back-office/messages";
import { renderDocument } from "./document";
import { applicationMessagesFor, siteMessagesFor } from "./messages";
import { notFoundHead } from "./pages/not-found";
import { shownPath } from "./pages/not-found/shown-path";
import type { PageServer, RouteRecord } from "./pages/page";
import { type AppState, type PageView, pageNamed } from "./pages/registry";
import { matchRoute } from "./routes";
import { headHtml } from "./seo";
import { sitemapXml as sitemapOf } from "./sitemap";

export {
  funnelCsv,
  funnelCsvFilename,
  isFunnelTableName,
} from "./back-office/funnel-tables";
export { backOfficeStylesheet, renderBackOfficeDocument } from "./back-office/render";
export { renderClickoutDocument } from "./clickout/render";
export { renderEmbedDocument } from "./embed/render";
export {
  lenderPortalBase,
  lenderPortalStylesheet,
  renderLenderPortalDocument,
} from "./lender-portal/render";
export { portalBase, portalStylesheet, renderPortalDocument } from "./portal/render";

/** The back office's English catalog (its only one so far), for what the server writes (CSV). */
export function backOfficeMessagesEn() {
  return backOfficeMessagesFor("en");
}
export { productView } from "./pages/lender/page.server";
export { robotsTxt } from "./sitemap";

/** Every indexed page in every language, the lenders' and the topics' pages included. */
export function sitemapXml(site: SiteSettings, offers: readonly Offer[] = []): string {
  return sitemapOf(site, offers, content);
}

/**
 * The words of the application's consent to share it with lenders, as the
 * form shows them in a language: sent to lenders with each application
 * (issue 15's decision API).
 */
export function consentToShareText(locale: Locale): string {
  return applicationMessagesFor(locale).consentShare;
}

/** The page a route belongs to, with its server half typed for any view. */
function pageOf(route: RouteRecord | undefined) {
  const page = route && pageNamed(route.name);
  // The registry ties each page's view to its server half; here any view will do.
  return page && { name: page.name, server: page.server as PageServer<PageView> };
}

/** What a page's `needs` names for a route: the keys of its data the server loads. */
function neededKeys(server: PageServer<PageView> | undefined, route: RouteRecord) {
  const needs = server?.needs;
  return (typeof needs === "function" ? needs(route) : needs) ?? [];
}

/** What the server must load (decision 0405) and accept before rendering the page at a path. */
export function pageNeeds(path: string): PageNeeds {
  const { route } = matchRoute(path);
  const server = pageOf(route)?.server;
  return {
    data: route ? neededKeys(server, route) : [],
    slug: route?.slug,
    form: server?.form ?? false,
  };
}

/** A page's state, title and status, without the HTML: for both full loads and in-app navigation. */
export function pageData(
  path: string,
  {
    site,
    offers,
    now = new Date(),
    cookieNoticeAccepted = false,
    query = {},
    form,
    data = {},
  }: Omit<RenderOptions, "assets">,
) {
  const { locale, rest, route } = matchRoute(path);
  const t = siteMessagesFor(locale);
  const today = colomboToday(now);
  const page = pageOf(route);
  const view =
    route &&
    page?.server.view(route, {
      locale,
      content,
      contactEmail: site.contactEmail,
      chatUrl: site.chatUrl,
      partnerProgramme: site.partnerProgramme,
      offers,
      today,
      now,
      query,
      form,
      // What the page named, and nothing else of what was loaded: its view's type asks no more.
      data: Object.fromEntries(
        neededKeys(page.server, route).map((key) => [key, data[key]]),
      ) as LoadedData<PageDataKey>,
    });
  // A content route whose file is missing in this language is not a page.
  const found = page && view ? page : undefined;
  const state: AppState = {
    locale,
    rest,
    page: found ? (found.name as AppState["page"]) : "not-found",
    today,
    view: found ? view : undefined,
    ...(found ? {} : { missingPath: shownPath(localizePath(locale, rest)) }),
    // A page without scripts (0480) could not take the notice's answer: it shows none.
    cookieNoticeAccepted: cookieNoticeAccepted || found?.server.scripts === false,
    contact: site.contact ?? { email: site.contactEmail },
  };
  const { title, description, refreshSeconds } =
    found && view ? found.server.head(view, t) : { ...notFoundHead(t), refreshSeconds: undefined };
  return {
    status: found ? 200 : 404,
    locale,
    title,
    description,
    refreshSeconds,
    /** The path search engines should index, or undefined (the borrower's path, a 404). */
    canonicalRest: found?.server.indexed ? (route?.canonical ?? rest) : undefined,
    /** The page's islands' script when it has one (decision 0271); else the app's. */
    islands: found?.server.islands,
    /** False for a page sent without scripts or state (the offline page, decision 0480). */
    scripts: found?.server.scripts ?? true,
    state,
  };
}

/** The page's head tags, for the full render and for in-app navigation alike. */
export function pageHeadHtml(data: ReturnType<typeof pageData>, site: SiteSettings): string {
  return headHtml(
    {
      locale: data.locale,
      title: data.title,
      description: data.description,
      rest: data.canonicalRest,
      siteName: siteMessagesFor(data.locale).siteName,
      type: data.state.view?.kind === "article" ? "article" : "website",
      refreshSeconds: data.refreshSeconds,
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
    state: data.scripts ? withoutContentHtml(state) : undefined,
    assets,
    islands: data.islands,
    runtime: site.runtime,
  });
  return { status, locale, html };
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
  const home = localizePath(locale, "/");
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
