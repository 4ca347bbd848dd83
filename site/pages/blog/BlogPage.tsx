import { localizePath } from "../../../core/locale";
import { fill } from "../../../core/messages";
import { ArticleList } from "../../components/ArticleList";
import { communityMessagesFor, siteMessagesFor } from "../../messages";
import type { PageProps } from "../page";
import type { BlogView } from "./page.server";

const pagePath = (page: number) => (page === 1 ? "/blog/" : `/blog/page-${page}/`);

export function BlogPage({ locale, view }: PageProps<BlogView>) {
  const t = siteMessagesFor(locale);
  const c = communityMessagesFor(locale);
  return (
    <section aria-labelledby="blog-title">
      <h1 id="blog-title">{t.blogTitle}</h1>
      <p className="lead">{t.blogDescription}</p>
      <h2>{t.newArticles}</h2>
      <ArticleList locale={locale} articles={view.articles} />
      <nav className="pagination" aria-label={t.paginationLabel}>
        {view.page > 1 ? (
          <a href={localizePath(locale, pagePath(view.page - 1))} rel="prev">
            {t.previousPage}
          </a>
        ) : null}
        <span aria-current="page">
          {fill(t.blogPage, { page: view.page, count: view.pageCount })}
        </span>
        {view.page < view.pageCount ? (
          <a href={localizePath(locale, pagePath(view.page + 1))} rel="next">
            {t.nextPage}
          </a>
        ) : null}
      </nav>
      {view.popular.length > 0 ? (
        <section aria-labelledby="popular-title">
          <h2 id="popular-title">{c.popularTitle}</h2>
          <ArticleList locale={locale} articles={view.popular} />
        </section>
      ) : null}
    </section>
  );
}
