import { useState } from "react";
import type { EligibilityAnswers } from "../../../core/eligibility";
import { localizePath } from "../../../core/locale";
import { ContentBody } from "../../components/Contents";
import { TrustNotes } from "../../components/TrustNotes";
import type { PageProps } from "../page";
import { EligibilityTest } from "./eligibility";
import type { StaticPageView } from "./page.server";

/** About, how it works, process and the partner programme; "how" opens with the eligibility check (decision 0178). */
export function StaticPage({ locale, view }: PageProps<StaticPageView>) {
  const [answers, setAnswers] = useState<EligibilityAnswers>({});
  return (
    <article className="article" aria-labelledby="page-title">
      <header className="article-header">
        <h1 id="page-title">{view.title}</h1>
        <p className="lead">{view.description}</p>
      </header>
      {view.slug === "how" ? (
        <div className="page-eligibility">
          <EligibilityTest
            locale={locale}
            answers={answers}
            onAnswer={(name, value) => setAnswers((current) => ({ ...current, [name]: value }))}
            applyHref={localizePath(locale, "/application/")}
          />
        </div>
      ) : null}
      <ContentBody html={view.html} />
      {view.slug === "how" ? <TrustNotes locale={locale} /> : null}
    </article>
  );
}
