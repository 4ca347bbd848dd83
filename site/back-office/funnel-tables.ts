/**
 * The funnel's tables as headers and cells of text (issue 16): the page
 * renders them and the CSV downloads are written from them, so a download
 * says exactly what the page shows.
 */
import { fill } from "../../core/messages";
import {
  FUNNEL_BREAKDOWNS,
  FUNNEL_CONVERSION_STEPS,
  FUNNEL_FAN_OUT_STEPS,
  FUNNEL_STEPS,
  type FunnelReport,
  type FunnelRow,
  type FunnelStep,
  type FunnelTableName,
} from "../../core/views/back-office";
import type { BackOfficeMessages } from "./messages";

const STEP_KEYS = {
  visits: "funnelStepVisits",
  calculator: "funnelStepCalculator",
  applications: "funnelStepApplications",
  verified: "funnelStepVerified",
  asked: "funnelStepAsked",
  approved: "funnelStepApproved",
  clickouts: "funnelStepClickouts",
  issued: "funnelStepIssued",
  payouts: "funnelStepPayouts",
} as const satisfies Record<FunnelStep, keyof BackOfficeMessages>;

export function stepName(step: FunnelStep, t: BackOfficeMessages): string {
  return t[STEP_KEYS[step]];
}

export const FUNNEL_TABLE_NAMES: readonly FunnelTableName[] = [
  "steps",
  "fanout",
  "daily",
  ...FUNNEL_BREAKDOWNS,
];

export function isFunnelTableName(value: unknown): value is FunnelTableName {
  return (FUNNEL_TABLE_NAMES as readonly unknown[]).includes(value);
}

export function funnelTableTitle(name: FunnelTableName, t: BackOfficeMessages): string {
  return {
    steps: t.funnelStepsTitle,
    fanout: t.funnelFanOutTitle,
    daily: t.funnelDailyTitle,
    lender: t.funnelByLender,
    partner: t.funnelByPartner,
    source: t.funnelBySource,
    sub1: t.funnelBySub1,
    locale: t.funnelByLocale,
    device: t.funnelByDevice,
  }[name];
}

function keyHeaders(
  name: Exclude<FunnelTableName, "steps" | "fanout">,
  t: BackOfficeMessages,
): string[] {
  return {
    daily: [t.funnelDay],
    lender: [t.funnelKeyLender],
    partner: [t.funnelKeyPartner],
    source: [t.funnelKeySource, t.funnelKeyMedium, t.funnelKeyCampaign],
    sub1: [t.funnelKeySub1],
    locale: [t.funnelKeyLocale],
    device: [t.funnelKeyDevice],
  }[name];
}

/**
 * A conversion as a percentage with one decimal, or the dash when it cannot be computed or
 * would pass 100 % (the later step's records came in the range, the earlier's before it).
 */
export function conversion(count: number | null, before: number | null, t: BackOfficeMessages) {
  if (count === null || before === null || before === 0 || count > before) return t.funnelNone;
  return `${((count / before) * 100).toFixed(1)} %`;
}

/** A day (or key) without a single record: the page folds runs of them into one line. */
export function isQuietRow(row: FunnelRow): boolean {
  return row.counts.every((count) => !count) && !row.payoutRupees;
}

function countText(count: number | null, t: BackOfficeMessages): string {
  return count === null ? t.funnelNotRecorded : String(count);
}

export interface TextTable {
  headers: string[];
  /** How many leading columns name the row (row headers). */
  keyColumns: number;
  rows: string[][];
}

/** The previous recorded step's count, for the conversion of step `index`. */
function previousRecorded(row: FunnelRow, index: number): number | null {
  for (let before = index - 1; before >= 0; before--) {
    const count = row.counts[before];
    if (count !== null && count !== undefined) return count;
  }
  return null;
}

export function funnelTextTable(
  report: FunnelReport,
  name: FunnelTableName,
  t: BackOfficeMessages,
): TextTable {
  const count = (step: FunnelStep) => report.totals.counts[FUNNEL_STEPS.indexOf(step)] ?? null;
  if (name === "steps") {
    return {
      headers: [t.funnelStep, t.funnelCount, t.funnelConversion],
      keyColumns: 1,
      rows: FUNNEL_CONVERSION_STEPS.map((step, index) => [
        stepName(step, t),
        countText(count(step), t),
        index === 0 || count(step) === null
          ? t.funnelNone
          : conversion(count(step), previousRecorded(report.totals, index), t),
      ]),
    };
  }
  if (name === "fanout") {
    const verified = count("verified");
    const asked = count("asked");
    const rate = (text: string, part: number | null, whole: number | null) => {
      const percent = conversion(part, whole, t);
      return percent === t.funnelNone ? percent : fill(text, { rate: percent });
    };
    const rates: Record<(typeof FUNNEL_FAN_OUT_STEPS)[number], string> = {
      asked:
        asked === null || !verified
          ? t.funnelNone
          : fill(t.funnelPerVerified, { count: (asked / verified).toFixed(1) }),
      approved: rate(t.funnelOfAsked, count("approved"), asked),
      clickouts: t.funnelNone,
      issued: rate(t.funnelOfClickouts, count("issued"), count("clickouts")),
      payouts: t.funnelNone,
    };
    return {
      headers: [t.funnelStep, t.funnelCount, t.funnelRate],
      keyColumns: 1,
      rows: [
        ...FUNNEL_FAN_OUT_STEPS.map((step) => [
          stepName(step, t),
          countText(count(step), t),
          rates[step],
        ]),
        [t.funnelPayoutRupees, countText(report.totals.payoutRupees, t), t.funnelNone],
      ],
    };
  }
  const rows = name === "daily" ? report.daily : report.breakdowns[name];
  const keyText = (row: FunnelRow) => {
    const values = row.key.map((value) => value ?? t.funnelUnset);
    return row.label ? [`${row.label} (${values[0]})`, ...values.slice(1)] : values;
  };
  return {
    headers: [
      ...keyHeaders(name, t),
      ...FUNNEL_STEPS.map((step) => stepName(step, t)),
      t.funnelPayoutRupees,
    ],
    keyColumns: keyHeaders(name, t).length,
    rows: rows.map((row) => [
      ...keyText(row),
      ...row.counts.map((count) => countText(count, t)),
      countText(row.payoutRupees, t),
    ]),
  };
}

/**
 * A cell as CSV (RFC 4180): quoted when it holds a comma, a quote or a line
 * break, quotes doubled; text a spreadsheet would run as a formula (=, +,
 * -, @ first, and not a number) gets a leading apostrophe.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A table as CSV for Excel: UTF-8 with a byte-order mark, CRLF line ends. */
export function funnelCsv(report: FunnelReport, name: FunnelTableName, t: BackOfficeMessages) {
  const table = funnelTextTable(report, name, t);
  const lines = [table.headers, ...table.rows].map((cells) => cells.map(csvCell).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

export function funnelCsvFilename(report: FunnelReport, name: FunnelTableName): string {
  return `funnel-${name}-${report.from}-to-${report.to}.csv`;
}

export function funnelCsvAddress(report: FunnelReport, name: FunnelTableName): string {
  return `/admin/funnel/download?${new URLSearchParams({ table: name, from: report.from, to: report.to })}`;
}
