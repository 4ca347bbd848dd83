import { type Locale, localizePath } from "../../core/locale";
import { fill } from "../../core/messages";
import type { ArticleSummary } from "../content/articles";
import { formatContentDate } from "../format";
import { siteMessagesFor } from "../messages";

/** Cards linking to articles, with date and reading time. */
export function ArticleList({
  locale,
  articles,
  headingLevel = 3,
}: {
  locale: Locale;
  articles: readonly ArticleSummary[];
  headingLevel?: 2 | 3;
}) {
  const t = siteMessagesFor(locale);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="article-list">
      {articles.map((article) => (
        <li key={article.slug} className="article-card">
          <Heading className="article-card-title">
            <a href={localizePath(locale, `/${article.slug}/`)}>{article.title}</a>
          </Heading>
          <p>{article.description}</p>
          <p className="article-meta">
            <time dateTime={article.written}>{formatContentDate(article.written)}</time>
            {" · "}
            {fill(t.readingTime, { minutes: article.minutes })}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** A titled section of article cards (popular, similar), nothing when there is none. */
export function ArticleSection({
  id,
  title,
  locale,
  articles,
}: {
  id: string;
  title: string;
  locale: Locale;
  articles: readonly ArticleSummary[];
}) {
  return articles.length > 0 ? (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ArticleList locale={locale} articles={articles} />
    </section>
  ) : null;
}
