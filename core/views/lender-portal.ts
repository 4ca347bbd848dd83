/**
 * What the lender portal's pages show (issue 34, decisions 0382–0387): the
 * server reads and checks, site/lender-portal/render.tsx renders. Shared by
 * server/ and site/.
 */

import type { Offer } from "../domain/schemas/offer";
import type { CalendarDate } from "../helpers/dates";
import type { LenderInvoicesView, LenderInvoiceView, StatsView } from "./lender-portal-stats";

/** A lender's member of staff is its admin or its developer (decision 0383). */
export const LENDER_ROLES = ["admin", "developer"] as const;
export type LenderRole = (typeof LENDER_ROLES)[number];

/** What a member of a lender's staff may do in the portal, by role; checked on the server. */
export const LENDER_CAPABILITIES = [
  "decision_log",
  "statistics",
  "controls",
  "secrets",
  "products",
  "invoices",
  "test_mode",
] as const;
export type LenderCapability = (typeof LENDER_CAPABILITIES)[number];

export const LENDER_ROLE_CAN: Record<LenderRole, readonly LenderCapability[]> = {
  admin: LENDER_CAPABILITIES,
  developer: ["decision_log", "statistics", "secrets", "test_mode"],
};

export function lenderRoleCan(role: LenderRole, capability: LenderCapability): boolean {
  return LENDER_ROLE_CAN[role].includes(capability);
}

/**
 * The named sample applicants test mode sends (decision 0387): made-up
 * people, each a kind of applicant a lender's rules should tell apart.
 */
export const TEST_PROFILES = ["salaried", "self_employed", "low_income"] as const;
export type TestProfile = (typeof TEST_PROFILES)[number];

/**
 * The signed-in sections, in the menu's order: each one's path under the portal's base
 * ("" is the portal's home) and what it needs of the member's role (none: every member).
 * The menu shows only the sections a role opens, and the server refuses the rest
 * (lender-portal-context.ts `memberWhoCan`).
 */
const LENDER_PORTAL_SECTION_TABLE = {
  home: { path: "", needs: undefined },
  log: { path: "log/", needs: "decision_log" },
  stats: { path: "stats/", needs: "statistics" },
  controls: { path: "controls/", needs: "controls" },
  secret: { path: "secret/", needs: "secrets" },
  products: { path: "products/", needs: "products" },
  invoices: { path: "invoices/", needs: "invoices" },
  test: { path: "test/", needs: "test_mode" },
} as const satisfies Record<string, { path: string; needs: LenderCapability | undefined }>;
export type LenderPortalSection = keyof typeof LENDER_PORTAL_SECTION_TABLE;
export const LENDER_PORTAL_SECTIONS = Object.keys(
  LENDER_PORTAL_SECTION_TABLE,
) as readonly LenderPortalSection[];

/** Each section's path under the portal's base, from the table. */
export const LENDER_PORTAL_SECTION_PATHS = Object.fromEntries(
  LENDER_PORTAL_SECTIONS.map((section) => [section, LENDER_PORTAL_SECTION_TABLE[section].path]),
) as Record<LenderPortalSection, string>;

/** What each section needs of the member's role, from the table. */
export const LENDER_PORTAL_SECTION_NEEDS = Object.fromEntries(
  LENDER_PORTAL_SECTIONS.map((section) => [section, LENDER_PORTAL_SECTION_TABLE[section].needs]),
) as Record<LenderPortalSection, LenderCapability | undefined>;

/** Whether a member with this role sees a section in the menu and may open it. */
export function lenderSectionOpen(role: LenderRole, section: LenderPortalSection): boolean {
  const need = LENDER_PORTAL_SECTION_NEEDS[section];
  return need === undefined || lenderRoleCan(role, need);
}

/** What every signed-in page carries: the sign-out form's token and the menu's state. */
export interface LenderSignedIn {
  csrf: string;
  role: LenderRole;
}

/** One test application as sent and as answered (nothing of it is stored). */
export interface TestSendView {
  profile: TestProfile;
  /** The JSON body sent, indented, and the signature's headers. */
  request: string;
  headers: { name: string; value: string }[];
  /** The lender's HTTP answer, when there was one (its body cut to 4 KB). */
  answer?: { status: number; body: string } | undefined;
  /** approved, declined or pending; or failed with the reason (a code of docs/lenders.md). */
  outcome: "approved" | "declined" | "pending" | "failed";
  error?: string | undefined;
  /** The rule of the decision API an approval broke, as the live checks name it. */
  rule?: string | undefined;
  latencyMs: number;
}

export interface TestModeView extends LenderSignedIn {
  page: "test";
  url: string;
  /** Whether a test secret exists; its value only right after it was made. */
  hasSecret: boolean;
  newSecret?: string | undefined;
  /** Whether loopback test URLs are allowed here (outside production, with the flag). */
  loopbackAllowed: boolean;
  problem?: "url_invalid" | "url_refused" | "no_url" | "no_secret" | undefined;
  notice?: "url_saved" | undefined;
  profile: TestProfile;
  sent?: TestSendView | undefined;
}

/**
 * The grace periods a lender may choose when it rotates its live secret
 * (decision 0412): how long the old one is still accepted, in hours.
 */
export const SECRET_GRACE_HOURS = [1, 24, 168] as const;
export type SecretGraceHours = (typeof SECRET_GRACE_HOURS)[number];

/** One limit of the controls page: what is set, what was typed, and the range allowed. */
export interface ControlsLimit {
  /** As typed (kept after a refusal), or as stored; "" for none (the server's). */
  value: string;
  min: number;
  max: number;
  /** Why what was typed is refused, if it is. */
  problem?: "not_number" | "out_of_range" | undefined;
}

/** Controls (decisions 0410, 0411): pause and resume, the daily cap, concurrency and deadline. */
export interface ControlsView extends LenderSignedIn {
  page: "controls";
  status: "draft" | "live" | "paused";
  /** Who paused it: the lender itself may resume, only the operator may resume its own pause. */
  pausedBy: "lender" | "operator" | null;
  /** Whether it decides through the decision API (the limits are for that API). */
  api: boolean;
  dailyLeadCap: ControlsLimit;
  concurrency: ControlsLimit;
  deadlineMs: ControlsLimit;
  /** The server's own LENDER_CONCURRENCY and LENDER_DEADLINE_MS: what an empty field means. */
  serverConcurrency: number;
  serverDeadlineMs: number;
  notice?: "paused" | "resumed" | "saved" | undefined;
  problem?: "operator_paused" | "not_live" | undefined;
}

/** Rotating the live secret (decision 0412). */
export interface SecretView extends LenderSignedIn {
  page: "secret";
  /** Whether it decides through the decision API and has a live secret. */
  api: boolean;
  hasSecret: boolean;
  /** While the old secret is still accepted: until when (ISO). */
  previousUntil?: string | undefined;
  /** The new secret, only in the answer that made it. */
  newSecret?: string | undefined;
  grace: SecretGraceHours;
}

/** A decision's status as stored (server/storage/schema.ts StoredDecisionStatus). */
export const DECISION_LOG_STATUSES = [
  "waiting",
  "approved",
  "declined",
  "pending",
  "failed",
] as const;
export type DecisionLogStatus = (typeof DECISION_LOG_STATUSES)[number];

/** One application sent to the lender, as the decision log lists it (decision 0406). */
export interface DecisionLogRow {
  /** The Idempotency-Key the lender saw (opaque). */
  decisionId: string;
  /** When it was asked, in Colombo with its offset: "2026-11-29T11:30:05+05:30". */
  askedAt: string;
  status: DecisionLogStatus;
  latencyMs: number | null;
  attempts: number;
  /** Failed: why (a code of docs/lenders.md). */
  error: string | null;
  /** Declined: the lender's reason code. */
  reason: string | null;
  /** An invalid answer: the rule of the decision API it broke. */
  brokenRule: string | null;
  amount: number | null;
  termDays: number | null;
}

/** The log's filters as typed (kept on a problem): a status ("" for all) and Colombo days. */
export interface DecisionLogQuery {
  status: string;
  from: string;
  to: string;
}

export interface DecisionLogView extends LenderSignedIn {
  page: "log";
  query: DecisionLogQuery;
  /** The first and last day the log may show (the last 90 Colombo days). */
  window: { from: string; to: string };
  problem?: "status" | "date" | "order" | "window" | undefined;
  rows: DecisionLogRow[];
  paging: { number: number; count: number; total: number };
  /** The CSV of the same filters, and the query of each page's link (status and dates only). */
  csvHref: string;
  search: string;
}

/** One decision of the log with the application's fields the lender was sent (decision 0406). */
export interface DecisionLogEntryView extends LenderSignedIn {
  page: "log-entry";
  row: DecisionLogRow;
  /** The request's `loan` and `applicant` as sent; absent when the lead's data was erased. */
  sent?: { loan: Record<string, unknown>; applicant: Record<string, unknown> } | undefined;
  erased: boolean;
}

/**
 * The languages of a product's name (decision 0415): the offer schema's `headers`, Sinhala
 * and English required, Tamil optional; in the form's order.
 */
export const PRODUCT_NAME_LANGUAGES = [
  "si",
  "en",
  "ta",
] as const satisfies readonly (keyof NonNullable<Offer["headers"]>)[];
export type ProductNameLanguage = (typeof PRODUCT_NAME_LANGUAGES)[number];
export type ProductNames = Record<ProductNameLanguage, string>;
/** Why a typed name is refused: empty (si, en), over 100 characters, a control character. */
export type ProductNameProblem = "required" | "too_long" | "control";

/** One of the lender's products: its names in the form, and its card with those names. */
export interface LenderProductView {
  offerId: number;
  /** The operator's name of the product: the feed's key, not the lender's to change. */
  header: string;
  /** The names in the form: as stored, or as typed. */
  names: ProductNames;
  problems?: Partial<Record<ProductNameLanguage, ProductNameProblem>> | undefined;
  /** The borrower's card with these names, for a loan the product lends; none with problems. */
  card?: { offer: Offer; amount: number; termDays: number } | undefined;
  /** What the form shows: typed and not saved (a preview or a refusal), or just saved. */
  state?: "previewed" | "refused" | "saved" | undefined;
}

/** The lender's products (decision 0415): each one's names in si, en and ta, and its cards. */
export interface ProductsView extends LenderSignedIn {
  page: "products";
  /** Colombo's today: the cards' dates. */
  today: CalendarDate;
  products: LenderProductView[];
}

export type LenderPortalView =
  | TestModeView
  | StatsView
  | LenderInvoicesView
  | LenderInvoiceView
  | ControlsView
  | SecretView
  | DecisionLogView
  | DecisionLogEntryView
  | ProductsView
  | {
      page: "sign-in";
      email: string;
      problem?: "mismatch" | "wait" | "busy" | undefined;
      notice?: "signed_out" | "code_tries" | "enrolled" | undefined;
    }
  | { page: "sign-in-code"; csrf: string; problem?: "wrong" | "wait" | undefined }
  | {
      page: "enrol";
      token: string;
      email: string;
      problem?: "too_short" | "too_long" | "contains_email" | "common" | "mismatch" | undefined;
    }
  | (LenderSignedIn & {
      page: "two-factor";
      secret: string;
      qr: string[];
      wrong?: boolean | undefined;
    })
  | (LenderSignedIn & { page: "recovery-codes"; codes: string[] })
  | (LenderSignedIn & {
      page: "home";
      lenderId: string;
      lenderName: string;
      email: string;
      can: readonly LenderCapability[];
      /** A paused lender is asked nothing: the home page says so. */
      paused?: boolean | undefined;
    })
  | { page: "link-invalid" }
  | { page: "refused" }
  | { page: "not-found" };
