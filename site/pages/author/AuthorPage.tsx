import type { Locale } from "../../core/locale";
import { ArticleList } from "../components/ArticleList";
import type { AuthorView } from "../content/views";
import { siteMessagesFor } from "../messages";

export function AuthorPage({ locale, view }: { locale: Locale; view: AuthorView }) {
  const t = siteMessagesFor(locale);
  return (
    <section aria-labelledby="author-title">
      <h1 id="author-title">{view.name}</h1>
      <p className="lead">{view.bio}</p>
      <h2>{t.authorArticles}</h2>
      <ArticleList locale={locale} articles={view.articles} />
    </section>
  );
}
