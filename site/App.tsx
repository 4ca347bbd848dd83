import { type ComponentType, useEffect } from "react";
import { ALL_LOCALES, LOCALES, localizePath } from "../core/locale";
import { CookieNotice } from "./components/CookieNotice";
import { LogoMark, Wordmark } from "./components/Icon";
import { ContactContext, TrustNotes } from "./components/TrustNotes";
import { Island } from "./islands/Island";
import { followLanguageSwitch } from "./language-switch";
import { siteMessagesFor } from "./messages";
import { NotFoundPage } from "./pages/not-found";
import type { PageProps } from "./pages/page";
import { type AppState, type PageView, pageNamed } from "./pages/registry";

export type { AppState } from "./pages/registry";

/** The page the state names, or the 404 page. */
function Page({ state }: { state: AppState }) {
  const page = pageNamed(state.page);
  if (!page || !state.view)
    return <NotFoundPage locale={state.locale} path={state.missingPath ?? ""} />;
  // The registry ties each page's view to its component; the state carries one of each.
  const Component = page.Component as ComponentType<PageProps<PageView>>;
  return <Component locale={state.locale} view={state.view} today={state.today} />;
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
  ["/credit-cards/", "footerCreditCards"],
  ["/unsubscribe/", "footerUnsubscribe"],
  ["/terms-and-conditions/", "footerTerms"],
  ["/privacy-policy/", "footerPrivacy"],
  ["/cookies-policy/", "footerCookies"],
] as const;

export function App({ state }: { state: AppState }) {
  const t = siteMessagesFor(state.locale);
  const otherLocales = ALL_LOCALES.filter((locale) => locale !== state.locale);

  useEffect(() => {
    // Marks the document as interactive; browser tests and CSS can wait on it.
    document.documentElement.dataset.hydrated = "true";
  }, []);

  return (
    <ContactContext.Provider value={state.contact}>
      <a className="skip-link" href="#main">
        {t.skipToContent}
      </a>
      <header className="site-header">
        <a className="brand" href={localizePath(state.locale, "/")}>
          <LogoMark />
          <Wordmark name={t.siteName} />
        </a>
        {/* Each other language, named in its own script (issue 20). */}
        <span className="language-switches">
          {otherLocales.map((other) => (
            <a
              key={other}
              className="language-switch"
              href={localizePath(other, state.rest)}
              hrefLang={other}
              lang={other}
              onClick={(event) => followLanguageSwitch(event.currentTarget, other)}
            >
              {LOCALES[other].label}
            </a>
          ))}
        </span>
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
        <TrustNotes locale={state.locale} variant="footer" />
      </footer>
      <Island name="cookie-notice">
        <CookieNotice locale={state.locale} accepted={state.cookieNoticeAccepted} />
      </Island>
    </ContactContext.Provider>
  );
}
