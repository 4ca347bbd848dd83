import { ArticleList, ArticleSection } from "../../components/ArticleList";
import { Pagination } from "../../components/Pagination";
import { TagLinks } from "../../components/TagLinks";
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
      <Pagination locale={locale} page={view.page} pageCount={view.pageCount} pathOf={pagePath} />
      <TagLinks locale={locale} tags={view.tags} />
      <ArticleSection
        id="popular-title"
        title={c.popularTitle}
        locale={locale}
        articles={view.popular}
      />
    </section>
  );
}
