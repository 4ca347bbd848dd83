import { ARTICLE_SLUGS, ARTICLE_TAGS } from "../../../core/domain/schemas/content";
import { fill } from "../../../core/messages";
import {
  type ArticleSummary,
  articleSummary,
  mostViewed,
  newestFirst,
} from "../../content/articles";
import type { NeedsOf, PageInputs, PageRoute, RouteRecord, SiteMessages } from "../page";

export interface BlogView {
  kind: "blog";
  page: number;
  pageCount: number;
  articles: ArticleSummary[];
  /** The most viewed articles (issue 7), most first; empty before anyone has read one. */
  popular: ArticleSummary[];
  /** Every topic with articles, each linking to its page (decision 0318). */
  tags: string[];
}

/** Articles per page of /blog/ (SPEC §2 has /blog/ and /blog/page-2/). */
export const ARTICLES_PER_PAGE = 6;
const BLOG_PAGES = Math.ceil(ARTICLE_SLUGS.length / ARTICLES_PER_PAGE);

export const routes: readonly PageRoute[] = Array.from({ length: BLOG_PAGES }, (_, index) => ({
  path: index === 0 ? "/blog/" : `/blog/page-${index + 1}/`,
  page: index + 1,
}));

export const indexed = true;

/** Server HTML with islands, hydrated on preact (decision 0271). */
export const islands = "plain";

/** Six articles a page, newest first, with the most viewed beside them. */
/** Every article's views, for the most viewed. */
export const needs = ["articleViews"] as const;

export function view(route: RouteRecord, inputs: PageInputs<NeedsOf<typeof needs>>): BlogView {
  const articles = inputs.content.articles[inputs.locale];
  const sorted = [...articles].sort(newestFirst);
  const page = route.page ?? 1;
  return {
    kind: "blog",
    page,
    pageCount: Math.ceil(sorted.length / ARTICLES_PER_PAGE),
    articles: sorted
      .slice((page - 1) * ARTICLES_PER_PAGE, page * ARTICLES_PER_PAGE)
      .map(articleSummary),
    popular: mostViewed(articles, inputs.data.articleViews ?? {}),
    tags: ARTICLE_TAGS.filter((tag) => articles.some((article) => article.meta.tags.includes(tag))),
  };
}

export function head(view: BlogView, t: SiteMessages) {
  const title =
    view.page === 1
      ? `${t.blogTitle} | ${t.siteName}`
      : `${t.blogTitle}: ${fill(t.blogPage, { page: view.page, count: view.pageCount })} | ${t.siteName}`;
  return { title, description: t.blogDescription };
}
