import { catalog } from "../../../../core/locale";
import type { DashboardProblem, DashboardRates } from "../../../../core/views/portal/dashboard";
import { dashboardTa } from "./dashboard-messages-ta";

/**
 * The dashboard's words (issue 18, decision 0223), both languages. The
 * groupings' names cover every grouping portal-stats.ts has or will have
 * (the page domain included), and the channel's values both the old
 * (`site`) and the new (`widget`, `link`) ones: a value without a name
 * here is shown as it is stored.
 */
export type DashboardGroupingName =
  | "sub1"
  | "sub2"
  | "sub3"
  | "sub4"
  | "sub5"
  | "sub6"
  | "sub7"
  | "sub8"
  | "utm_source"
  | "utm_medium"
  | "utm_campaign"
  | "utm_content"
  | "utm_term"
  | "domain"
  | "channel"
  | "day";

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
    sub1: "Sub ID 1 (sub1)",
    sub2: "Sub ID 2 (sub2)",
    sub3: "Sub ID 3 (sub3)",
    sub4: "Sub ID 4 (sub4)",
    sub5: "Sub ID 5 (sub5)",
    sub6: "Sub ID 6 (sub6)",
    sub7: "Sub ID 7 (sub7)",
    sub8: "Sub ID 8 (sub8)",
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

const si: DashboardMessages = {
  intro:
    "ඔබේ අමුත්තන් කළ දේ, කොළඹ වේලාවෙන් දිනපතා. හවුල්කරු API හි GET /stats ගණන් කරන ආකාරයටම මේවා ගණන් කරන නිසා දෙකේ සංඛ්‍යා සැමවිටම එක සමානයි.",
  formLegend: "දින සහ බෙදීම",
  from: "පළමු දිනය",
  to: "අවසන් දිනය",
  by: "බෙදා පෙන්වන්නේ",
  show: "පෙන්වන්න",
  problems: {
    date: "කරුණාකර දින දෙකම 2026-11-01 වැනි දිනයක් ලෙස දෙන්න.",
    order: "පළමු දිනය අවසන් දිනයට පසු විය නොහැක.",
    length: "කරුණාකර උපරිම දින 366ක් තෝරන්න.",
    grouping: "කරුණාකර ලැයිස්තුවෙන් බෙදීමක් තෝරන්න.",
  },
  showing: "{from} සිට {to} දක්වා, කොළඹ වේලාවෙන්",
  totalsTitle: "මෙම දිනවල එකතුව",
  steps: {
    clicks: "ක්ලික්",
    leads: "අයදුම්පත්",
    approvals: "අනුමැති",
    issued: "නිකුත් කළ ණය",
    earnings: "ඉපැයීම් (රු.)",
  },
  stepsNote:
    "අයදුම්පතක් යනු ඔබ හරහා පැමිණි, අයදුම්කරු අපගේ කේතයෙන් තම දුරකථන අංකය තහවුරු කළ ණය ඉල්ලීමකි; තහවුරු නොකළ ඉල්ලීම් ගණන් නොගැනේ (ඒවායින් කිසිවක් අපෙන් පිටතට නොයයි). ක්ලික් එකක් යනු තහවුරු වූ අයදුම්කරුවෙකු ණය දෙන්නෙකුගේ දීමනාවක් විවෘත කිරීමයි. අනුමැති සහ නිකුත් කළ ණය ණය දෙන්නන් අපට දන්වන ඒවාය; ඉපැයීම් ඔබේ කොන්දේසි අනුව ගණන් වේ.",
  ratesTitle: "එක් පියවරකින් ඊළඟ පියවරට",
  rates: {
    clickedOut:
      "තහවුරු වූ එක් අයදුම්පතකින් සාමාන්‍යයෙන් ණය දීමනා {rate}කට ක්ලික් කළා (ක්ලික් {part}, තහවුරු කළ අයදුම්පත් {whole}): එක් අයදුම්කරුවෙකුට දීමනා කිහිපයක් විවෘත කළ හැකියි.",
    approved: "ක්ලික්වලින් {rate}ක් ණය දෙන්නා අනුමත කළා ({whole}න් {part}).",
    issued: "අනුමැතිවලින් {rate}ක් ණයක් ලෙස නිකුත් වුණා ({whole}න් {part}).",
  },
  ratesNone: {
    clickedOut: "තවම තහවුරු කළ අයදුම්පත් නැති නිසා අයදුම්පතකට ක්ලික් ගණනක් නැත.",
    approved: "තවම ක්ලික් නැති නිසා අනුමැති ප්‍රමාණයක් නැත.",
    issued: "තවම අනුමැති නැති නිසා නිකුත් කළ ණය ප්‍රමාණයක් නැත.",
  },
  empty:
    "{from} සිට {to} දක්වා තවම කිසිවක් නැත: මෙම දිනවල ක්ලික්, අයදුම්පත් හෝ ඉපැයීම් නැත. ඔබේ අමුත්තන් ඔබේ විජට් එක හෝ සබැඳි භාවිත කරන දිනයේම සංඛ්‍යා මෙහි පෙනේ.",
  emptyLink: "ඔබේ විජට් එක සහ සබැඳි ලබා ගන්න",
  chartsTitle: "ප්‍රස්තාර",
  chartsNote: "ප්‍රස්තාර ඇඳෙන්නේ පහත “දිනපතා” වගුවෙනි; එහි එම සංඛ්‍යාම ඇත.",
  chartTraffic: "අයදුම්පත් සහ ක්ලික්",
  chartLoans: "අනුමැති සහ නිකුත් කළ ණය",
  chartEarnings: "ඉපැයීම් (රු.)",
  daysTitle: "දිනපතා",
  day: "දිනය",
  total: "එකතුව",
  breakdownTitle: "බෙදීම: {grouping}",
  downloadDays: "දිනපතා සංඛ්‍යා බාගන්න (CSV)",
  downloadBreakdown: "මෙම බෙදීම බාගන්න (CSV)",
  notGiven: "දී නැත",
  notRecorded: "සටහන් කර නැත",
  groupings: {
    day: "දිනය",
    sub1: "උප ID 1 (sub1)",
    sub2: "උප ID 2 (sub2)",
    sub3: "උප ID 3 (sub3)",
    sub4: "උප ID 4 (sub4)",
    sub5: "උප ID 5 (sub5)",
    sub6: "උප ID 6 (sub6)",
    sub7: "උප ID 7 (sub7)",
    sub8: "උප ID 8 (sub8)",
    utm_source: "ප්‍රචාරණ මූලාශ්‍රය (utm_source)",
    utm_medium: "ප්‍රචාරණ මාධ්‍යය (utm_medium)",
    utm_campaign: "ප්‍රචාරණයේ නම (utm_campaign)",
    utm_content: "ප්‍රචාරණ අන්තර්ගතය (utm_content)",
    utm_term: "ප්‍රචාරණ පදය (utm_term)",
    domain: "විජට් එක පෙන්වූ වෙබ් අඩවිය",
    channel: "විජට් එක, සබැඳිය හෝ API",
  },
  channels: {
    widget: "ඔබේ විජට් එක",
    link: "අපේ අඩවියට සබැඳියක්",
    site: "අපේ පෝරමය (විජට් එක හෝ සබැඳිය)",
    partner_api: "හවුල්කරු API",
  },
};

export const dashboardMessagesFor = catalog<DashboardMessages>({ si, en, ta: dashboardTa });
