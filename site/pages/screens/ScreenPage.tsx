import { localizePath } from "../../../core/locale";
import { ArticleList } from "../../components/ArticleList";
import { OffersForLoan } from "../../components/OffersForLoan";
import { VerificationForm } from "../../components/verification-form";
import { wholePageIsland } from "../../islands/Island";
import { siteMessagesFor } from "../../messages";
import type { PageProps } from "../page";
import { LeadOffersScreen } from "./lead-offers";
import type { ScreenView } from "./page.server";
import { RejectedScreen } from "./RejectedScreen";

/** The offers page and the landing screens of SPEC §2: an islands page, one island (decision 0470). */
export const ScreenPage = wholePageIsland("screen", ScreenContent);

/** The screen itself, which the islands' script hydrates on preact. */
export function ScreenContent({ locale, view, today }: PageProps<ScreenView>) {
  const t = siteMessagesFor(locale);
  switch (view.screen) {
    case "offers":
      if (view.pending) {
        return (
          <VerificationForm
            locale={locale}
            pending={view.pending}
            headingLevel={1}
            // The server renders the offers once the lead cookie is set.
            onVerified={() => window.location.reload()}
          />
        );
      }
      if (view.lead) {
        return <LeadOffersScreen locale={locale} view={view} lead={view.lead} today={today} />;
      }
      return (
        <section aria-labelledby="screen-title">
          <h1 id="screen-title">{t.offersPageTitle}</h1>
          <p className="lead">{t.offersPageIntro}</p>
          <OffersForLoan locale={locale} offers={view.offers} today={today} />
        </section>
      );
    case "redirector":
      return (
        <section aria-labelledby="screen-title">
          <h1 id="screen-title">{t.redirectorTitle}</h1>
          <p className="lead">{t.redirectorText}</p>
          <a className="button" href={localizePath(locale, "/offers/")}>
            {t.seeAllOffers}
          </a>
        </section>
      );
    case "rejected":
      return <RejectedScreen locale={locale} today={today} />;
    case "trafficback":
      return (
        <section aria-labelledby="screen-title">
          <h1 id="screen-title">{t.trafficbackTitle}</h1>
          <p className="lead">{t.trafficbackText}</p>
          <ArticleList locale={locale} articles={view.articles} headingLevel={2} />
        </section>
      );
    case "transition":
      return (
        <section aria-labelledby="screen-title">
          <h1 id="screen-title">{t.transitionTitle}</h1>
          <p className="lead">{t.transitionText}</p>
          <OffersForLoan locale={locale} offers={view.offers} today={today} />
        </section>
      );
  }
}
