/**
 * What the dashboard page (pages/Dashboard.tsx) embeds for its chart script
 * (dashboard-chart.ts), and where: shared by both, so neither imports the other.
 */
export const DASHBOARD_DATA_ID = "dashboard-data";
export const DASHBOARD_CHARTS_ID = "dashboard-charts";

export interface DashboardChartData {
  /** Every day of the range, YYYY-MM-DD, oldest first. */
  days: string[];
  /** The first column's name ("Day"), in the page's language. */
  dayLabel: string;
  /** Each step's name in the page's language. */
  labels: Record<string, string>;
  /** Each step's figure per day, in the order of `days`. */
  series: Record<string, number[]>;
  /** The charts to draw, in order: a title and the steps drawn in it. */
  charts: { title: string; steps: string[] }[];
}
