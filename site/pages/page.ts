/**
 * What a page of the site is: a folder under site/pages/ whose index.ts
 * defines it with definePage and whose page.server.ts holds its server
 * half. The registry (registry.ts) lists the pages; the route table
 * (site/routes.ts), the client's page switch (site/App.tsx) and the server
 * entry (site/server.tsx) all read it.
 *
 * The server half (routes, view builder, head, the data it needs) is never in the
 * browser's bundle: the site's client build gives every `*.server.ts` of a
 * page an empty module (rollup.config.mjs, `serverHalvesLeftOut`), the way
 * Remix leaves a route's loader out. The browser gets a page's view from
 * the server (in the page, or from /client-api/page) and only renders it.
 */
import type { ComponentType } from "react";
import type { Offer } from "../../core/domain/schemas/offer";
import type { CalendarDate } from "../../core/helpers/dates";
import type { Locale } from "../../core/locale";
import type {
  LoadedData,
  PageDataKey,
  PageQuery,
  PartnerProgramme,
} from "../../core/views/site-contract";
import type { SiteContent } from "../content/types";
import type { siteMessagesFor } from "../messages";

/** The islands' scripts, one per kind of page: `site/islands/<name>.entry.tsx`. */
export type IslandEntry =
  | "plain"
  | "article"
  | "lender"
  | "bank"
  | "home"
  | "application"
  | "screen";

/** A page's address (SPEC §3 "Route record"). Paths are locale-free: each exists under every locale. */
export interface RouteRecord {
  /** The page's name (the registry fills it in from the page). */
  name: string;
  path: string;
  meta?: { type: "blog" | "doc"; link?: string };
  /** The article, document, author, bank or screen the page shows. */
  slug?: string;
  /** The page of a paginated list, from 1. */
  page?: number;
  /** Where search engines should index the page, when it is an alias of another. */
  canonical?: string;
}

/** A route as a page declares it; the registry adds the page's name. */
export type PageRoute = Omit<RouteRecord, "name">;

/** What a page's view is built from, besides its route: `Needs`, the keys its `needs` names. */
export interface PageInputs<Needs extends PageDataKey = never> {
  locale: Locale;
  /** Articles, documents and static pages, rendered at build time. */
  content: SiteContent;
  contactEmail: string;
  /** The partners' chat (PARTNER_CHAT_URL), when there is one. */
  chatUrl?: string | undefined;
  /** The partner programme's terms (PARTNER_LEAD_RUPEES, PARTNER_LOAN_RUPEES), for /partner/. */
  partnerProgramme?: PartnerProgramme | undefined;
  /** The Sri Lankan offers catalogue. */
  offers: readonly Offer[];
  /** Today in Colombo, as the server saw it. */
  today: CalendarDate;
  /** The render's time (the server's clock), for what depends on more than the day. */
  now: Date;
  /** The page address's query. */
  query: PageQuery;
  /** A POST's form fields, on a page with `form` (never in an address). */
  form?: PageQuery | undefined;
  /** What the page's `needs` named, loaded by the server for this render (decision 0405). */
  data: LoadedData<Needs>;
}

export type SiteMessages = ReturnType<typeof siteMessagesFor>;

/** The keys a page's `needs` names: `PageInputs<NeedsOf<typeof needs>>` types its view's inputs. */
export type NeedsOf<Needs> = Needs extends readonly (infer Key extends PageDataKey)[]
  ? Key
  : Needs extends (route: RouteRecord) => readonly (infer Key extends PageDataKey)[]
    ? Key
    : never;

/** The server half of a page, in its page.server.ts. */
export interface PageServer<View, Needs extends PageDataKey = PageDataKey> {
  /** The page's fixed addresses. */
  routes: readonly PageRoute[];
  /** Addresses made from data (a lender's): the route for a path, or undefined. */
  match?: (rest: string) => PageRoute | undefined;
  /** Those addresses, for the sitemap (from the catalogue's offers or the content). */
  dataPaths?: (offers: readonly Offer[], content: SiteContent) => string[];
  /** Whether search engines index the page (canonical link, sitemap); the borrower's path is not. */
  indexed: boolean;
  /**
   * The page is server HTML with islands (decision 0271): it loads the
   * islands' script `site/islands/<name>.entry.tsx` (preact), not the app,
   * and its links load in full. Without it, React hydrates the whole page.
   */
  islands?: IslandEntry;
  /**
   * `false`: the page's HTML alone, with no script and no state (the offline page, decision
   * 0480: shown without a connection, it needs nothing but the stylesheet).
   */
  scripts?: false;
  /**
   * What the page shows, or undefined when there is no such page (a 404). A property, not a
   * method, so that the compiler refuses a view whose inputs ask for more than `needs` names.
   */
  view: (route: RouteRecord, inputs: PageInputs<NoInfer<Needs>>) => View | undefined;
  /**
   * The page's title and description; `refreshSeconds` makes a page without
   * JavaScript load itself again after that long (the offers page while
   * lenders decide), and is ignored where scripts run.
   */
  head(
    view: View,
    t: SiteMessages,
  ): { title: string; description: string; refreshSeconds?: number | undefined };
  /**
   * What the server loads for the page (core/views/site-contract.ts `PageData`, decision 0405), all
   * routes alike or by route; nothing unless given. Its view gets these keys alone.
   */
  needs?: readonly Needs[] | ((route: RouteRecord) => readonly Needs[]);
  /** The page answers its own form's POST (urlencoded, never cached or stored). */
  form?: boolean;
}

/** Every page component gets the same three props. */
export interface PageProps<View> {
  locale: Locale;
  view: View;
  today: CalendarDate;
}

export interface PageModule<Name extends string, View, Needs extends PageDataKey = never> {
  name: Name;
  server: PageServer<View, Needs>;
  Component: ComponentType<PageProps<View>>;
  /**
   * Loads the page's chunks in the browser before it renders: the
   * application form, or the code form an offers page shows (by its view).
   */
  preload?: (view: View | undefined) => Promise<void>;
}

/** Declares a page; the types tie its view, its builder and its component together. */
export function definePage<const Name extends string, View, Needs extends PageDataKey = never>(
  page: PageModule<Name, View, Needs>,
): PageModule<Name, View, Needs> {
  return page;
}
