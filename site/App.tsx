import { useEffect } from "react";
import type { CalendarDate } from "../core/dates";
import { type Locale, localizePath } from "../core/locale";
import { rememberLocale } from "./locale-cookie";
import { siteMessagesFor } from "./messages";
import { HomePage } from "./pages/HomePage";
import { NotFoundPage } from "./pages/NotFoundPage";
import type { RouteName } from "./routes";

/** What the server tells the browser so that both render the same tree. */
export interface AppState {
  locale: Locale;
  /** The path without its locale prefix. */
  rest: string;
  page: RouteName | "not-found";
  /** Today in Colombo as the server saw it, so both renders compute the same dates. */
  today: CalendarDate;
}

function Page({ state }: { state: AppState }) {
  switch (state.page) {
    case "home":
      return <HomePage locale={state.locale} today={state.today} />;
    case "not-found":
      return <NotFoundPage locale={state.locale} />;
  }
}

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
      </header>
      <main id="main">
        <Page state={state} />
      </main>
      <footer className="site-footer">
        <p>{t.footerIntermediary}</p>
      </footer>
    </>
  );
}
