import { useEffect } from "react";
import type { CalendarDate } from "../core/dates";
import { type Locale, localizePath } from "../core/locale";
import { CookieNotice } from "./components/CookieNotice";
import type { PageView } from "./content/views";
import { rememberLocale } from "./locale-cookie";
import { siteMessagesFor } from "./messages";
import { ArticlePage } from "./pages/ArticlePage";
import { AuthorPage } from "./pages/AuthorPage";
import { BankPage } from "./pages/BankPage";
import { BlogPage } from "./pages/BlogPage";
import { DocumentPage } from "./pages/DocumentPage";
import { HomePage } from "./pages/HomePage";
import { LenderPage } from "./pages/LenderPage";
import { ApplicationPage } from "./pages/lazy-pages";
import { NotFoundPage } from "./pages/NotFoundPage";
import { ScreenPage } from "./pages/ScreenPage";
import { StaticPage } from "./pages/StaticPage";
import { UnsubscribePage } from "./pages/UnsubscribePage";
import type { RouteName } from "./routes";

/** What the server tells the browser so that both render the same tree. */
export interface AppState {
  locale: Locale;
  /** The path without its locale prefix. */
  rest: string;
  page: RouteName | "not-found";
  /** Today in Colombo as the server saw it, so both renders compute the same dates. */
  today: CalendarDate;
  /** The content a content page shows (article, document, blog list, author). */
  view?: PageView | undefined;
  /** Whether this visitor already accepted the cookie notice (read from its cookie). */
  cookieNoticeAccepted: boolean;
}

function Page({ state }: { state: AppState }) {
  const { locale, view } = state;
  switch (view?.kind) {
    case "article":
      return <ArticlePage locale={locale} view={view} />;
    case "document":
      return <DocumentPage locale={locale} view={view} />;
    case "page":
      return <StaticPage locale={locale} view={view} />;
    case "blog":
      return <BlogPage locale={locale} view={view} />;
    case "author":
      return <AuthorPage locale={locale} view={view} />;
    case "lender":
      return <LenderPage locale={locale} view={view} />;
    case "bank":
      return <BankPage locale={locale} view={view} today={state.today} />;
    case "home":
      return <HomePage locale={locale} today={state.today} view={view} />;
    case "screen":
      return <ScreenPage locale={locale} view={view} today={state.today} />;
    case "unsubscribe":
      return <UnsubscribePage locale={locale} view={view} />;
    case "application":
      return <ApplicationPage locale={locale} view={view} today={state.today} />;
  }
  return <NotFoundPage locale={locale} />;
}

const HEADER_LINKS = [
  ["/", "navHome"],
  ["/about/", "navAbout"],
  ["/how/", "navHow"],
  ["/blog/", "footerBlog"],
] as const;

const FOOTER_LINKS = [
  ["/", "navHome"],
  ["/partner/", "footerPartner"],
  ["/about/", "navAbout"],
  ["/how/", "navHow"],
  ["/blog/", "footerBlog"],
  ["/unsubscribe/", "footerUnsubscribe"],
  ["/terms-and-conditions/", "footerTerms"],
  ["/privacy-policy/", "footerPrivacy"],
  ["/cookies-policy/", "footerCookies"],
] as const;

export function App({ state }: { state: AppState }) {
  const t = siteMessagesFor(state.locale);
  const otherLocale: Locale = state.locale === "si" ? "en" : "si";

  useEffect(() => {
    // Marks the document as interactive; browser tests and CSS can wait on it.
    document.documentElement.dataset.hydrated = "true";
  }, []);

  return (
    <>
      <a className="skip-link" href="#main">
        {t.skipToContent}
      </a>
      <header className="site-header">
        <a className="brand" href={localizePath(state.locale, "/")}>
          {t.siteName}
        </a>
        <a
          className="language-switch"
          href={localizePath(otherLocale, state.rest)}
          hrefLang={otherLocale}
          lang={otherLocale}
          onClick={() => rememberLocale(otherLocale)}
        >
          {t.languageSwitch}
        </a>
        <nav className="main-nav" aria-label={t.mainNavLabel}>
          <ul>
            {HEADER_LINKS.map(([path, label]) => (
              <li key={path}>
                <a
                  href={localizePath(state.locale, path)}
                  aria-current={state.rest === path ? "page" : undefined}
                >
                  {t[label]}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        {/* A new page is a new component: no state (a sent form, "link copied") carries over. */}
        <Page key={`${state.locale}:${state.rest}`} state={state} />
      </main>
      <footer className="site-footer">
        <nav aria-label={t.footerLinksLabel}>
          <ul className="footer-links">
            {FOOTER_LINKS.map(([path, label]) => (
              <li key={path}>
                <a href={localizePath(state.locale, path)}>{t[label]}</a>
              </li>
            ))}
          </ul>
        </nav>
        <p>{t.footerIntermediary}</p>
      </footer>
      <CookieNotice locale={state.locale} accepted={state.cookieNoticeAccepted} />
    </>
  );
}
