import type { Locale } from "../../core/locale";
import { fill } from "../../core/messages";
import { ContentBody, Contents } from "../components/Contents";
import type { DocumentView } from "../content/views";
import { formatContentDate } from "../format";
import { siteMessagesFor } from "../messages";

export function DocumentPage({ locale, view }: { locale: Locale; view: DocumentView }) {
  const t = siteMessagesFor(locale);
  return (
    <article className="article" aria-labelledby="document-title">
      <header className="article-header">
        <h1 id="document-title">{view.title}</h1>
        <p className="article-meta">
          <time dateTime={view.updated}>
            {fill(t.documentUpdated, { date: formatContentDate(view.updated) })}
          </time>
        </p>
      </header>
      <Contents locale={locale} headings={view.headings} />
      <ContentBody html={view.html} />
    </article>
  );
}
