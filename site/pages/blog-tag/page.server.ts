import { ARTICLE_TAGS } from "../../../core/domain/schemas/content";
import type { Offer } from "../../../core/domain/schemas/offer";
import { DEFAULT_LOCALE } from "../../../core/locale";
import { fill } from "../../../core/messages";
import { tagLabel } from "../../components/TagLinks";
import {
  type ArticleSummary,
  articleSummary,
  articlesTagged,
  mostViewed,
  tagPath,
} from "../../content/articles";
import type { SiteContent } from "../../content/types";
import { siteMessagesFor } from "../../messages";
import { topicMessagesFor } from "../../messages/topics";
import { ARTICLES_PER_PAGE } from "../blog/page.server";
import type { NeedsOf, PageInputs, PageRoute, RouteRecord, SiteMessages } from "../page";

export interface BlogTagView {
  kind: "blog-tag";
  tag: string;
  page: number;
  pageCount: number;
  articles: ArticleSummary[];
  /** The tag's most viewed articles, most first; empty before anyone has read one. */
  popular: ArticleSummary[];
  /** The topic's title and description in the page's language (site/messages/topics.ts). */
  title: string;
  description: string;
  /** The other topics with articles, as /blog/ lists them. */
  otherTags: string[];
}

const isTag = (text: string): text is (typeof ARTICLE_TAGS)[number] =>
  (ARTICLE_TAGS as readonly string[]).includes(text);

/** No fixed addresses: a topic's pages come from the articles' tags (decision 0318). */
export const routes: readonly PageRoute[] = [];

/**
 * `/blog/tag/<tag>/` and `/blog/tag/<tag>/page-<n>/` (n ≥ 2, written without
 * leading zeros): one address per page of a list, as /blog/ has.
 */
export function match(rest: string): PageRoute | undefined {
  const found = /^\/blog\/tag\/([a-z-]+)\/(?:page-([2-9]|[1-9][0-9]{1,3})\/)?$/.exec(rest);
  if (!found?.[1] || !isTag(found[1])) return undefined;
  return { path: rest, slug: found[1], page: Number(found[2] ?? 1) };
}

/** Every page of every topic with articles; the tags are the same in each language. */
export function dataPaths(_offers: readonly Offer[], content: SiteContent): string[] {
  return ARTICLE_TAGS.flatMap((tag) => {
    const count = articlesTagged(content.articles[DEFAULT_LOCALE], tag).length;
    const pages = Math.ceil(count / ARTICLES_PER_PAGE);
    return Array.from({ length: pages }, (_, index) => tagPath(tag, index + 1));
  });
}

export const indexed = true;

/** Server HTML with islands, hydrated on preact (decision 0271), as /blog/. */
export const islands = "plain";

/** A topic's articles six a page, newest first, with its most viewed; no page past the last. */
/** Every article's views, for the most viewed. */
export const needs = ["articleViews"] as const;

export function view(
  route: RouteRecord,
  inputs: PageInputs<NeedsOf<typeof needs>>,
): BlogTagView | undefined {
  const tag = route.slug ?? "";
  const all = inputs.content.articles[inputs.locale];
  const tagged = articlesTagged(all, tag);
  const page = route.page ?? 1;
  const label = tagLabel(siteMessagesFor(inputs.locale), tag);
  const copy = topicMessagesFor(inputs.locale);
  const pageCount = Math.ceil(tagged.length / ARTICLES_PER_PAGE);
  if (page > pageCount) return undefined;
  return {
    kind: "blog-tag",
    tag,
    title: fill(copy.topicTitle, { tag: label }),
    description: fill(copy.topicDescription, { tag: label }),
    page,
    pageCount,
    articles: tagged
      .slice((page - 1) * ARTICLES_PER_PAGE, page * ARTICLES_PER_PAGE)
      .map(articleSummary),
    popular: mostViewed(tagged, inputs.data.articleViews ?? {}),
    otherTags: ARTICLE_TAGS.filter(
      (other) => other !== tag && articlesTagged(all, other).length > 0,
    ),
  };
}

export function head(view: BlogTagView, t: SiteMessages) {
  const title =
    view.page === 1
      ? `${view.title} | ${t.siteName}`
      : `${view.title}: ${fill(t.blogPage, { page: view.page, count: view.pageCount })} | ${t.siteName}`;
  return { title, description: view.description };
}
