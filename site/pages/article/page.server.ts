import { ARTICLE_SLUGS } from "../../../core/domain/schemas/content";
import type { ArticleCommunity } from "../../../core/views/community-data";
import { type ArticleSummary, similarArticles } from "../../content/articles";
import { AUTHORS, isAuthorId } from "../../content/authors";
import type { ContentHeading } from "../../content/types";
import type { NeedsOf, PageInputs, PageRoute, RouteRecord, SiteMessages } from "../page";

export interface ArticleView {
  kind: "article";
  slug: string;
  title: string;
  description: string;
  author: { id: string; name: string };
  written: string;
  edited: string;
  minutes: number;
  headings: ContentHeading[];
  tags: string[];
  sources: { title: string; url: string }[];
  similar: ArticleSummary[];
  /** Rendered Markdown; empty in the state sent to the browser, which reads it from the page. */
  html: string;
  /** Comments, rating and views (issue 7); undefined when storage was not asked (tests). */
  community?: ArticleCommunity | undefined;
}

/** The eleven articles of SPEC §2, at /{slug}/ in each language. */
export const routes: readonly PageRoute[] = ARTICLE_SLUGS.map((slug) => ({
  path: `/${slug}/`,
  meta: { type: "blog" },
  slug,
}));

export const indexed = true;

/** Server HTML with islands, hydrated on preact (decision 0271). */
export const islands = "article";

/** The article's comments, rating and views, read on each render so that moderation shows at once. */
export const needs = ["articleCommunity"] as const;

export function view(
  route: RouteRecord,
  inputs: PageInputs<NeedsOf<typeof needs>>,
): ArticleView | undefined {
  const articles = inputs.content.articles[inputs.locale];
  const article = articles.find((entry) => entry.slug === route.slug);
  if (!article) return undefined;
  const authorId = article.meta.author;
  return {
    kind: "article",
    slug: article.slug,
    title: article.meta.title,
    description: article.meta.description,
    author: {
      id: authorId,
      name: isAuthorId(authorId) ? AUTHORS[authorId].name[inputs.locale] : authorId,
    },
    written: article.meta.written,
    edited: article.meta.edited,
    minutes: article.minutes,
    headings: article.headings.filter((heading) => heading.level === 2),
    tags: [...article.meta.tags],
    sources: article.meta.sources.map((source) => ({ ...source })),
    similar: similarArticles(article, articles),
    html: article.html,
    community: inputs.data.articleCommunity,
  };
}

export function head(view: ArticleView, t: SiteMessages) {
  return { title: `${view.title} | ${t.siteName}`, description: view.description };
}
