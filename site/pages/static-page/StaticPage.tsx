import { localizePath } from "../../../core/locale";
import { ContentBody } from "../../components/Contents";
import { TrustNotes } from "../../components/TrustNotes";
import { siteMessagesFor } from "../../messages";
import type { PageProps } from "../page";
import type { StaticPageView } from "./page.server";

/**
 * About, how it works, process and the partner programme; "how" leads to
 * the eligibility check, a page of its own since issue 32 (decision 0365).
 */
export function StaticPage({ locale, view }: PageProps<StaticPageView>) {
  return (
    <article className="article" aria-labelledby="page-title">
      <header className="article-header">
        <h1 id="page-title">{view.title}</h1>
        <p className="lead">{view.description}</p>
      </header>
      {view.slug === "how" ? (
        <p className="page-eligibility">
          <a className="button-secondary" href={localizePath(locale, "/eligibility/")}>
            {siteMessagesFor(locale).eligibilityLink}
          </a>
        </p>
      ) : null}
      <ContentBody html={view.html} />
      {view.slug === "how" ? <TrustNotes locale={locale} /> : null}
    </article>
  );
}
