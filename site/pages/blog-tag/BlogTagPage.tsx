import { localizePath } from "../../../core/locale";
import { ArticleList, ArticleSection } from "../../components/ArticleList";
import { Pagination } from "../../components/Pagination";
import { TagLinks, tagLabel } from "../../components/TagLinks";
import { tagPath } from "../../content/articles";
import { communityMessagesFor, siteMessagesFor } from "../../messages";
import type { PageProps } from "../page";
import type { BlogTagView } from "./page.server";

/** A topic's page (SPEC §2 "tags"): its articles newest first, paginated as /blog/, and its popular ones. */
export function BlogTagPage({ locale, view }: PageProps<BlogTagView>) {
  const t = siteMessagesFor(locale);
  const c = communityMessagesFor(locale);
  return (
    <section aria-labelledby="blog-title">
      <p className="kicker">
        <a href={localizePath(locale, "/blog/")}>{t.footerBlog}</a>
        <span aria-hidden="true"> › </span>
        {t.tagsLabel}
      </p>
      <h1 id="blog-title">{tagLabel(t, view.tag)}</h1>
      <p className="lead">{view.description}</p>
      <h2>{t.newArticles}</h2>
      <ArticleList locale={locale} articles={view.articles} />
      <Pagination
        locale={locale}
        page={view.page}
        pageCount={view.pageCount}
        pathOf={(page) => tagPath(view.tag, page)}
      />
      <ArticleSection
        id="popular-title"
        title={c.popularTitle}
        locale={locale}
        articles={view.popular}
      />
      <TagLinks locale={locale} tags={view.otherTags} />
    </section>
  );
}
