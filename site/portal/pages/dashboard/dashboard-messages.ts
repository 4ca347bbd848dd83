import type { PartnerCode } from "../../../../core/domain/application";
import { catalog } from "../../../../core/locale";
import type { DashboardProblem, DashboardRates } from "../../../../core/views/portal/dashboard";
import { dashboardSi } from "./dashboard-messages-si";
import { dashboardTa } from "./dashboard-messages-ta";
import { subIdNames } from "./sub-id-names";

/**
 * The dashboard's words (issue 18, decision 0223), both languages. The
 * groupings' names cover every grouping portal-stats.ts has or will have
 * (the page domain included), and the channel's values both the old
 * (`site`) and the new (`widget`, `link`) ones: a value without a name
 * here is shown as it is stored.
 */
export type DashboardGroupingName = PartnerCode | "domain" | "channel" | "day";

const en = {
  intro:
    "What your visitors did, day by day in Colombo time. These figures are counted exactly as the partner API's GET /stats counts them, so the two always agree.",
  formLegend: "Days and breakdown",
  from: "First day",
  to: "Last day",
  by: "Break down by",
  show: "Show",
  problems: {
    date: "Please give both days as dates, like 2026-11-01.",
    order: "The first day must not be after the last day.",
    length: "Please choose at most 366 days.",
    grouping: "Please choose a breakdown from the list.",
  } satisfies Record<DashboardProblem, string>,
  showing: "{from} to {to}, Colombo time",
  totalsTitle: "Totals for these days",
  steps: {
    clicks: "Clicks",
    leads: "Leads",
    approvals: "Approvals",
    issued: "Issued loans",
    earnings: "Earnings (Rs.)",
  },
  stepsNote:
    "A lead is an application made through you whose applicant confirmed their phone number with our code; an application without it is not counted (nothing of it leaves us). A click is a verified applicant opening a lender's offer. Approvals and issued loans are what lenders report to us; earnings follow your terms.",
  ratesTitle: "From one step to the next",
  rates: {
    clickedOut:
      "Each verified lead clicked {rate} lender offers on average ({part} clicks, {whole} verified leads): one applicant may open several offers.",
    approved: "{rate} of clicks were approved by the lender ({part} of {whole}).",
    issued: "{rate} of approvals became an issued loan ({part} of {whole}).",
  } satisfies Record<keyof DashboardRates, string>,
  ratesNone: {
    clickedOut: "No verified leads yet, so no clicks per lead.",
    approved: "No clicks yet, so no share of approvals.",
    issued: "No approvals yet, so no share of issued loans.",
  } satisfies Record<keyof DashboardRates, string>,
  empty:
    "Nothing yet from {from} to {to}: no clicks, leads or earnings on these days. Figures appear here the same day your visitors use your widget or links.",
  emptyLink: "Get your widget and links",
  chartsTitle: "Charts",
  chartsNote: "The charts draw the table “By day” below, which holds the same figures.",
  chartTraffic: "Leads and clicks",
  chartLoans: "Approvals and issued loans",
  chartEarnings: "Earnings (Rs.)",
  daysTitle: "By day",
  day: "Day",
  total: "Total",
  breakdownTitle: "Broken down by: {grouping}",
  downloadDays: "Download by day (CSV)",
  downloadBreakdown: "Download this breakdown (CSV)",
  notGiven: "Not given",
  notRecorded: "Not recorded",
  groupings: {
    day: "Day",
    ...subIdNames("Sub ID"),
    utm_source: "Campaign source (utm_source)",
    utm_medium: "Campaign medium (utm_medium)",
    utm_campaign: "Campaign name (utm_campaign)",
    utm_content: "Campaign content (utm_content)",
    utm_term: "Campaign term (utm_term)",
    domain: "Website the widget ran on",
    channel: "Widget, link or API",
  } satisfies Record<DashboardGroupingName, string>,
  channels: {
    widget: "Your widget",
    link: "A link to our site",
    site: "Our form (widget or link)",
    partner_api: "Partner API",
  },
};

export type DashboardMessages = typeof en;

export const dashboardMessagesFor = catalog<DashboardMessages>({
  si: dashboardSi,
  en,
  ta: dashboardTa,
});
