/**
 * What the server gives the site's server entry (site/server.tsx) to render
 * a page, and what it gets back: the types both sides share. The entry
 * itself exports functions only.
 */

import type { OddsTable, OddsView } from "../domain/approval-odds";
import type { CountryConfig } from "../domain/country";
import type { ApplicationDecisions } from "../domain/decisions";
import type { CreditCard } from "../domain/schemas/credit-card";
import type { Offer } from "../domain/schemas/offer";
import type { Locale } from "../locale";
import type { ArticleCommunity, ReviewsSummary } from "./community-data";

/** The hashed client files of a build, read from dist/site/manifest.json. */
export interface AssetManifest {
  /** The build these files belong to; the browser compares it with /_build/latest.json. */
  buildId: string;
  builtAt: string;
  scripts: string[];
  /**
   * The islands' scripts (decision 0271) by name: each one's entry file
   * first, then the files it imports, which the page preloads.
   */
  islands?: Record<string, string[]> | undefined;
  /**
   * Each locale's catalog chunk and the files it imports (decision 0326), for
   * the app's pages and for the islands' pages: a page preloads its locale's.
   */
  catalogs?: Partial<Record<Locale, string[]>> | undefined;
  islandCatalogs?: Partial<Record<Locale, string[]>> | undefined;
  /** An islands entry's own catalog chunks, when not islandCatalogs' (decision 0470). */
  entryCatalogs?: Record<string, Partial<Record<Locale, string[]>>> | undefined;
  styles: string[];
  /** Our Sinhala and Tamil web fonts (not preloaded: most phones have them and load nothing). */
  fonts?: { sinhala: string; tamil: string } | undefined;
}

/**
 * What the browser code needs from the server's configuration, written into
 * every page with a script (`#runtime-config`): the country config (SPEC
 * §3), whether events are only logged (local development, SPEC §7), and
 * the Web Push key.
 */
export interface RuntimeConfig extends CountryConfig {
  logEvents: boolean;
  /** The VAPID public key (base64url) for push subscriptions; absent when push is off. */
  pushPublicKey?: string | undefined;
}

/** A phone number as configured (shown) and its digits (for tel: and wa.me links). */
export interface PhoneNumber {
  shown: string;
  digits: string;
}

/**
 * Who we are and how a borrower reaches a person (issue 17), from the
 * configuration: only what is configured, nothing invented (decision 0165).
 */
export interface ContactDetails {
  email: string;
  company?: string | undefined;
  registration?: string | undefined;
  address?: string | undefined;
  phone?: PhoneNumber | undefined;
  whatsapp?: PhoneNumber | undefined;
}

/**
 * The partner programme as the operator configures it (issue 35, decisions
 * 0427–0428): the local e-wallets partners may be paid to (a bank transfer is
 * always offered), and the default rupees per verified lead and per issued
 * loan, when set.
 */
export interface PartnerProgramme {
  ewallets: readonly string[];
  leadRupees?: number | undefined;
  loanRupees?: number | undefined;
}

/** What the server knows about where and how the site is published. */
export interface SiteSettings {
  /** Public origin, e.g. https://nayacompare.lk, for absolute links. */
  origin: string;
  contactEmail: string;
  /** Who we are and how to reach a person, for the trust notes; the e-mail alone when absent. */
  contact?: ContactDetails | undefined;
  /** The partners' chat (SPEC §1, PARTNER_CHAT_URL); without it, the partner page offers e-mail only. */
  chatUrl?: string | undefined;
  /** The partner programme's terms and payout choices (issue 35); none configured when absent. */
  partnerProgramme?: PartnerProgramme | undefined;
  /** Only when there is an app (SPEC §3 lists its fields, empty for now). */
  mobileApp?: { name: string; url: string } | undefined;
  /** Handed to the browser code on every page (site/document.ts). */
  runtime?: RuntimeConfig | undefined;
}

/** The query of a page's address, first value of each name (server/pages/page-query.ts). */
export type PageQuery = Readonly<Record<string, string>>;

/** A visitor's application as the offers page needs it (the server reads it from the lead cookie). */
export interface LeadOffers {
  /**
   * The verified lead's id, for its offers' JSON and stream (core/domain/decisions.ts
   * applicationOffersPath), which answer only with the lead cookie naming it: in the page's
   * state only, never in the page's address (decisions 0046, 0112, 0122).
   */
  leadId: string;
  amount: number;
  termDays: number;
  /** The lead feed's answer: the offers matched to the application. */
  activeOfferIds: number[];
  /** Lenders' real-time decisions (issue 15), when any lender was asked. */
  decisions?: ApplicationDecisions | undefined;
  /**
   * The monthly income the applicant gave, in rupees, for the offers page's
   * affordability line (issue 17, decision 0186): in the page's state only,
   * never in an address, a log or an event.
   */
  monthlyIncome?: number | undefined;
}

/**
 * An application waiting for its one-time code (issue 14), from the
 * lead_pending cookie: its offers page asks for the code first. The id is
 * the visitor's own unverified lead, which the code form posts to.
 */
export interface PendingVerification {
  leadId: string;
  /** When the code sent last stops working (ISO). */
  expiresAt: string;
  /** When another code may be sent (ISO). */
  resendAt: string;
  triesLeft: number;
}

/**
 * The visitor's own application, as they typed it, for the application
 * form to start from when they come back to it (decision 0196): read from
 * the lead their lead cookie names, only for a short while after they
 * applied, and never in an address, a log or an event.
 */
export interface SavedApplication {
  /**
   * When the lead was made (ISO): "Start again" writes it in the
   * application_reset cookie, and the server then offers nothing made until
   * then (the server's clock against itself, whatever the phone's says).
   */
  appliedAt: string;
  amount: number;
  termDays: number;
  purpose: string;
  fullName: string;
  nic: string;
  /** "YYYY-MM-DD". */
  birthDate: string;
  phone: string;
  email: string;
  monthlyIncome: number;
  employment: string;
  bank: string;
  district: string;
}

/**
 * What a page may have the server load for its render, by key (decision 0405): each key's
 * loader is one function in server/pages/loaders.ts, a page names the keys it needs (`needs`
 * in its page.server.ts) and its view gets those alone. Data a page lacks: a key here, its
 * loader there, the key in the page's `needs`.
 */
export interface PageData {
  /** The visitor's verified application, by the lead cookie (the offers screens). */
  lead: LeadOffers | undefined;
  /** The visitor's application waiting for its code, by the lead_pending cookie. */
  pending: PendingVerification | undefined;
  /** The visitor's own answers for a while after applying (0196): a page loading them is not stored. */
  savedApplication: SavedApplication | undefined;
  /** The article's (the route's slug) approved comments, rating and views. */
  articleCommunity: ArticleCommunity;
  /** The home page's approved reviews with their average. */
  reviews: ReviewsSummary;
  /** Views of every article (all time), for the blog's "popular" lists. */
  articleViews: Readonly<Record<string, number>>;
  /** The credit cards' catalogue, in the page's order. */
  cards: readonly CreditCard[];
  /**
   * The lender's (the route's slug) overall approval odds from the day's
   * counts, when at least 30 answered decisions stand behind them (issue 36).
   */
  lenderOdds: OddsView | undefined;
  /** Every lender's approval odds of every bucket with enough answers (the eligibility page). */
  approvalOddsTable: OddsTable;
}

export type PageDataKey = keyof PageData;

/** What a view gets of the keys its page named: undefined where no loader ran (a test's render). */
export type LoadedData<Key extends PageDataKey> = { readonly [K in Key]: PageData[K] | undefined };

/** What the server does before rendering the page at a path (site/server.tsx `pageNeeds`). */
export interface PageNeeds {
  /** The loaders to run, the page's `needs` for its route. */
  data: readonly PageDataKey[];
  /** The matched route's slug (an article's), for loaders that read by it. */
  slug: string | undefined;
  /** The page answers its own form's POST, rendered for that request only (the eligibility page). */
  form: boolean;
}

/** Everything a render takes besides the path. */
export interface RenderOptions {
  assets: AssetManifest;
  site: SiteSettings;
  /** The clock, for tests; the server passes none. */
  now?: Date | undefined;
  /** From the request's cookie_notice cookie. */
  cookieNoticeAccepted?: boolean | undefined;
  /** The Sri Lankan offers catalogue, for lender and bank pages. */
  offers: readonly Offer[];
  /** The request's query, first value of each name (the application's prefill). */
  query?: PageQuery | undefined;
  /** A POST's form fields, for a page with `form`: rendered, never stored. */
  form?: PageQuery | undefined;
  /** What the page's `needs` named, loaded for this render (server/pages/loaders.ts). */
  data?: Partial<PageData> | undefined;
}

/** The click-out page (issue 32): the offer the visitor chose and where "Continue" leads. */
export interface ClickoutView {
  locale: Locale;
  offer: Offer;
  /** The lender's address for this click: its click id and sub ids filled in (never personal). */
  lenderUrl: string;
  /** Back to the offers, in the page's language. */
  backPath: string;
}

export interface RenderedPage {
  status: number;
  locale: Locale;
  html: string;
}
