import { useState } from "react";
import type { EligibilityAnswers } from "../../../core/eligibility";
import { EligibilityTest } from "../../../widget/components/EligibilityTest";
import { ContentBody } from "../../components/Contents";
import { TrustNotes } from "../../components/TrustNotes";
import type { PageProps } from "../page";
import type { StaticPageView } from "./page.server";

/** About, how it works, process and the partner programme; "how" ends with the eligibility test. */
export function StaticPage({ locale, view }: PageProps<StaticPageView>) {
  const [answers, setAnswers] = useState<EligibilityAnswers>({});
  return (
    <article className="article" aria-labelledby="page-title">
      <header className="article-header">
        <h1 id="page-title">{view.title}</h1>
        <p className="lead">{view.description}</p>
      </header>
      <ContentBody html={view.html} />
      {view.slug === "how" ? (
        <div className="page-eligibility">
          <EligibilityTest
            locale={locale}
            answers={answers}
            onAnswer={(name, value) => setAnswers((current) => ({ ...current, [name]: value }))}
          />
        </div>
      ) : null}
      {view.slug === "how" ? <TrustNotes locale={locale} /> : null}
    </article>
  );
}
