import { fill } from "../../../core/messages";
import { ContentBody, Contents } from "../../components/Contents";
import { formatContentDate } from "../../format";
import { siteMessagesFor } from "../../messages";
import type { PageProps } from "../page";
import type { DocumentView } from "./page.server";

export function DocumentPage({ locale, view }: PageProps<DocumentView>) {
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
