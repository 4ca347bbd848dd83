/**
 * What the server gives the site's server entry to render a back-office
 * page (issue 16), and the roles both sides know: the back office's
 * contract, as core/views/site-contract.ts is the site's. The server checks the
 * role and reads storage; the site only renders what it is given.
 */

import type { Calibration } from "../domain/approval-odds";
import type { Licence, Offer } from "../domain/schemas/offer";
import type { CalendarDate } from "../helpers/dates";
import type { CardEditView, CardsView } from "./back-office-cards";
import type { InvoicePagesView } from "./back-office-invoices";
import type { PartnerPagesView } from "./back-office-partners";

export const STAFF_ROLES = ["admin", "moderator", "analyst"] as const;
/** admin: everything; moderator: comments and reviews; analyst: the read-only dashboard. */
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(value: unknown): value is StaffRole {
  return (STAFF_ROLES as readonly unknown[]).includes(value);
}

const EVERYONE = STAFF_ROLES;
const MODERATORS = ["admin", "moderator"] as const;
const ADMINS = ["admin"] as const;
const ANALYSTS = ["admin", "analyst"] as const;

/**
 * The back office's sections, in the navigation's order: where each lives and who may
 * use it, every route under its path (the home section: its own page only). The site's
 * menu links here; the server gives each route the roles of its section
 * (server/staff/access.ts) and shows a member the sections their role opens.
 */
export const BACK_OFFICE_SECTION_TABLE = {
  home: { path: "/admin/", roles: EVERYONE },
  moderation: { path: "/admin/moderation/", roles: MODERATORS },
  lenders: { path: "/admin/lenders/", roles: ADMINS },
  cards: { path: "/admin/cards/", roles: ADMINS },
  partners: { path: "/admin/partners/", roles: ADMINS },
  payouts: { path: "/admin/payouts/", roles: ADMINS },
  invoices: { path: "/admin/invoices/", roles: ADMINS },
  funnel: { path: "/admin/funnel/", roles: ANALYSTS },
  "approval-odds": { path: "/admin/approval-odds/", roles: ANALYSTS },
  audit: { path: "/admin/audit/", roles: ADMINS },
  staff: { path: "/admin/staff/", roles: ADMINS },
  account: { path: "/admin/account/", roles: EVERYONE },
} as const satisfies Record<string, { path: `/admin/${string}`; roles: readonly StaffRole[] }>;
export type BackOfficeSection = keyof typeof BACK_OFFICE_SECTION_TABLE;

/** Each section's path, from the table. */
export const BACK_OFFICE_SECTION_PATHS = Object.fromEntries(
  Object.entries(BACK_OFFICE_SECTION_TABLE).map(([section, { path }]) => [section, path]),
) as {
  readonly [Section in BackOfficeSection]: (typeof BACK_OFFICE_SECTION_TABLE)[Section]["path"];
};
export const BACK_OFFICE_SECTIONS = Object.keys(BACK_OFFICE_SECTION_TABLE) as BackOfficeSection[];

/** The signed-in member, for the header, the navigation and every form's CSRF token. */
export interface BackOfficeViewer {
  email: string;
  role: StaffRole;
  /** The session's CSRF token: a hidden field of every form that changes something. */
  csrf: string;
  /** The sections this member's role opens. */
  sections: readonly BackOfficeSection[];
}

/** Why a new password is refused (server/staff/passwords.ts). */
export type PasswordProblem = "too_short" | "too_long" | "contains_email" | "common";

/** A message the sign-in page shows above its form, after a redirect. */
export type SignInNotice = "signed_out" | "ended" | "everywhere" | "enrolled";

export interface SignInView {
  page: "sign-in";
  email: string;
  /** The back-office page to open after signing in. */
  next?: string | undefined;
  notice?: SignInNotice | undefined;
  /** mismatch: wrong e-mail or password (never which); wait: the growing delay; busy: this address. */
  problem?: "mismatch" | "wait" | "busy" | "code_tries" | "refused" | undefined;
  waitSeconds?: number | undefined;
}

export interface SignInCodeView {
  page: "sign-in-code";
  /** The half-signed-in session's CSRF token. */
  csrf: string;
  next?: string | undefined;
  problem?: "wrong" | "wait" | undefined;
  triesLeft?: number | undefined;
  waitSeconds?: number | undefined;
}

export interface EnrolView {
  page: "enrol";
  email: string;
  token: string;
  problem?: PasswordProblem | "mismatch" | undefined;
}

export interface TwoFactorSetUp {
  enrolled: false;
  /** Base32, grouped for typing. */
  secret: string;
  /** The QR code of the otpauth:// address, one string of 0 and 1 per row of modules. */
  qr: readonly string[];
  problem?: "wrong" | undefined;
}

export interface TwoFactorEnrolled {
  enrolled: true;
  since: string;
  recoveryCodesLeft: number;
}

export interface TwoFactorView {
  page: "two-factor";
  /** Admins must enrol before anything else; others may leave it for later. */
  required: boolean;
  state: TwoFactorSetUp | TwoFactorEnrolled;
}

export interface RecoveryCodesView {
  page: "recovery-codes";
  codes: readonly string[];
}

export interface HomeView {
  page: "home";
  /** Comments and reviews waiting, for those who moderate. */
  pending?: number | undefined;
  twoFactor: boolean;
}

export interface AccountView {
  page: "account";
  email: string;
  role: StaffRole;
  twoFactorSince: string | null;
  recoveryCodesLeft: number;
  createdAt: string;
}

export type ModerationAction = "approve" | "reject" | "delete";

/** A comment or review, as a moderator sees it. */
export interface ModerationItem {
  kind: "comment" | "review";
  id: string;
  name: string;
  text: string;
  /** The article of a comment; the stars of a review. */
  slug?: string | undefined;
  rating?: number | undefined;
  /** A review with a photo, shown to the moderator before approval. */
  hasImage?: boolean | undefined;
  status: "pending" | "approved" | "rejected";
  createdAt: string;
}

/** A confirmed deletion request: when, with what, how much; nothing of the person. */
export interface ErasureSummary {
  createdAt: string;
  byEmail: boolean;
  byPhone: boolean;
  erasedRecords: number;
}

export interface ModerationView {
  page: "moderation";
  query: string;
  pending: readonly ModerationItem[];
  published: readonly ModerationItem[];
  erasures: readonly ErasureSummary[];
  /** What the last change did, after its redirect. */
  done?: { action: ModerationAction; count: number } | undefined;
}

export interface StaffMember {
  id: string;
  email: string;
  role: StaffRole;
  /** invited: no password set yet. */
  status: "active" | "disabled" | "invited";
  twoFactor: boolean;
  lastSignInAt: string | null;
  createdAt: string;
  /** The viewer's own account. */
  self: boolean;
}

/** A one-time link just made: shown once, on the page that made it. */
export interface IssuedLink {
  email: string;
  link: string;
  expiresAt: string;
  /** Whether it went by e-mail too (only with an SMTP transport). */
  mailed: boolean;
}

export type StaffProblem = "email" | "exists" | "last_admin" | "self" | "not_found";
export type StaffDone = "role" | "disabled" | "enabled" | "signed_out";

export interface StaffView {
  page: "staff";
  members: readonly StaffMember[];
  issued?: IssuedLink | undefined;
  problem?: StaffProblem | undefined;
  done?: StaffDone | undefined;
  /** The create form's values, kept after a problem. */
  form?: { email: string; role: StaffRole } | undefined;
}

export interface AuditEntry {
  id: string;
  at: string;
  actor: string;
  action: string;
  subject: string;
  /** The subject's name where it is one of ours (a member's e-mail); never a borrower's. */
  subjectLabel?: string | undefined;
  before: string | null;
  after: string | null;
}

export interface AuditView {
  page: "audit";
  entries: readonly AuditEntry[];
  filter: { actor: string; action: string; from: string; to: string };
  /** Who may be chosen: members (by id) and the command line. */
  actors: readonly { value: string; label: string }[];
  actions: readonly string[];
  pageNumber: number;
  more: boolean;
}

/** A lender as the back office lists it (issue 15's lenders in storage, read-only for now). */
export interface LenderSummary {
  id: string;
  /** The English name. */
  name: string;
  status: "draft" | "live" | "paused";
  licence: Licence | null;
  /** "criteria": we match its products; "api": it decides through its decision API. */
  decisionMode: "criteria" | "api";
  products: number;
  sample: boolean;
  sandbox: boolean;
  /** Its approval odds are badly calibrated (issue 36): the list says so, with a link. */
  oddsFlagged?: boolean | undefined;
}

/** What the last change on the lenders' list did, or why it was refused. */
export type LenderListNotice = "live" | "paused" | "no_licence" | "not_found";

export interface LendersView {
  page: "lenders";
  lenders: readonly LenderSummary[];
  notice?: { kind: LenderListNotice; id: string } | undefined;
}

/** The lender form's fields, as typed (kept after a problem): names are the record's paths. */
export interface LenderFormValues {
  id: string;
  "names.en": string;
  "names.si": string;
  "names.ta": string;
  legalName: string;
  website: string;
  "complaints.email": string;
  "complaints.phone": string;
  "complaints.url": string;
  "licence.category": string;
  "licence.number": string;
  dailyLeadCap: string;
  "decision.mode": string;
  "decision.url": string;
  "decision.fields": readonly string[];
  /** An api lender's own limits (decision 0351); empty: the server's. */
  "decision.concurrency": string;
  "decision.deadlineMs": string;
  /** The products, one form each (decision 0437): fields named `products.<index>.<path>`. */
  products: readonly ProductFormValues[];
  removeLogo: boolean;
}

/**
 * One product's fields as typed (an offer of core/domain/schemas/offer.ts
 * without its lender): keys are the offer's paths; rates and the fee's
 * share in per cent (the record's fractions × 100); tags one a line.
 */
export interface ProductFormValues {
  offer_id: string;
  header: string;
  "headers.si": string;
  "headers.en": string;
  "headers.ta": string;
  "amount.min": string;
  "amount.max": string;
  "termDays.min": string;
  "termDays.max": string;
  "terms.annualInterestRate": string;
  "terms.feeFixed": string;
  "terms.feePercent": string;
  "terms.repayment": string;
  "criteria.minAge": string;
  "criteria.maxAge": string;
  "criteria.minMonthlyIncome": string;
  "criteria.employment": readonly string[];
  lender_link: string;
  tags: string;
  product_type: string;
  stars: string;
  field2_value: string;
  field4_value: string;
  /** "", "true" or "false": not said, yes, no. */
  asnef_value: string;
}

/** A product field's form name (decision 0437): `products.0.amount.min`, the record's path. */
export const productFieldName = (index: number, key: keyof ProductFormValues | "remove") =>
  `products.${index}.${key}`;

/** One lender's decisions from storage (lender_decisions), and its breaker on this server. */
export interface LenderDecisionStats {
  asked: number;
  approved: number;
  declined: number;
  /** pending: answered "pending" and not called back yet; waiting: no answer yet. */
  pending: number;
  waiting: number;
  /** failed other than by a timeout (connection, HTTP status, unreadable answer, breaker). */
  errors: number;
  timeouts: number;
  /**
   * Approvals refused by our checks (decision 0354), counted among the
   * errors, by the rule they broke, most broken first.
   */
  brokenRules: { rule: string; count: number }[];
  /** Nearest-rank percentiles of the recorded latencies, in ms; null without any. */
  p50Ms: number | null;
  p95Ms: number | null;
  breaker: "closed" | "open" | "half_open" | "isolated" | "unused";
}

/** What a test application came to (never stored). */
export type LenderTestResult =
  | {
      kind: "answer";
      decision: "approved" | "declined" | "pending";
      detail: string;
      latencyMs: number;
    }
  | { kind: "failed"; error: string; latencyMs: number };

/** An offer card's data for the preview: core/domain/schemas/offer.ts's Offer, as JSON. */
export type PreviewOffer = Offer;

export interface LenderEditView {
  page: "lender-edit";
  /** new: the create form; edit: a stored lender's. */
  mode: "new" | "edit";
  form: LenderFormValues;
  /** The applicant fields a decision API may ask for (server/lenders/decision-api.ts). */
  fieldChoices: readonly string[];
  /**
   * This server's LENDER_CONCURRENCY and LENDER_DEADLINE_MS: what an api
   * lender gets without limits of its own, and the longest deadline it may have.
   */
  limits: { concurrency: number; deadlineMs: number };
  /** Problems by the form's field names; "" for one of the whole record. */
  errors?: Readonly<Record<string, string>> | undefined;
  /** The stored lender's state (edit only). */
  stored?:
    | {
        status: "draft" | "live" | "paused";
        sample: boolean;
        sandbox: boolean;
        hasSecret: boolean;
        hasLogo: boolean;
        mayGoLive: boolean;
        /** Its approval odds are badly calibrated (issue 36). */
        oddsFlagged?: boolean | undefined;
      }
    | undefined;
  /** The cards in both languages, from the form's values, for this loan. */
  preview?:
    | { offers: readonly PreviewOffer[]; amount: number; termDays: number; today: CalendarDate }
    | undefined;
  /** A secret just made: shown this once, never again. */
  newSecret?: string | undefined;
  stats?: LenderDecisionStats | undefined;
  test?: LenderTestResult | undefined;
  done?: "created" | "saved" | "rotated" | undefined;
}

/**
 * The funnel's steps in order (issue 16). "calculator" has no stored record
 * yet: the dashboard says "not recorded" for it rather than a zero.
 */
export const FUNNEL_STEPS = [
  "visits",
  "calculator",
  "applications",
  "verified",
  "asked",
  "approved",
  "clickouts",
  "issued",
  "payouts",
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** What the funnel is broken down by, besides the Colombo day. */
export const FUNNEL_BREAKDOWNS = [
  "lender",
  "partner",
  "source",
  "sub1",
  "locale",
  "device",
] as const;
export type FunnelBreakdown = (typeof FUNNEL_BREAKDOWNS)[number];
/** The people's steps, each a conversion of the one before (issue 35). */
export const FUNNEL_CONVERSION_STEPS = [
  "visits",
  "calculator",
  "applications",
  "verified",
] as const satisfies readonly FunnelStep[];
/** The lender fan-out: an application is asked of several lenders, so these are no conversions. */
export const FUNNEL_FAN_OUT_STEPS = [
  "asked",
  "approved",
  "clickouts",
  "issued",
  "payouts",
] as const satisfies readonly FunnelStep[];
export type FunnelTableName = "steps" | "fanout" | "daily" | FunnelBreakdown;

/** One row of a funnel table: its key, and a count per step (null: not recorded by this key). */
export interface FunnelRow {
  /** The day, or the breakdown's values (null: the record has none, e.g. no utm_source). */
  key: readonly (string | null)[];
  /** A name for the key, where one is stored (a lender's or partner's). */
  label?: string | undefined;
  counts: readonly (number | null)[];
  /** The payouts owed to partners, in rupees (null: not recorded by this key). */
  payoutRupees: number | null;
}

/**
 * The funnel's key figures (issue 35, decision 0441). The two rates follow the
 * applications made in the range (a cohort), so neither can pass 100 %.
 */
export interface FunnelKpis {
  /** First applications made in the range (a repeat joins the lead it repeats). */
  applications: number;
  /** Of those, verified (at any time until now). */
  verified: number;
  /** Of those verified, approved by at least one lender. */
  approved: number;
  clickouts: number | null;
  issued: number | null;
  /** What lenders were invoiced for the range's events, in rupees. */
  revenueRupees: number;
}

export interface FunnelReport {
  /** Colombo days, inclusive. */
  from: string;
  to: string;
  kpis: FunnelKpis;
  /** The whole range: one row, keyed by nothing. */
  totals: FunnelRow;
  /** One row per Colombo day of the range, oldest first, days without records included. */
  daily: readonly FunnelRow[];
  breakdowns: Readonly<Record<FunnelBreakdown, readonly FunnelRow[]>>;
}

export interface FunnelView {
  page: "funnel";
  report: FunnelReport;
  /** The range asked for was not two dates, in order, at most a year apart: the default is shown. */
  problem?: "range" | undefined;
}

/** One lender's approval odds against its answers (issue 36): chart, Brier score, flag. */
export interface LenderCalibration {
  id: string;
  /** The English name. */
  name: string;
  sandbox: boolean;
  calibration: Calibration;
}

export interface ApprovalOddsView {
  page: "approval-odds";
  /** Lenders with a decision asked with odds in the window, flagged ones first. */
  lenders: readonly LenderCalibration[];
  /** The window (days before today) and the flag's rule, as the page explains them. */
  windowDays: number;
  minDecisions: number;
  maxGap: number;
}

/** forbidden: the role does not open it; refused: a change without its CSRF token or from elsewhere. */
export interface ProblemView {
  page: "forbidden" | "not-found" | "refused" | "invalid";
}

export type BackOfficeView =
  | SignInView
  | SignInCodeView
  | EnrolView
  | { page: "enrol-invalid" }
  | TwoFactorView
  | RecoveryCodesView
  | HomeView
  | AccountView
  | ModerationView
  | StaffView
  | AuditView
  | LendersView
  | PartnerPagesView
  | InvoicePagesView
  | LenderEditView
  | CardsView
  | CardEditView
  | FunnelView
  | ApprovalOddsView
  | ProblemView;

export type BackOfficePage = BackOfficeView["page"];
