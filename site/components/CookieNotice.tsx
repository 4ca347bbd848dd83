import { useState } from "react";
import { type Locale, localizePath } from "../../core/locale";
import { ONE_YEAR_SECONDS, writeCookie } from "../../widget/runtime/cookies";
import { siteMessagesFor } from "../messages";

/**
 * SPEC §2: a notice with "accept" and "read more"; the acceptance is kept
 * for a year. One short line and two controls, at most 20% of a 360×640
 * screen in both languages (issue 17, decision 0169); the cookies policy
 * says the rest.
 */
export const COOKIE_NOTICE_COOKIE = "cookie_notice";

export function CookieNotice({ locale, accepted }: { locale: Locale; accepted: boolean }) {
  const t = siteMessagesFor(locale);
  const [hidden, setHidden] = useState(accepted);
  if (hidden) return null;
  const accept = () => {
    writeCookie(COOKIE_NOTICE_COOKIE, "accepted", ONE_YEAR_SECONDS);
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
