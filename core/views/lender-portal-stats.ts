/**
 * The lender portal's statistics and invoices (issue 34, decisions
 * 0419–0423): what the server hands site/lender-portal/ to render. Shared
 * by server/ and site/.
 */
import type { InvoiceItemRow, PriceModel } from "./back-office-invoices";
import type { LenderSignedIn } from "./lender-portal";

/** A lender's figures of a Colombo day, in the order the page and the CSV show them. */
export const LENDER_DAY_STEPS = ["asked", "answered", "approved", "clickouts", "issued"] as const;
export type LenderDayStep = (typeof LENDER_DAY_STEPS)[number];

export type LenderDayCounts = { day: string } & Record<LenderDayStep, number>;

/** The longest range of days the statistics show at once, and the range shown unless chosen. */
export const STATS_MAX_DAYS = 90;
export const STATS_DEFAULT_DAYS = 30;

/** The breaker's states as stored (decision 0420). */
export const BREAKER_STATES = ["closed", "open", "half_open"] as const;
export type BreakerEventState = (typeof BREAKER_STATES)[number];

/** A Colombo day of the breaker: the times it opened, the minutes it refused applications. */
export interface BreakerDay {
  opened: number;
  minutesOpen: number;
}

/** One change of state, as the page lists it. */
export interface BreakerEventView {
  at: string;
  state: BreakerEventState;
  /** The first characters of the instance's id. */
  instance: string;
}

/** A day with figures, or a run of days with none at all (folded into one line). */
export type StatsRow =
  | { kind: "day"; day: LenderDayCounts; breaker: BreakerDay }
  | { kind: "quiet"; from: string; to: string; days: number };

/** The range's problem: a date that is none, a range backwards, or longer than STATS_MAX_DAYS. */
export type StatsProblem = "date" | "order" | "too_long";

export interface StatsFigures {
  from: string;
  to: string;
  rows: StatsRow[];
  totals: Record<LenderDayStep, number> & BreakerDay;
  latest: BreakerEventView[];
}

/** A lender's own invoice, as the portal lists it. */
export interface LenderInvoiceSummary {
  id: string;
  month: string;
  items: number;
  totalRupees: number;
  createdAt: string;
}

/** An invoice's items by what they bill: how many, and their amount. */
export interface InvoiceModelLine {
  model: PriceModel;
  count: number;
  rupees: number;
}

export interface LenderInvoiceDetail {
  invoice: LenderInvoiceSummary;
  lines: InvoiceModelLine[];
  items: InvoiceItemRow[];
}

/** The statistics page: the chosen range's figures, or its problem with the range as typed. */
export interface StatsView extends LenderSignedIn, StatsFigures {
  page: "stats";
  problem?: StatsProblem | undefined;
}

/** The lender's invoices, newest month first. */
export interface LenderInvoicesView extends LenderSignedIn {
  page: "invoices";
  invoices: LenderInvoiceSummary[];
}

export interface LenderInvoiceView extends LenderSignedIn, LenderInvoiceDetail {
  page: "invoice";
}
