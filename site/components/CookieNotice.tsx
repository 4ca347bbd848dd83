import { useState } from "react";
import { type Locale, localizePath } from "../../core/locale";
import { ONE_YEAR_SECONDS, writeCookie } from "../../widget/runtime/cookies";
import { siteMessagesFor } from "../messages";

/**
 * SPEC §2: a notice with "accept" and "read more"; the acceptance is kept
 * for a year. One line on a 360×640 phone in every language, at most 10 %
 * of its height (issue 32, decision 0366): the short sentence is itself the
 * link to the cookies policy, which says the rest, and "accept" is a
 * button; both are 44 px touch targets.
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
      <a href={localizePath(locale, "/cookies-policy/")}>{t.cookieNoticeText}</a>
      <button type="button" className="button-small" onClick={accept}>
        {t.cookieAccept}
      </button>
    </section>
  );
}
