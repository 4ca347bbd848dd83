import type { PortalSignedIn } from "../partner-portal";

/**
 * The partner portal's dashboard page (issue 18, decision 0223): what the
 * server gives site/portal/pages/dashboard/Dashboard.tsx. The figures are
 * server/partners/portal-stats.ts's (the partner API's GET stats counts
 * with the same function); these types only carry them to the page.
 */

/** One row's steps: click-outs, (verified) leads, approvals, issued loans, whole rupees. */
export interface DashboardFigures {
  clicks: number;
  /** Verified leads, repeats not counted: the partner API's `leads` (issue 30). */
  leads: number;
  approvals: number;
  issued: number;
  earnings: number;
}

/** Each step's share of the one before it (portal-stats.ts conversionRates); null: none before. */
export interface DashboardRates {
  clickedOut: number | null;
  approved: number | null;
  issued: number | null;
}

export interface DashboardRow extends DashboardFigures {
  /** The day (YYYY-MM-DD) or the grouping's value; null when it was not recorded. */
  key: string | null;
}

/** Why the range asked for was refused: the page says it in its language, with a 400. */
export type DashboardProblem = "date" | "order" | "length" | "grouping";

export interface DashboardReport {
  from: string;
  to: string;
  /** The breakdown's grouping: one of the view's `groupings`. */
  by: string;
  /** Every day of the range, oldest first, zeros included. */
  days: DashboardRow[];
  /** By the grouping's values, most verified leads first; "not recorded" (null) last. */
  breakdown: DashboardRow[];
  totals: DashboardFigures & { rates: DashboardRates };
}

export interface DashboardView extends PortalSignedIn {
  page: "dashboard";
  /** What the form shows: the range and grouping asked for, as typed (or the defaults). */
  query: { from: string; to: string; by: string };
  /** The groupings the breakdown offers, in order (portal-stats.ts PORTAL_GROUPINGS but the day). */
  groupings: readonly string[];
  /** The figures; absent when the range was refused. */
  report?: DashboardReport;
  problem?: DashboardProblem;
  /** The chart script's address (under the portal's base), loaded on this page only. */
  chartScript: string;
}
