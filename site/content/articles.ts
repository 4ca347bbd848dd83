import type { Article } from "./types";

/** An article in a list: enough for a card. */
export interface ArticleSummary {
  slug: string;
  title: string;
  description: string;
  written: string;
  minutes: number;
  tags: string[];
}

export function articleSummary(article: Article): ArticleSummary {
  return {
    slug: article.slug,
    title: article.meta.title,
    description: article.meta.description,
    written: article.meta.written,
    minutes: article.minutes,
    tags: [...article.meta.tags],
  };
}

/** Newest first; the slug breaks ties so the order never changes between renders. */
export function newestFirst(a: Article, b: Article): number {
  return b.meta.written.localeCompare(a.meta.written) || a.slug.localeCompare(b.slug);
}

/** Up to three articles with views, the most viewed first (newest first among equals). */
export function mostViewed(
  articles: readonly Article[],
  viewsBySlug: Readonly<Record<string, number>>,
): ArticleSummary[] {
  const views = (article: Article) => viewsBySlug[article.slug] ?? 0;
  return articles
    .filter((article) => views(article) > 0)
    .sort((a, b) => views(b) - views(a) || newestFirst(a, b))
    .slice(0, 3)
    .map(articleSummary);
}

/** Up to three articles sharing the most tags, newest first among equals. */
export function similarArticles(article: Article, all: readonly Article[]): ArticleSummary[] {
  const shared = (other: Article) =>
    other.meta.tags.filter((tag) => article.meta.tags.includes(tag)).length;
  return all
    .filter((other) => other.slug !== article.slug && shared(other) > 0)
    .sort((a, b) => shared(b) - shared(a) || newestFirst(a, b))
    .slice(0, 3)
    .map(articleSummary);
}

/**
 * A topic's page (decision 0318): the tag's key is its slug in every
 * language, so one topic has one address per locale; page 1 has no suffix.
 */
export function tagPath(tag: string, page = 1): string {
  return page === 1 ? `/blog/tag/${tag}/` : `/blog/tag/${tag}/page-${page}/`;
}

/** The articles under a tag, newest first. */
export function articlesTagged(articles: readonly Article[], tag: string): Article[] {
  return articles.filter((article) => article.meta.tags.some((t) => t === tag)).sort(newestFirst);
}
