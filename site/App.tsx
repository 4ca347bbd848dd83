import { useEffect } from "react";
import { type Locale, localizePath } from "../core/locale";
import { messagesFor } from "../core/messages";
import { HomePage } from "./pages/HomePage";
import { NotFoundPage } from "./pages/NotFoundPage";
import type { RouteName } from "./routes";

/** What the server tells the browser so that both render the same tree. */
export interface AppState {
  locale: Locale;
  /** The path without its locale prefix. */
  rest: string;
  page: RouteName | "not-found";
}

function Page({ state }: { state: AppState }) {
  switch (state.page) {
    case "home":
      return <HomePage locale={state.locale} />;
    case "not-found":
      return <NotFoundPage locale={state.locale} />;
  }
}

export function App({ state }: { state: AppState }) {
  const t = messagesFor(state.locale);
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
          aria-label={t.languageSwitchLabel}
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
