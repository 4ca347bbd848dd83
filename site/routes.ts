import { BANK_CODES } from "../core/banks";
import { type Locale, splitLocalePath } from "../core/locale";
import { ARTICLE_SLUGS, DOCUMENT_SLUGS, PAGE_SLUGS } from "../core/schemas/content";
import { AUTHORS } from "./content/authors";

export type RouteName =
  | "home"
  | "blog"
  | "article"
  | "document"
  | "page"
  | "author"
  | "lender"
  | "bank"
  | "screen"
  | "application"
  | "unsubscribe";

/** A page of the site (SPEC §3 "Route record"). Paths are locale-free. */
export interface RouteRecord {
  name: RouteName;
  path: string;
  meta?: { type: "blog" | "doc"; link?: string };
  /** The article, document or author the page shows. */
  slug?: string;
  /** The page of a paginated list, from 1. */
  page?: number;
  /** Where search engines should index the page, when it is an alias of another. */
  canonical?: string;
}

/** Articles per page of /blog/ (SPEC §2 has /blog/ and /blog/page-2/). */
export const ARTICLES_PER_PAGE = 6;
const BLOG_PAGES = Math.ceil(ARTICLE_SLUGS.length / ARTICLES_PER_PAGE);

/** Every page of the site; each exists at `path` (Sinhala) and at `/en` + `path`. */
export const routes: readonly RouteRecord[] = [
  { name: "home", path: "/" },
  // SPEC §2 lists /main/ beside /: the same page, indexed at /.
  { name: "home", path: "/main/", canonical: "/" },
  ...PAGE_SLUGS.map((slug) => ({ name: "page" as const, path: `/${slug}/`, slug })),
  ...Array.from({ length: BLOG_PAGES }, (_, index) => ({
    name: "blog" as const,
    path: index === 0 ? "/blog/" : `/blog/page-${index + 1}/`,
    page: index + 1,
  })),
  ...ARTICLE_SLUGS.map((slug) => ({
    name: "article" as const,
    path: `/${slug}/`,
    meta: { type: "blog" as const },
    slug,
  })),
  ...DOCUMENT_SLUGS.map((slug) => ({
    name: "document" as const,
    path: `/${slug}/`,
    meta: { type: "doc" as const },
    slug,
  })),
  ...Object.keys(AUTHORS).map((slug) => ({
    name: "author" as const,
    path: `/author/${slug}/`,
    slug,
  })),
  { name: "unsubscribe", path: "/unsubscribe/" },
  // Where a deletion request sent without JavaScript lands; not for search.
  { name: "unsubscribe", path: "/unsubscribe/done/", slug: "done", canonical: "/unsubscribe/" },
  ...BANK_CODES.filter((code) => code !== "other").map((slug) => ({
    name: "bank" as const,
    path: `/bank/${slug}/`,
    slug,
  })),
];

/**
 * Screens of the borrower's path (SPEC §2) that need no application: the
 * offers for a loan, and the landing pages lenders and campaigns send
 * visitors to. Their lead-based behaviour comes with issue 5.
 */
export const SCREENS = {
  "/offers/": "offers",
  "/landing/offers/": "offers",
  "/landing/redirector/": "redirector",
  "/landing/rejected/": "rejected",
  "/landing/rejected2/": "rejected",
  "/landing/trafficback/": "trafficback",
  "/transition/": "transition",
} as const;
export type ScreenKind = (typeof SCREENS)[keyof typeof SCREENS];

/**
 * The application form (issue 5) at the three addresses SPEC §2 lists;
 * campaigns link to /reg/ and /reg2/. Not for search, like the screens.
 */
export const APPLICATION_PATHS = ["/application/", "/reg/", "/reg2/"] as const;

const screenRoutes: RouteRecord[] = [
  ...Object.entries(SCREENS).map(([path, slug]) => ({ name: "screen" as const, path, slug })),
  ...APPLICATION_PATHS.map((path) => ({ name: "application" as const, path })),
];

/** Lenders come from the offers catalogue; their pages match by pattern. */
const LENDER_PATH = /^\/lenders\/([a-z0-9-]+)\/$/;

export interface RouteMatch {
  locale: Locale;
  /** The path without its locale prefix. */
  rest: string;
  route: RouteRecord | undefined;
}

const byPath = new Map([...routes, ...screenRoutes].map((route) => [route.path, route]));

export function matchRoute(path: string): RouteMatch {
  const { locale, rest } = splitLocalePath(path);
  const lender = LENDER_PATH.exec(rest)?.[1];
  if (lender) return { locale, rest, route: { name: "lender", path: rest, slug: lender } };
  return { locale, rest, route: byPath.get(rest) };
}
