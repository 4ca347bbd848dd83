import { useEffect, useState } from "react";
import { type Locale, localizePath } from "../../../core/locale";
import { communityMessagesFor } from "../../messages";
import { readStored, store } from "../../web-storage";

const DISMISSED = "offers-aside";

/**
 * SPEC §2's sidebar beside an article: personalised offers, yes or no.
 * Yes opens the home page's calculator; no hides the box for the rest of
 * the session (read after hydration, so both renders start alike).
 */
export function OffersAside({ locale }: { locale: Locale }) {
  const c = communityMessagesFor(locale);
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (readStored("sessionStorage", DISMISSED) === "no") setHidden(true);
  }, []);
  if (hidden) return null;
  return (
    <aside className="offers-aside" aria-labelledby="offers-aside-title">
      <h2 id="offers-aside-title">{c.offersTitle}</h2>
      <p>{c.offersText}</p>
      <p className="form-actions">
        <a className="button" href={`${localizePath(locale, "/")}#calculator`}>
          {c.offersYes}
        </a>
        <button
          type="button"
          className="button-secondary"
          onClick={() => {
            store("sessionStorage", DISMISSED, "no");
            setHidden(true);
          }}
        >
          {c.offersNo}
        </button>
      </p>
    </aside>
  );
}
