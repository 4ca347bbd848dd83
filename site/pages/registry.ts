/**
 * The pages of the site, one line each. The route table (site/routes.ts),
 * the client's page switch (site/App.tsx) and the server entry
 * (site/server.tsx) read this list; adding a page is a folder under
 * site/pages/ and a line here.
 */
import type { CalendarDate } from "../../core/helpers/dates";
import type { Locale } from "../../core/locale";
import type { ContactDetails } from "../../core/views/site-contract";
import { loadLocaleCatalogs } from "../messages/load-locale";
import { applicationPage } from "./application";
import { articlePage } from "./article";
import { authorPage } from "./author";
import { bankPage } from "./bank";
import { blogPage } from "./blog";
import { blogTagPage } from "./blog-tag";
import { creditCardsPage } from "./credit-cards";
import { documentPage } from "./document";
import { eligibilityPage } from "./eligibility";
import { homePage } from "./home";
import { lenderPage } from "./lender";
import { offersLinkPage } from "./offers-link";
import { offlinePage } from "./offline";
import { screensPage } from "./screens";
import { staticPage } from "./static-page";
import { unsubscribePage } from "./unsubscribe";

export const PAGES = [
  homePage,
  staticPage,
  eligibilityPage,
  blogPage,
  blogTagPage,
  articlePage,
  documentPage,
  authorPage,
  unsubscribePage,
  bankPage,
  lenderPage,
  creditCardsPage,
  screensPage,
  applicationPage,
  offersLinkPage,
  offlinePage,
] as const;

type AnyPage = (typeof PAGES)[number];
export type PageName = AnyPage["name"];
type ViewOf<Page> = Page extends { server: { view(...args: never[]): infer View } }
  ? Exclude<View, undefined>
  : never;
/** What any page shows: the union of the pages' views. */
export type PageView = ViewOf<AnyPage>;

const byName = new Map<string, AnyPage>(PAGES.map((page) => [page.name, page]));

export function pageNamed(name: string): AnyPage | undefined {
  return byName.get(name);
}

/** Loads a page's chunks in the browser, when it has any for this view, before the page renders. */
export async function preloadPage(
  state: Pick<AppState, "locale" | "page" | "view">,
): Promise<void> {
  // A Tamil page's catalogs first (decision 0304): every component reads them as it renders.
  await loadLocaleCatalogs(state.locale);
  const page = pageNamed(state.page);
  // The registry ties each page's view to its preload; here any view will do.
  await (page?.preload as ((view: PageView | undefined) => Promise<void>) | undefined)?.(
    state.view,
  );
}

/** What the server tells the browser so that both render the same tree. */
export interface AppState {
  locale: Locale;
  /** The path without its locale prefix. */
  rest: string;
  page: PageName | "not-found";
  /** Today in Colombo as the server saw it, so both renders compute the same dates. */
  today: CalendarDate;
  /** What the page shows; undefined on the 404 page. */
  view?: PageView | undefined;
  /** On the 404 page, the path it names, made safe to show by the server (decision 0319). */
  missingPath?: string | undefined;
  /** Whether this visitor already accepted the cookie notice (read from its cookie). */
  cookieNoticeAccepted: boolean;
  /** Who we are and how to reach a person (the trust notes); the server's configuration. */
  contact?: ContactDetails | undefined;
}
