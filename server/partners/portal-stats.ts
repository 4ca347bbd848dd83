import { type RawBuilder, sql } from "kysely";
import { z } from "zod";
import { PARTNER_CODES } from "../../core/domain/application";
import {
  addDays,
  type CalendarDate,
  COLOMBO_UTC_OFFSET_MINUTES,
  colomboDayEnd,
  colomboDayStart,
} from "../../core/helpers/dates";
import type { Engine, Storage } from "../storage/database";
import { statsQuerySchema } from "./api-schemas";

/**
 * The partner portal's figures (issue 18, decision 0221): one partner's
 * steps per Colombo day or by one attribution value, counted by ONE
 * function (countPartnerSteps) that the partner API's GET stats uses too,
 * so the portal and the API cannot disagree.
 *
 * - leads: verified applications made through the partner, repeats not
 *   counted: the API's `leads` (an unverified application is nobody's lead:
 *   nothing of it leaves us, and it is deleted after 24 hours; issue 30);
 * - clicks: click-outs to lenders credited to the partner: the API's `clicks`;
 * - approvals, issued, earnings: the postbacks recorded for the partner
 *   (partner_postbacks) with status approved, issued, and their payouts,
 *   per lead or per sale as the partner's terms were when the lender
 *   reported: the API's `approvals`, `sales` and `payouts`.
 *
 * Each step is counted on the day its record was made (a lead on the day
 * it was made, even if verified later), as GET stats counts it.
 */

/** The attribution values a partner may break its figures down by (stored in `attribution`). */
export const PORTAL_BREAKDOWNS = PARTNER_CODES;
export type PortalBreakdown = (typeof PORTAL_BREAKDOWNS)[number];
/**
 * By day, by one attribution value, by channel or by domain (decision 0256):
 * - channel: how the lead was made: through the partner's widget (`widget`),
 *   a plain link to our site with the partner's attribution (`link`), or the
 *   partner API (`partner_api`); null for leads made before 0021 recorded
 *   it (before 0020 for the API's);
 * - domain: the host name of the partner's page the widget ran on; null for
 *   a link's or the API's leads and for leads made before 0021.
 * A click's and a postback's channel and domain are their lead's.
 */
export type PortalGrouping = "day" | PortalBreakdown | "channel" | "domain";

export const PORTAL_GROUPINGS = ["day", ...PORTAL_BREAKDOWNS, "channel", "domain"] as const;

/** The channels of the grouping "channel" (leads.channel). */
export const PORTAL_CHANNELS = ["widget", "link", "partner_api"] as const;

/**
 * A portal request's range and grouping: the range as GET stats takes it
 * (Colombo days, `from` not after `to`, at most MAX_STATS_DAYS), `by` a
 * grouping (the day by default).
 */
export const portalStatsQuerySchema = statsQuerySchema.safeExtend({
  by: z.enum(PORTAL_GROUPINGS).default("day"),
});
export type PortalStatsQuery = z.output<typeof portalStatsQuerySchema>;

interface StepQuery {
  from: RawBuilder<unknown>;
  key: RawBuilder<unknown>;
}

export const PORTAL_STEPS = ["clicks", "leads", "approvals", "issued", "earnings"] as const;
export type PortalStep = (typeof PORTAL_STEPS)[number];
export type StepCounts = Record<PortalStep, number>;

export const zeroCounts = (): StepCounts => ({
  clicks: 0,
  leads: 0,
  approvals: 0,
  issued: 0,
  earnings: 0,
});

/**
 * A timestamp column's Colombo date as YYYY-MM-DD, in SQL. Colombo keeps
 * UTC+05:30 all year, so a constant offset is exact on both engines.
 */
function colomboDaySql(engine: Engine, column: string): string {
  const minutes = COLOMBO_UTC_OFFSET_MINUTES;
  return engine === "postgres"
    ? `to_char((${column} at time zone 'UTC') + make_interval(mins => ${minutes}), 'YYYY-MM-DD')`
    : `substr(datetime(${column}, '+${minutes} minutes'), 1, 10)`;
}

/** One value of a JSON attribution column, in SQL (the key is one of PORTAL_BREAKDOWNS). */
function attributionSql(engine: Engine, column: string, key: PortalBreakdown): string {
  if (!PORTAL_BREAKDOWNS.includes(key)) throw new Error(`not a breakdown: ${key}`);
  return engine === "postgres"
    ? `(${column}::jsonb ->> '${key}')`
    : `json_extract(${column}, '$.${key}')`;
}

/** What a step's rows are read from, and its key's expression for a grouping. */
function stepSql(
  engine: Engine,
  grouping: PortalGrouping,
  step: "leads" | "clicks" | "postbacks",
): { from: string; key: string } {
  const table = { leads: "leads l", clicks: "clicks c", postbacks: "partner_postbacks p" }[step];
  const time = { leads: "l.created_at", clicks: "c.created_at", postbacks: "p.created_at" }[step];
  if (grouping === "day") return { from: table, key: colomboDaySql(engine, time) };
  if (grouping === "channel" || grouping === "domain") {
    // A click's or a postback's channel and domain are its lead's (none once an erasure unlinked it).
    const joined = {
      leads: table,
      clicks: `${table} left join leads cl on cl.id = c.lead_id`,
      postbacks: `${table} left join leads pl on pl.id = p.lead_id`,
    }[step];
    const column = grouping === "channel" ? "channel" : "page_domain";
    const alias = { leads: "l", clicks: "cl", postbacks: "pl" }[step];
    return { from: joined, key: `${alias}.${column}` };
  }
  // A postback's attribution is its click's (the lead's, or the visitor's without a lead).
  if (step === "postbacks") {
    return {
      from: `${table} left join clicks pc on pc.id = p.click_id`,
      key: attributionSql(engine, "pc.attribution", grouping),
    };
  }
  const alias = step === "leads" ? "l" : "c";
  return { from: table, key: attributionSql(engine, `${alias}.attribution`, grouping) };
}

/**
 * One partner's steps from `from` to `to` (Colombo days, inclusive), by
 * day, by one attribution value or by channel (null: not given), in three
 * queries on the (partner_id, created_at) indexes of leads, clicks and
 * partner_postbacks. Keys with nothing are absent.
 */
export async function countPartnerSteps(
  storage: Storage,
  partnerId: string,
  from: CalendarDate,
  to: CalendarDate,
  grouping: PortalGrouping,
): Promise<Map<string | null, StepCounts>> {
  const start = colomboDayStart(from);
  const end = colomboDayEnd(to);
  const { db, engine } = storage;
  const [lead, click, postback] = (["leads", "clicks", "postbacks"] as const).map((step) => {
    const parts = stepSql(engine, grouping, step);
    return { from: sql.raw(parts.from), key: sql.raw(parts.key) };
  }) as [StepQuery, StepQuery, StepQuery];

  type Row = Record<string, unknown>;
  const [leads, clicks, postbacks] = await Promise.all([
    // A repeat application joins the lead it repeats: it is not a lead of its own; an
    // unverified one is no lead at all.
    sql<Row>`select ${lead.key} as k, count(*) as n
      from ${lead.from}
      where l.partner_id = ${partnerId} and l.created_at >= ${start} and l.created_at < ${end}
        and l.repeat_of is null and l.verified_at is not null
      group by 1`.execute(db),
    sql<Row>`select ${click.key} as k, count(*) as n
      from ${click.from}
      where c.partner_id = ${partnerId} and c.created_at >= ${start} and c.created_at < ${end}
      group by 1`.execute(db),
    sql<Row>`select ${postback.key} as k,
        sum(case when p.status = 'approved' then 1 else 0 end) as approvals,
        sum(case when p.status = 'issued' then 1 else 0 end) as issued,
        sum(p.payout_rupees) as earnings
      from ${postback.from}
      where p.partner_id = ${partnerId} and p.created_at >= ${start} and p.created_at < ${end}
      group by 1`.execute(db),
  ]);

  const counts = new Map<string | null, StepCounts>();
  const of = (row: Row) => {
    const key = row.k === null || row.k === undefined ? null : String(row.k);
    let entry = counts.get(key);
    if (!entry) {
      entry = zeroCounts();
      counts.set(key, entry);
    }
    return entry;
  };
  for (const row of leads.rows) of(row).leads = Number(row.n);
  for (const row of clicks.rows) of(row).clicks = Number(row.n);
  for (const row of postbacks.rows) {
    const entry = of(row);
    entry.approvals = Number(row.approvals ?? 0);
    entry.issued = Number(row.issued ?? 0);
    entry.earnings = Number(row.earnings ?? 0);
  }
  return counts;
}

/** The share of one step that reached the next, or null when none reached the first. */
export interface ConversionRates {
  /** Click-outs per (verified) lead: a lead may click several offers. */
  clickedOut: number | null;
  /** Approvals per click-out. */
  approved: number | null;
  /** Issued loans per approval. */
  issued: number | null;
}

export function conversionRates(counts: StepCounts): ConversionRates {
  const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);
  return {
    clickedOut: rate(counts.clicks, counts.leads),
    approved: rate(counts.approvals, counts.clicks),
    issued: rate(counts.issued, counts.approvals),
  };
}

export interface PortalRow extends StepCounts {
  /** The Colombo day (by day) or the attribution value; null when it was not given. */
  key: string | null;
  rates: ConversionRates;
}

export interface PortalReport {
  partnerId: string;
  from: CalendarDate;
  to: CalendarDate;
  grouping: PortalGrouping;
  timeZone: "Asia/Colombo";
  currency: "LKR";
  /** By day: every day of the range in order, zeros included; else by leads, most first. */
  rows: PortalRow[];
  totals: StepCounts & { rates: ConversionRates };
}

const MS_PER_DAY = 86_400_000;

/** The days from `from` to `to`, inclusive, in order. */
export function daysOf(from: CalendarDate, to: CalendarDate): CalendarDate[] {
  const count = Math.round(
    (Date.parse(colomboDayEnd(to)) - Date.parse(colomboDayStart(from))) / MS_PER_DAY,
  );
  return Array.from({ length: Math.max(0, count) }, (_, index) => addDays(from, index));
}

function sumOf(rows: readonly StepCounts[]): StepCounts {
  const totals = zeroCounts();
  for (const row of rows) for (const step of PORTAL_STEPS) totals[step] += row[step];
  return totals;
}

/** The portal's table of one partner's figures, by day or by one attribution value. */
export async function portalStats(
  storage: Storage,
  partnerId: string,
  from: CalendarDate,
  to: CalendarDate,
  grouping: PortalGrouping = "day",
): Promise<PortalReport> {
  const counts = await countPartnerSteps(storage, partnerId, from, to, grouping);
  const entries: [string | null, StepCounts][] =
    grouping === "day"
      ? daysOf(from, to).map((day) => [day, counts.get(day) ?? zeroCounts()])
      : [...counts.entries()].sort(
          ([keyA, a], [keyB, b]) =>
            b.leads - a.leads ||
            b.clicks - a.clicks ||
            // "Not given" last, then the values in code order.
            (keyA === null ? 1 : 0) - (keyB === null ? 1 : 0) ||
            (keyA ?? "").localeCompare(keyB ?? ""),
        );
  const rows = entries.map(([key, row]) => ({ key, ...row, rates: conversionRates(row) }));
  const totals = sumOf(rows);
  return {
    partnerId,
    from,
    to,
    grouping,
    timeZone: "Asia/Colombo",
    currency: "LKR",
    rows,
    totals: { ...totals, rates: conversionRates(totals) },
  };
}

/** A CSV cell (RFC 4180), never read as a formula by a spreadsheet (as the back office's CSVs). */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const rateText = (rate: number | null) => (rate === null ? "" : rate.toFixed(4));

/**
 * The report as CSV for a spreadsheet: the same rows and a total row, a
 * header of codes (the language-neutral names the API uses), rates as
 * fractions with four decimals (empty when nothing reached the step
 * before), whole rupees; UTF-8 with a byte-order mark, CRLF line ends, as
 * the back office's funnel CSVs.
 */
export function portalStatsCsv(report: PortalReport): string {
  const rows: string[][] = [
    [
      report.grouping === "day" ? "date" : report.grouping,
      "clicks",
      "leads",
      "approvals",
      "issued",
      "earnings_lkr",
      "click_out_rate",
      "approval_rate",
      "issue_rate",
    ],
    // Neither "(not set)" nor "(total)" can be an attribution value (no parentheses there).
    ...[...report.rows, { key: "(total)", ...report.totals }].map((row) => [
      row.key ?? "(not set)",
      ...[row.clicks, row.leads, row.approvals, row.issued, row.earnings].map(String),
      rateText(row.rates.clickedOut),
      rateText(row.rates.approved),
      rateText(row.rates.issued),
    ]),
  ];
  return `\uFEFF${rows.map((cells) => cells.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

export function portalStatsCsvFilename(report: PortalReport): string {
  return `partner-${report.partnerId}-${report.grouping}-${report.from}-to-${report.to}.csv`;
}
