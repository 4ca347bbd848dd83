import type { ColumnType } from "kysely";
import type { Locale } from "../../core/locale";
import type { StaffRole } from "../../core/views/back-office";
import type {
  PartnerStatus,
  PayoutModelName as PayoutModel,
} from "../../core/views/back-office-partners";

/** A partner's status and payout model are the back office's (one definition, in core). */
export type { PartnerStatus, PayoutModel };

/**
 * The database as Kysely sees it. Timestamps are ISO-8601 UTC strings in
 * TypeScript on both engines: text in SQLite, timestamptz in PostgreSQL
 * (read back as ISO strings, see database.ts).
 */
export interface EventsTable {
  id: string;
  event_id: number;
  provider_id: string | null;
  session_id: string | null;
  client_id: string | null;
  domain: string | null;
  /** Origin and path only; the query string is dropped before storing. */
  referer: string | null;
  /** JSON object of the sub* and utm_* fields. */
  attribution: string;
  /** mobile, tablet, desktop, bot or unknown, from the User-Agent (0017); null before it. */
  device_class: string | null;
  created_at: string;
}

/** One session's page views on one Colombo day (server/tracking/visits.ts). */
export interface VisitsTable {
  /** The Colombo day, YYYY-MM-DD. */
  day: string;
  /** The session id, or "event:{id}" for a page view without one. */
  session_key: string;
  device_class: string | null;
  locale: string | null;
  partner_id: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  sub1: string | null;
}

/** One session's calculator events on one Colombo day (server/tracking/visits.ts, decision 0164). */
export type CalculatorUsesTable = VisitsTable;

/** A closed Colombo day's count of one funnel step by one grouping and key (decision 0163). */
export interface FunnelDayCountsTable {
  /** day, lender, partner, source, sub1, locale or device. */
  grouping: string;
  day: string;
  /** JSON array of the key's values ([] for the day itself). */
  key: string;
  step: string;
  count: number;
  /** Rupees owed (payouts only). */
  rupees: number | null;
}

/** The closed Colombo days whose funnel counts are in funnel_day_counts. */
export interface FunnelDaysCountedTable {
  day: string;
}

/**
 * A column added by 0024 that older code (seeds, benches, tests) may leave
 * out of an insert: null then.
 */
type Added<Type> = ColumnType<Type | null, Type | null | undefined, Type | null>;

/**
 * A data key (decision 0335): one lead's or one contact's, or the
 * installation's hash key (`installation:hash-key`), wrapped by the
 * installation key; an erasure deletes the person's.
 */
export interface DataKeysTable {
  /** A lead's: opaque; a contact's: `contact:` and its lookup hash. */
  id: string;
  /** AES-256-GCM of the key under the installation key (personal-crypto.ts), base64url. */
  wrapped: string;
  /** The id of the installation key that wrapped it (not the key). */
  kek: string;
  created_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** Keyed hashes (HMAC-SHA256) of erased contacts; never the contacts themselves. */
export interface SuppressionsTable {
  hash: string;
  kind: "email" | "phone";
  created_at: string;
}

/**
 * One contact of a deletion request waiting for its one-time code (issue 14):
 * the request erases that contact only once its code is given.
 */
export interface ErasureConfirmationsTable {
  /** Opaque (newOpaqueId); it may travel in the page's address, the contact never does. */
  request_id: string;
  kind: "email" | "phone";
  /**
   * Normalised (lower case, E.164), sealed under the row's own data key;
   * null once confirmed, expired or out of tries (and the key deleted).
   */
  contact: string | null;
  /** The contact's lookup hash, for "forget other requests for this contact"; null with it. */
  contact_hash: Added<string>;
  key_id: Added<string>;
  /** HMAC-SHA256 of the code under the installation key; null with the contact. */
  code_hash: string | null;
  /** Wrong codes given so far. */
  attempts: number;
  created_at: string;
  expires_at: string;
  confirmed_at: string | null;
}

/** One confirmed erasure: what it was made with and how much it erased, nothing personal. */
export interface ErasureRequestsTable {
  id: string;
  by_email: number;
  by_phone: number;
  erased_records: number;
  created_at: string;
}

export type LeadStatus = "new" | "matched" | "clicked" | "approved" | "rejected" | "issued";

/**
 * An application. full_name, nic, birth_date, phone and email are personal
 * data, sealed under the lead's data key (key_id): null once erased.
 */
export interface LeadsTable {
  /** Opaque: 128 random bits, base64url. */
  id: string;
  created_at: string;
  dedupe_key: string | null;
  status: LeadStatus;
  amount: number;
  term_days: number;
  purpose: string;
  employment: string;
  bank: string;
  district: string;
  monthly_income: number;
  /** Age in whole years on the day of the application (for matching without the birth date). */
  age: number;
  consent_marketing: number;
  /** JSON object of partner, sub* and utm_*. */
  attribution: string;
  /** JSON array of the offer ids matched when the lead was made. */
  offer_ids: string;
  full_name: string | null;
  nic: string | null;
  birth_date: string | null;
  phone: string | null;
  email: string | null;
  erased_at: string | null;
  /** SPEC §9's six-digit promo code the visitor came with, if any. */
  promo_code: string | null;
  /** The experiment variant the visitor saw (issue 6), if any. */
  experiment_flow: string | null;
  /** The country config's lead id of the deployment that took the application. */
  lead_form: string | null;
  /** The partner the lead came through (issue 8), when it names a known partner. */
  partner_id: string | null;
  /**
   * When the applicant entered the code we sent to their phone (issue 14);
   * null until then. Nothing of an unverified lead leaves us, and it is
   * deleted after 24 hours.
   */
  verified_at: string | null;
  /**
   * A repeat application: the verified lead of the same NIC and phone it
   * repeats. Once verified it joins that lead (its own personal data is
   * emptied) and is not a lead in its own right.
   */
  repeat_of: string | null;
  /** Where the lead was made: our form (widget or link) or the partner API (0020); null before. */
  via: VerificationVia | null;
  /**
   * How a partner's lead came (0021, decision 0256): through the partner's
   * widget, a plain link to our site, or the partner API; null before 0021
   * (partner_api from 0020 on).
   */
  channel: LeadChannel | null;
  /** The host name (never a path) of the page the widget ran on, for `widget` leads; else null. */
  page_domain: string | null;
  /** The lead's data key (data_keys), which seals its personal data; null once erased. */
  key_id: Added<string>;
  /** Lookup hashes of the phone and the e-mail, for an erasure to find the lead; null once erased. */
  phone_hash: Added<string>;
  email_hash: Added<string>;
}

export type LeadChannel = "widget" | "link" | "partner_api";

/** Where an unverified lead came from, and so where its code may be entered. */
export type VerificationVia = "site" | "partner_api";

/** The pending one-time code of an unverified lead: its keyed hash, never the code. */
export interface LeadVerificationsTable {
  lead_id: string;
  via: VerificationVia;
  /** The language of the SMS ("si" or "en"), for resends. */
  locale: string;
  code_hash: string;
  expires_at: string;
  /** Wrong tries of the current code. */
  tries: number;
  /** Codes sent so far; the wait before the next grows with it. */
  sends: number;
  resend_at: string;
  created_at: string;
}

/** An opaque link back to a lead's offers (the confirmation e-mail), kept as its SHA-256. */
/**
 * An `Idempotency-Key` claimed by a borrower's write (issue 37, migration
 * 0038, decision 0475): keyed hashes only; the answer sealed under the lead's key.
 */
export interface IdempotencyKeysTable {
  /** The keyed hash of the route, the visitor and the key. */
  id: string;
  /** The keyed hash of the request's body and query. */
  fingerprint: string;
  /** Until when the request that claimed it holds it (ISO); another may take it over after. */
  lease_until: string;
  expires_at: string;
  /** The stored answer's status; null while the first request is being done. */
  status: number | null;
  /** The answer (body and cookies), sealed under `key_id`. */
  answer: string | null;
  key_id: string | null;
  lead_id: string | null;
  created_at: string;
}

export interface LandingTokensTable {
  token_hash: string;
  lead_id: string;
  expires_at: string;
  created_at: string;
}

/**
 * A browser's Web Push subscription for news of one lead (issue 6): its
 * endpoint and keys sealed under the lead's data key.
 */
export interface PushSubscriptionsTable {
  id: string;
  lead_id: string;
  endpoint: string;
  /** The browser's ECDH public key and auth secret, base64url, for encrypting to it. */
  p256dh: string;
  auth: string;
  /** The endpoint's keyed hash: one subscription per endpoint. */
  endpoint_hash: Added<string>;
  key_id: Added<string>;
  /** The language of the page that subscribed: notifications are written in it. */
  locale: string;
  created_at: string;
}

/** A click-out to a lender through /go/{offerId}. */
export interface ClicksTable {
  id: string;
  lead_id: string | null;
  offer_id: number;
  /** The lender's slug (its logo's name), whose secret signs its postbacks. */
  lender: string;
  attribution: string;
  created_at: string;
  /** The partner of the click's lead, if any. */
  partner_id: string | null;
}

export type ConversionStatus = "approved" | "rejected" | "issued";

/** A lender's postback: one per click and status. */
export interface ConversionsTable {
  click_id: string;
  status: ConversionStatus;
  /** Rupees, when the lender says (the amount issued). */
  amount: number | null;
  created_at: string;
}

export type ModerationStatus = "pending" | "approved" | "rejected";

/** A blog comment; shown only once approved. Name, e-mail and text sealed under the writer's key. */
export interface CommentsTable {
  id: string;
  slug: string;
  /** The comment it answers, or null. */
  parent_id: string | null;
  status: ModerationStatus;
  /** The language of the article page it was written on. */
  locale: string;
  name: string;
  /** Never shown; null once erased. */
  email: string | null;
  /** Empty once erased. */
  text: string;
  created_at: string;
  /**
   * Set when an erasure deleted the comment but others had answered it: the row stays
   * as a placeholder (no name, e-mail or text) that holds their answers together.
   */
  erased_at: string | null;
  /** The data key of the e-mail that wrote it (`contact:…`); null for a placeholder. */
  key_id: Added<string>;
}

/** A customer review for the home page; shown only once approved. Name, e-mail, text and photo sealed. */
export interface ReviewsTable {
  id: string;
  status: ModerationStatus;
  locale: string;
  name: string;
  text: string;
  /** 1 to 5 stars. */
  rating: number;
  created_at: string;
  /**
   * The reviewer's e-mail, shown to no one but moderators, so that an erasure finds the
   * review; null for reviews written before issue 14.
   */
  email: string | null;
  /** The data key of the e-mail that wrote it, or of the review alone when it has no e-mail. */
  key_id: Added<string>;
}

/** A review's photo, checked to be the JPEG, PNG or WebP it says it is; sealed under the review's key. */
export interface ReviewImagesTable {
  review_id: string;
  content_type: string;
  data: Buffer;
}

/** One rating per visitor (client id) and article; a new one replaces it. */
export interface ArticleRatingsTable {
  slug: string;
  visitor: string;
  rating: number;
  created_at: string;
}

/** One view per visitor, article and Colombo day. */
export interface ArticleViewsTable {
  slug: string;
  visitor: string;
  day: string;
}

/** An affiliate (issue 8). The secret key is kept only as its SHA-256. */
export interface PartnersTable {
  id: string;
  name: string;
  payout_model: PayoutModel;
  /** Whole rupees per lead or per sale, as the payout model says. */
  payout_rupees: number;
  publishable_key: string;
  secret_key_hash: string;
  /** JSON array of the origins the publishable key may be used from. */
  origins: string;
  /** A URL template with {click_id}, {sub1}…{sub5}, {status}, {payout}; null for none. */
  postback_url: string | null;
  postback_secret: string;
  created_at: string;
  disabled_at: string | null;
  /** A portal sign-up is pending until approved (or rejected); only an active partner's keys work. */
  status: PartnerStatus;
  /** Since when the partner gets an "offers ready" postback per lead (decision 0357); null: off. */
  offers_ready_since: string | null;
}

export type PartnerAccountKind = "company" | "person";
export type PayoutMethod = "wire" | "stablecoin" | "ewallet" | "paypal";
export type PartnerLinkPurpose = "verify" | "claim" | "reset";

/** A partner portal account (issue 18): what the partner gave at sign-up; personal data. */
export interface PartnerAccountsTable {
  id: string;
  email: string;
  partner_id: string | null;
  password_hash: string | null;
  kind: PartnerAccountKind;
  name: string;
  website: string;
  traffic_sources: string;
  /** JSON array of country codes. */
  countries: string;
  /** null for a partner made by the command line that claimed its account. */
  payout_method: PayoutMethod | null;
  payout_details: string;
  locale: Locale;
  terms_accepted_at: string | null;
  email_verified_at: string | null;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: number | null;
  created_at: string;
  updated_at: string;
}

/** A one-time link by e-mail to a portal account: the SHA-256 of its token. */
export interface PartnerAccountLinksTable {
  token_hash: string;
  account_id: string;
  purpose: PartnerLinkPurpose;
  created_at: string;
  expires_at: string;
}

/** A portal account's recovery code (0021): its HMAC under the installation key, used once. */
export interface PartnerRecoveryCodesTable {
  code_hash: string;
  account_id: string;
  created_at: string;
  used_at: string | null;
}

/** A portal session: the SHA-256 of its cookie's token and its times. */
export interface PartnerSessionsTable {
  token_hash: string;
  account_id: string;
  stage: StaffSessionStage;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

/** A payout run (issue 16): what partners earned in a period, frozen when it was made. */
export interface PayoutRunsTable {
  id: string;
  period_from: string;
  period_to: string;
  total_rupees: number;
  /** Who made it: a member's e-mail or "command line". */
  created_by: string;
  created_at: string;
}

/** One partner's figure in a run and its payment. */
export interface PayoutRunPartnersTable {
  run_id: string;
  partner_id: string;
  items: number;
  total_rupees: number;
  paid_at: string | null;
  paid_reference: string | null;
  paid_by: string | null;
}

/** A postback a run pays: each (click, status) in one run at most. */
export interface PayoutRunItemsTable {
  click_id: string;
  status: ConversionStatus;
  run_id: string;
  partner_id: string;
  payout_rupees: number;
  reported_at: string;
}

/** An operator's signed adjustment to what a partner is owed for a Colombo month (decision 0245). */
export interface PartnerAdjustmentsTable {
  id: string;
  partner_id: string;
  /** "2026-11". */
  month: string;
  /** Whole rupees, positive (owed more) or negative (owed less), never 0. */
  rupees: number;
  reason: string;
  /** A member's e-mail or "command line". */
  created_by: string;
  created_at: string;
  /** The payout run that took it; null until one does. */
  run_id: string | null;
}

/** One fixed window of a rate limit, shared by every server instance. */
export interface RateLimitsTable {
  key: string;
  /** Milliseconds since the epoch at which the window starts. */
  window_start: number;
  count: number;
}

/**
 * A postback's delivery, in both outboxes of postbacks to partners
 * (migrations/0007_partners.ts, createPostbackOutbox).
 */
export interface PostbackDelivery {
  url: string | null;
  attempts: number;
  /** When the next delivery is due; null once delivered, given up, or when there is no URL. */
  next_attempt_at: string | null;
  delivered_at: string | null;
  failed_at: string | null;
  last_error: string | null;
  created_at: string;
}

/** The outbox of postbacks to partners: one per click and status, kept as the record. */
export interface PartnerPostbacksTable extends PostbackDelivery {
  click_id: string;
  status: ConversionStatus;
  partner_id: string;
  lead_id: string | null;
  payout_rupees: number;
}

/** What a lead postback says (decision 0357): its lenders' decisions are complete. */
export type LeadPostbackEvent = "offers_ready";

/**
 * The outbox of postbacks about a lead (migration 0028), one per lead and
 * event: never a click's status, never counted in figures or payouts.
 */
export interface PartnerLeadPostbacksTable extends PostbackDelivery {
  lead_id: string;
  event: LeadPostbackEvent;
  partner_id: string;
}

export type LenderStatus = "draft" | "live" | "paused";
export type DecisionMode = "criteria" | "api";

/** A lender (issue 15): who it is, its licence, whether it takes leads, and how it decides. */
export interface LendersTable {
  id: string;
  /** JSON { "en": …, "si": … }. */
  names: string;
  legal_name: string;
  website: string | null;
  /** JSON { "email"?, "phone"?, "url"? } (core/domain/schemas/offer.ts, complaintsContactSchema). */
  complaints_contact: string | null;
  licence_regulator: string | null;
  licence_category: string | null;
  licence_number: string | null;
  status: LenderStatus;
  daily_lead_cap: number | null;
  decision_mode: DecisionMode;
  api_url: string | null;
  api_secret: string | null;
  /** JSON array of application field names. */
  api_fields: string | null;
  /** Requests in flight to it at once, 1–64; null: LENDER_CONCURRENCY (migration 0027). */
  api_concurrency: number | null;
  /** Its deadline from the verification, at most LENDER_DEADLINE_MS; null: that. */
  api_deadline_ms: number | null;
  /** Test mode (migration 0029): where test applications go, and what signs them. */
  test_api_url: string | null;
  test_api_secret: string | null;
  /** Who paused a paused lender (migration 0031, decision 0410); null otherwise. */
  paused_by: "lender" | "operator" | null;
  /** The live secret a rotation replaced, and when it stops being accepted (decision 0412). */
  api_secret_previous: string | null;
  api_secret_previous_until: string | null;
  sample: number;
  sandbox: number;
  created_at: string;
  updated_at: string;
}

/** A lender's logo, an image checked by its bytes. */
export interface LenderLogosTable {
  lender_id: string;
  content_type: string;
  data: Uint8Array;
  updated_at: string;
}

/** A lender's product: one offer of the feed, its lender aside (JSON, core/domain/schemas/offer.ts). */
export interface LenderProductsTable {
  offer_id: number;
  lender_id: string;
  position: number;
  offer: string;
  created_at: string;
  updated_at: string;
}

/** A card of the credit cards' catalogue (issue 21): JSON per core/domain/schemas/credit-card.ts. */
export interface CreditCardsTable {
  id: string;
  card: string;
  created_at: string;
  updated_at: string;
}

/** A member of staff (issue 16): who signs in to the back office, and with what role. */
export interface StaffTable {
  id: string;
  /** Lower case. */
  email: string;
  role: StaffRole;
  /** argon2id, PHC string; null until set through the member's one-time link. */
  password_hash: string | null;
  totp_secret: string | null;
  /** The secret shown while the member enrols, until a code from it is given. */
  totp_pending_secret: string | null;
  totp_enabled_at: string | null;
  /** The TOTP time step of the last code accepted (no code works twice). */
  totp_last_step: number | null;
  disabled_at: string | null;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A one-time link to set a password (24 hours): the SHA-256 of its token. */
export interface StaffEnrolmentsTable {
  token_hash: string;
  staff_id: string;
  created_at: string;
  expires_at: string;
}

/** A recovery code, shown once: its HMAC under the installation key. */
export interface StaffRecoveryCodesTable {
  code_hash: string;
  staff_id: string;
  created_at: string;
  used_at: string | null;
}

export type StaffSessionStage = "second_factor" | "signed_in";

/** A back-office session: the SHA-256 of its cookie's token, its stage and its times. */
export interface StaffSessionsTable {
  token_hash: string;
  staff_id: string;
  stage: StaffSessionStage;
  /** Wrong second-factor codes given in this session. */
  code_attempts: number;
  created_at: string;
  last_seen_at: string;
  /** The absolute end, whatever the activity. */
  expires_at: string;
}

/** Failed sign-ins in a row for one key (an account, a trusted browser, a second factor). */
export interface StaffSignInFailuresTable {
  key: string;
  failures: number;
  last_failure_at: string;
}

/** One change made by a member of staff or the command line; never a borrower's personal data. */
export interface AuditLogTable {
  id: string;
  at: string;
  actor_id: string | null;
  actor: string;
  action: string;
  subject: string;
  /** JSON. */
  before: string | null;
  after: string | null;
}

/** An offer id a lender's products no longer use: still its lender's, never another's. */
export interface RetiredOfferIdsTable {
  offer_id: number;
  lender_id: string;
  retired_at: string;
}

/** What a lender decided on one verified application (issue 15; core/domain/decisions.ts). */
export type StoredDecisionStatus = "waiting" | "approved" | "declined" | "pending" | "failed";

/** One application asked of one lender through its decision API, and what came of it. */
export interface LenderDecisionsTable {
  /** Opaque: the idempotency key we send, and what the lender's callback names. */
  decision_id: string;
  lead_id: string;
  lender_id: string;
  status: StoredDecisionStatus;
  offer_id: number | null;
  amount: number | null;
  term_days: number | null;
  /** JSON LoanTerms (core/domain/schemas/offer.ts). */
  terms: string | null;
  expires_at: string | null;
  apply_url: string | null;
  reason: string | null;
  error: string | null;
  /** With error `invalid_answer`: the rule of core/domain/approval-check.ts the approval broke (0026). */
  broken_rule: string | null;
  /** JSON array: the applicant fields the request carried (migration 0033); null before it. */
  sent_fields: string | null;
  /** The approval odds shown for the applicant's bucket when asked, in thousandths; null for none (0035). */
  predicted_permille: number | null;
  attempts: number;
  latency_ms: number | null;
  asked_at: string;
  deadline_at: string;
  answered_at: string | null;
  decided_at: string | null;
}

/**
 * A lender's answered decisions and approvals of the 90 Colombo days before
 * `counted_on`, per profile bucket ("*": all of them), recounted daily
 * (issue 36, migration 0035, decision 0446).
 */
export interface ApprovalOddsTable {
  lender_id: string;
  /** core/domain/approval-odds.ts's bucketKey, or "*". */
  bucket: string;
  answered: number;
  approved: number;
  /** "2026-11-29". */
  counted_on: string;
}

/**
 * A lender's approval odds against its answers, per decile of the odds shown,
 * over the 90 Colombo days before `counted_on` (issue 36, migration 0037, decision 0459).
 */
export interface OddsCalibrationTable {
  lender_id: string;
  /** 0–9: the odds shown, in tenths (1000 thousandths is 9's). */
  decile: number;
  decisions: number;
  /** The odds shown, in thousandths, added up (bigint: PostgreSQL hands it over as text). */
  predicted_permille: number | string;
  approved: number;
  /** (predicted − outcome)² in millionths, added up (bigint). */
  squares: number | string;
  /** "2026-11-29". */
  counted_on: string;
}

/** What a lender is billed for (issue 34): a verified lead sent to it, a click-out, an issued loan. */
export type LenderPriceModel = "lead" | "click" | "issued";

/** A lender's price from a Colombo day on, until its next one (migration 0030). */
export interface LenderPricesTable {
  lender_id: string;
  /** "2026-11-01". */
  valid_from: string;
  model: LenderPriceModel;
  /** Whole rupees per item; 0: nothing billed from that day. */
  rupees: number;
  created_by: string;
  created_at: string;
}

/** A lender's invoice of a Colombo month: the items it took, frozen. */
export interface LenderInvoicesTable {
  id: string;
  lender_id: string;
  /** "2026-11". */
  month: string;
  items: number;
  total_rupees: number;
  created_by: string;
  created_at: string;
}

/** An event an invoice bills: each (model, source) in one invoice at most. */
export interface LenderInvoiceItemsTable {
  model: LenderPriceModel;
  /** The decision's id (lead), or the click's (click, issued). */
  source_id: string;
  invoice_id: string;
  lender_id: string;
  rupees: number;
  occurred_at: string;
}

/** A change of state of one instance's circuit breaker for a lender (decision 0420). */
export interface LenderBreakerEventsTable {
  id: string;
  lender_id: string;
  state: "closed" | "open" | "half_open";
  at: string;
  /** Open: when it lets applications try again, unless it changed before. */
  until: string | null;
  instance: string;
  /** The instance's count of changes: their order within a millisecond. */
  seq: number;
}

export interface Database {
  events: EventsTable;
  visits: VisitsTable;
  calculator_uses: CalculatorUsesTable;
  funnel_day_counts: FunnelDayCountsTable;
  funnel_days_counted: FunnelDaysCountedTable;
  settings: SettingsTable;
  data_keys: DataKeysTable;
  lenders: LendersTable;
  lender_logos: LenderLogosTable;
  lender_products: LenderProductsTable;
  credit_cards: CreditCardsTable;
  retired_offer_ids: RetiredOfferIdsTable;
  lender_decisions: LenderDecisionsTable;
  lender_prices: LenderPricesTable;
  lender_invoices: LenderInvoicesTable;
  lender_invoice_items: LenderInvoiceItemsTable;
  lender_breaker_events: LenderBreakerEventsTable;
  approval_odds: ApprovalOddsTable;
  odds_calibration: OddsCalibrationTable;
  suppressions: SuppressionsTable;
  erasure_requests: ErasureRequestsTable;
  erasure_confirmations: ErasureConfirmationsTable;
  leads: LeadsTable;
  clicks: ClicksTable;
  conversions: ConversionsTable;
  comments: CommentsTable;
  reviews: ReviewsTable;
  review_images: ReviewImagesTable;
  article_ratings: ArticleRatingsTable;
  article_views: ArticleViewsTable;
  push_subscriptions: PushSubscriptionsTable;
  partners: PartnersTable;
  rate_limits: RateLimitsTable;
  partner_postbacks: PartnerPostbacksTable;
  partner_lead_postbacks: PartnerLeadPostbacksTable;
  payout_runs: PayoutRunsTable;
  payout_run_partners: PayoutRunPartnersTable;
  payout_run_items: PayoutRunItemsTable;
  partner_adjustments: PartnerAdjustmentsTable;
  lead_verifications: LeadVerificationsTable;
  landing_tokens: LandingTokensTable;
  idempotency_keys: IdempotencyKeysTable;
  staff: StaffTable;
  staff_enrolments: StaffEnrolmentsTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_sessions: StaffSessionsTable;
  staff_sign_in_failures: StaffSignInFailuresTable;
  audit_log: AuditLogTable;
  partner_accounts: PartnerAccountsTable;
  partner_account_links: PartnerAccountLinksTable;
  partner_sessions: PartnerSessionsTable;
  partner_recovery_codes: PartnerRecoveryCodesTable;
  lender_accounts: LenderAccountsTable;
  lender_account_links: LenderAccountLinksTable;
  lender_sessions: LenderSessionsTable;
  lender_recovery_codes: LenderRecoveryCodesTable;
}

export type LenderAccountRole = "admin" | "developer";

/** A lender's member of staff in the lender portal (issue 34, migration 0029). */
export interface LenderAccountsTable {
  id: string;
  lender_id: string;
  /** Lower case. */
  email: string;
  role: LenderAccountRole;
  /** argon2id, PHC string; null until set through the invitation. */
  password_hash: string | null;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: number | null;
  created_at: string;
  updated_at: string;
}

/** A one-time invitation link: the SHA-256 of its token. */
export interface LenderAccountLinksTable {
  token_hash: string;
  account_id: string;
  created_at: string;
  expires_at: string;
}

/** A lender portal session and recovery code: the partner portal's columns (migration 0029). */
export type LenderSessionsTable = PartnerSessionsTable;
export type LenderRecoveryCodesTable = PartnerRecoveryCodesTable;
