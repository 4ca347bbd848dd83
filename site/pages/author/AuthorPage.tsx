import { ArticleList } from "../../components/ArticleList";
import { siteMessagesFor } from "../../messages";
import type { PageProps } from "../page";
import type { AuthorView } from "./page.server";

export function AuthorPage({ locale, view }: PageProps<AuthorView>) {
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
