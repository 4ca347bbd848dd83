import { useState } from "react";
import { type Locale, localizePath } from "../../core/locale";
import { siteMessagesFor } from "../messages";

/** SPEC §2: a notice with "accept" and "read more"; the acceptance is kept for a year. */
export const COOKIE_NOTICE_COOKIE = "cookie_notice";
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function CookieNotice({ locale, accepted }: { locale: Locale; accepted: boolean }) {
  const t = siteMessagesFor(locale);
  const [hidden, setHidden] = useState(accepted);
  if (hidden) return null;
  const accept = () => {
    const secure = window.location.protocol === "https:" ? "; Secure" : "";
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older phone browsers we serve.
    document.cookie = `${COOKIE_NOTICE_COOKIE}=accepted; Max-Age=${ONE_YEAR_SECONDS}; Path=/; SameSite=Lax${secure}`;
    setHidden(true);
  };
  return (
    <section className="cookie-notice" aria-label={t.cookieNoticeLabel}>
      <p>{t.cookieNoticeText}</p>
      <div className="cookie-actions">
        <button type="button" className="button-small" onClick={accept}>
          {t.cookieAccept}
        </button>
        <a href={localizePath(locale, "/cookies-policy/")}>{t.cookieReadMore}</a>
      </div>
    </section>
  );
}
