import { formatDate } from "../../../core/helpers/dates";
import { localizePath } from "../../../core/locale";
import { fill } from "../../../core/messages";
import { sendOffersMessagesFor } from "../../messages/send-offers";
import type { PageProps } from "../page";
import type { OffersLinkView } from "./page.server";

/** How long a sent link works (server/borrowers/landing-tokens.ts LANDING_TOKEN_DAYS). */
const LINK_DAYS = 7;

/**
 * /offers-link/expired/: a link to the offers that no longer works, said
 * plainly with a way on. /offers-link/sent/: what the offers page's send
 * form did, when it was posted without JavaScript.
 */
export function OffersLinkPage({ locale, view }: PageProps<OffersLinkView>) {
  const t = sendOffersMessagesFor(locale);
  if (view.step === "expired") {
    return (
      <section className="offers-link" aria-labelledby="offers-link-title">
        <h1 id="offers-link-title">{t.linkExpiredTitle}</h1>
        <p className="lead">{fill(t.linkExpiredText, { days: LINK_DAYS })}</p>
        <p>{t.linkExpiredWayOn}</p>
        <p className="offers-link-actions">
          <a className="button" href={localizePath(locale, "/application/")}>
            {t.linkExpiredApply}
          </a>{" "}
          <a href={localizePath(locale, "/offers/")}>{t.linkExpiredOffers}</a>
        </p>
      </section>
    );
  }
  const back = (
    <p>
      <a className="button" href={`${localizePath(locale, "/offers/")}`}>
        {t.backToOffers}
      </a>
    </p>
  );
  if (view.step === "problem") {
    const text = {
      email: t.sendErrorEmail,
      busy: t.sendErrorBusy,
      not_sent: t.sendErrorNotSent,
      gone: t.sendErrorGone,
    }[view.problem];
    return (
      <section className="offers-link" aria-labelledby="offers-link-title">
        <h1 id="offers-link-title">{t.linkProblemTitle}</h1>
        <p className="lead" role="alert">
          {text}
        </p>
        {back}
      </section>
    );
  }
  const date = view.until ? formatDate(view.until) : "";
  return (
    <section className="offers-link" aria-labelledby="offers-link-title">
      <h1 id="offers-link-title">{t.linkSentTitle}</h1>
      <p className="lead">{fill(view.by === "sms" ? t.linkSentSms : t.linkSentEmail, { date })}</p>
      {back}
    </section>
  );
}
