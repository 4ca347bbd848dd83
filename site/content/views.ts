import type { CalendarDate } from "../../core/dates";
import { escapeHtml } from "../../core/html";
import type { Locale } from "../../core/locale";
import type { Offer } from "../../core/schemas/offer";
import { type ApplicationPrefill, applicationPrefill, type PageQuery } from "../application-query";
import {
  type BankView,
  bankView,
  type HomeView,
  homeView,
  type LenderView,
  lenderView,
} from "../catalogue-views";
import type { RouteRecord, ScreenKind } from "../routes";
import { ARTICLES_PER_PAGE } from "../routes";
import { AUTHORS, isAuthorId } from "./authors";
import type { Article, ContentHeading, SiteContent } from "./types";

/** An article in a list: enough for a card. */
export interface ArticleSummary {
  slug: string;
  title: string;
  description: string;
  written: string;
  minutes: number;
  tags: string[];
}

/** An approved comment as the public page shows it: never the e-mail. */
export interface PublicComment {
  id: string;
  /** The comment it answers, or null. */
  parentId: string | null;
  name: string;
  text: string;
  /** ISO time; shown as "3 hours ago" against CommunityNow. */
  createdAt: string;
}

export interface RatingSummary {
  /** 1 to 5, one decimal; 0 when count is 0. */
  average: number;
  count: number;
}

/** An approved customer review for the home page. */
export interface PublicReview {
  id: string;
  name: string;
  text: string;
  rating: number;
  createdAt: string;
  /** The address of the reviewer's photo, when they gave one. */
  image?: string | undefined;
}

/** An article's comments, rating and views, read from storage for each render. */
export interface ArticleCommunity {
  comments: PublicComment[];
  rating: RatingSummary;
  views: number;
  /** The server's time of the render (ISO), so both renders write the same relative times. */
  now: string;
}

/** The home page's approved reviews with their average. */
export interface ReviewsSummary {
  reviews: PublicReview[];
  rating: RatingSummary;
  now: string;
}

/** What the server reads from storage for the pages that pageCommunityNeeds names. */
export interface CommunityData {
  article?: ArticleCommunity | undefined;
  reviews?: ReviewsSummary | undefined;
  /** Views of every article (all time), for the blog's "popular" list. */
  viewsBySlug?: Readonly<Record<string, number>> | undefined;
}

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

export interface DocumentView {
  kind: "document";
  slug: string;
  title: string;
  description: string;
  updated: string;
  headings: ContentHeading[];
  html: string;
}

/** A static page; `how` also shows the eligibility test after its text. */
export interface StaticPageView {
  kind: "page";
  slug: string;
  title: string;
  description: string;
  headings: ContentHeading[];
  html: string;
}

export interface BlogView {
  kind: "blog";
  page: number;
  pageCount: number;
  articles: ArticleSummary[];
  /** The most viewed articles (issue 7), most first; empty before anyone has read one. */
  popular: ArticleSummary[];
}

/** The home page: the catalogue's figures, and approved customer reviews. */
export type HomePageView = HomeView & { reviews?: ReviewsSummary | undefined };

export interface AuthorView {
  kind: "author";
  id: string;
  name: string;
  bio: string;
  articles: ArticleSummary[];
}

/** A visitor's application as the offers page needs it (the server reads it from the lead cookie). */
export interface LeadOffers {
  amount: number;
  termDays: number;
  /** The lead feed's answer: the offers matched to the application. */
  activeOfferIds: number[];
}

/** A screen of the borrower's path (site/routes.ts SCREENS). */
export interface ScreenView {
  kind: "screen";
  screen: ScreenKind;
  /** On the offers screens, after an application: its loan and matched offers. */
  lead?: LeadOffers | undefined;
  /** The catalogue, for the screens that list offers. */
  offers: Offer[];
  /** A few guides, for visitors our lenders cannot serve yet. */
  articles: ArticleSummary[];
}

/** The application form (issue 5), prefilled from its link. */
export interface ApplicationView extends ApplicationPrefill {
  kind: "application";
}

/** The deletion request form, or its confirmation after a request sent without JavaScript. */
export interface UnsubscribeView {
  kind: "unsubscribe";
  done: boolean;
  /** A problem with a request sent without JavaScript, shown on the form. */
  error?: "email" | "phone" | "missing" | undefined;
}

export type PageView =
  | ArticleView
  | DocumentView
  | StaticPageView
  | BlogView
  | AuthorView
  | LenderView
  | BankView
  | HomePageView
  | ScreenView
  | ApplicationView
  | UnsubscribeView;

/** What a page may need besides the content: contacts from configuration, the offers, today. */
export interface ContentSettings {
  contactEmail: string;
  chatUrl: string;
  offers: readonly Offer[];
  today: CalendarDate;
  /** The page address's query (the application's prefill). */
  query: PageQuery;
  /** The visitor's application, when the page needs it and there is one. */
  lead?: LeadOffers | undefined;
  /** Comments, ratings, views and reviews, for the pages that show them. */
  community?: CommunityData | undefined;
}

function fillPlaceholders(html: string, settings: ContentSettings): string {
  return html
    .replaceAll("{email}", escapeHtml(settings.contactEmail))
    .replaceAll("{chat}", escapeHtml(settings.chatUrl));
}

function summary(article: Article): ArticleSummary {
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
function newestFirst(a: Article, b: Article): number {
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
    .map(summary);
}

/** Up to three articles sharing the most tags, newest first among equals. */
export function similarArticles(article: Article, all: readonly Article[]): ArticleSummary[] {
  const shared = (other: Article) =>
    other.meta.tags.filter((tag) => article.meta.tags.includes(tag)).length;
  return all
    .filter((other) => other.slug !== article.slug && shared(other) > 0)
    .sort((a, b) => shared(b) - shared(a) || newestFirst(a, b))
    .slice(0, 3)
    .map(summary);
}

/**
 * The data a content page shows, from the build's content. The {email} and
 * {chat} placeholders of documents and pages become the configured contacts.
 */
export function pageView(
  route: RouteRecord,
  locale: Locale,
  content: SiteContent,
  settings: ContentSettings,
): PageView | undefined {
  const articles = content.articles[locale];
  switch (route.name) {
    case "article": {
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
          name: isAuthorId(authorId) ? AUTHORS[authorId].name[locale] : authorId,
        },
        written: article.meta.written,
        edited: article.meta.edited,
        minutes: article.minutes,
        headings: article.headings.filter((heading) => heading.level === 2),
        tags: [...article.meta.tags],
        sources: article.meta.sources.map((source) => ({ ...source })),
        similar: similarArticles(article, articles),
        html: article.html,
        community: settings.community?.article,
      };
    }
    case "document": {
      const document = content.documents[locale].find((entry) => entry.slug === route.slug);
      if (!document) return undefined;
      return {
        kind: "document",
        slug: document.slug,
        title: document.meta.title,
        description: document.meta.description,
        updated: document.meta.updated,
        headings: document.headings.filter((heading) => heading.level === 2),
        html: fillPlaceholders(document.html, settings),
      };
    }
    case "page": {
      const page = content.pages[locale].find((entry) => entry.slug === route.slug);
      if (!page) return undefined;
      return {
        kind: "page",
        slug: page.slug,
        title: page.meta.title,
        description: page.meta.description,
        headings: page.headings.filter((heading) => heading.level === 2),
        html: fillPlaceholders(page.html, settings),
      };
    }
    case "blog": {
      const sorted = [...articles].sort(newestFirst);
      const page = route.page ?? 1;
      return {
        kind: "blog",
        page,
        pageCount: Math.ceil(sorted.length / ARTICLES_PER_PAGE),
        articles: sorted
          .slice((page - 1) * ARTICLES_PER_PAGE, page * ARTICLES_PER_PAGE)
          .map(summary),
        popular: mostViewed(articles, settings.community?.viewsBySlug ?? {}),
      };
    }
    case "author": {
      if (!route.slug || !isAuthorId(route.slug)) return undefined;
      const author = AUTHORS[route.slug];
      return {
        kind: "author",
        id: route.slug,
        name: author.name[locale],
        bio: author.bio[locale],
        articles: articles
          .filter((article) => article.meta.author === route.slug)
          .sort(newestFirst)
          .map(summary),
      };
    }
    case "home":
      return { ...homeView(settings.offers, settings.today), reviews: settings.community?.reviews };
    case "unsubscribe": {
      const error = settings.query.error;
      return {
        kind: "unsubscribe",
        done: route.slug === "done",
        error: error === "email" || error === "phone" || error === "missing" ? error : undefined,
      };
    }
    case "application":
      return { kind: "application", ...applicationPrefill(settings.query) };
    case "screen": {
      const screen = route.slug as ScreenKind;
      const listsOffers = screen === "offers" || screen === "transition";
      return {
        kind: "screen",
        screen,
        ...(screen === "offers" && settings.lead ? { lead: settings.lead } : {}),
        offers: listsOffers ? [...settings.offers] : [],
        articles:
          screen === "trafficback" ? [...articles].sort(newestFirst).slice(0, 3).map(summary) : [],
      };
    }
    case "lender":
      return route.slug ? lenderView(route.slug, settings.offers, settings.today) : undefined;
    case "bank":
      return route.slug ? bankView(route.slug, locale, settings.offers) : undefined;
    default:
      return undefined;
  }
}
