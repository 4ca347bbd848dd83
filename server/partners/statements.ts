import { sql } from "kysely";
import {
  addMonths,
  type CalendarDate,
  COLOMBO_UTC_OFFSET_MINUTES,
  colomboDayStart,
  colomboToday,
} from "../../core/helpers/dates";
import type {
  StatementAdjustmentRow,
  StatementEarning,
  StatementMonthTotals,
  StatementPayment,
} from "../../core/views/portal/statements";
import type { Engine, Storage } from "../storage/database";
import { MONTH_PATTERN } from "./adjustments";
import { colomboDateTime, csvCell, monthPeriod } from "./payouts";

/**
 * A partner's statements in the portal (issue 18, decision 0244): per
 * Colombo month, the balance carried in, what was earned, adjustments,
 * what was paid and the balance carried out. Earned is what the partner's
 * stats count as earnings (portal-stats.ts, GET stats' payouts): the
 * postbacks recorded for the partner, on the day the lender reported, with
 * the payout the terms gave then; only rows with a payout are lines.
 * Adjustments are the operators' (adjustments.ts), by the month they name.
 * Paid is each payout run's share marked paid, in the month it was marked.
 * Every query names the partner: one partner never sees another's lines.
 */

/** How many months the list shows, newest first; the balance still counts every earlier one. */
export const STATEMENT_MONTHS_SHOWN = 36;

/** A timestamp column's Colombo month as YYYY-MM, in SQL (UTC+05:30 all year). */
function colomboMonthSql(engine: Engine, column: string): string {
  const minutes = COLOMBO_UTC_OFFSET_MINUTES;
  return engine === "postgres"
    ? `to_char((${column} at time zone 'UTC') + make_interval(mins => ${minutes}), 'YYYY-MM')`
    : `substr(datetime(${column}, '+${minutes} minutes'), 1, 7)`;
}

const nextMonth = (month: string) => addMonths(`${month}-01` as CalendarDate, 1).slice(0, 7);

/** The Colombo month of an instant, "2026-11". */
export function colomboMonth(now: Date): string {
  return colomboToday(now).slice(0, 7);
}

/**
 * Every month of the partner's account from its first (its creation, or an
 * earlier record) to this one, with its totals; newest first, at most
 * `limit` of them (the list shows STATEMENT_MONTHS_SHOWN; an older month
 * still opens by its address).
 */
export async function statementMonths(
  storage: Storage,
  partnerId: string,
  now: Date,
  limit = STATEMENT_MONTHS_SHOWN,
): Promise<StatementMonthTotals[]> {
  const { db, engine } = storage;
  type Row = { m: string | null; n?: unknown; total: unknown };
  const earnedMonth = sql.raw(colomboMonthSql(engine, "created_at"));
  const paidMonth = sql.raw(colomboMonthSql(engine, "paid_at"));
  const createdMonth = sql.raw(colomboMonthSql(engine, "created_at"));
  const [earned, adjusted, paid, created] = await Promise.all([
    sql<Row>`select ${earnedMonth} as m, count(*) as n, sum(payout_rupees) as total
      from partner_postbacks where partner_id = ${partnerId} and payout_rupees > 0
      group by 1`.execute(db),
    sql<Row>`select month as m, sum(rupees) as total
      from partner_adjustments where partner_id = ${partnerId} group by 1`.execute(db),
    sql<Row>`select ${paidMonth} as m, sum(total_rupees) as total
      from payout_run_partners where partner_id = ${partnerId} and paid_at is not null
      group by 1`.execute(db),
    sql<Row>`select ${createdMonth} as m, 0 as total from partners where id = ${partnerId}`.execute(
      db,
    ),
  ]);
  const last = colomboMonth(now);
  const sums = new Map<string, { items: number; earned: number; adjusted: number; paid: number }>();
  const at = (month: string) => {
    let entry = sums.get(month);
    if (!entry) {
      entry = { items: 0, earned: 0, adjusted: 0, paid: 0 };
      sums.set(month, entry);
    }
    return entry;
  };
  for (const row of earned.rows) {
    if (!row.m) continue;
    at(row.m).items += Number(row.n ?? 0);
    at(row.m).earned += Number(row.total ?? 0);
  }
  for (const row of adjusted.rows) if (row.m) at(row.m).adjusted += Number(row.total ?? 0);
  for (const row of paid.rows) if (row.m) at(row.m).paid += Number(row.total ?? 0);
  const starts = [...sums.keys(), ...created.rows.map((row) => row.m ?? last)].filter((month) =>
    MONTH_PATTERN.test(month),
  );
  let month = [...starts, last].sort()[0] ?? last;
  if (month < "2000-01") month = "2000-01";
  const months: StatementMonthTotals[] = [];
  let balance = 0;
  // Anything recorded before 2000 (there is none) still counts in the balance.
  for (const [key, sum] of sums) {
    if (key < month) balance += sum.earned + sum.adjusted - sum.paid;
  }
  for (; month <= last; month = nextMonth(month)) {
    const sum = sums.get(month) ?? { items: 0, earned: 0, adjusted: 0, paid: 0 };
    const closing = balance + sum.earned + sum.adjusted - sum.paid;
    months.push({
      month,
      openingRupees: balance,
      earnedItems: sum.items,
      earnedRupees: sum.earned,
      adjustmentsRupees: sum.adjusted,
      paidRupees: sum.paid,
      closingRupees: closing,
    });
    balance = closing;
  }
  return months.reverse().slice(0, limit);
}

export interface MonthStatement {
  totals: StatementMonthTotals;
  earnings: StatementEarning[];
  adjustments: StatementAdjustmentRow[];
  payments: StatementPayment[];
}

/**
 * One month of the partner's statement with its lines, or undefined for a
 * month that is not a month of its account (not "YYYY-MM", before its
 * first, after this one).
 */
export async function monthStatement(
  storage: Storage,
  partnerId: string,
  month: string,
  now: Date,
  months?: readonly StatementMonthTotals[],
): Promise<MonthStatement | undefined> {
  // Only a month of the list: never a date computed from whatever the address held.
  if (!MONTH_PATTERN.test(month)) return undefined;
  const totals = (
    months ?? (await statementMonths(storage, partnerId, now, Number.POSITIVE_INFINITY))
  ).find((one) => one.month === month);
  const period = totals && monthPeriod(totals.month);
  if (!totals || !period) return undefined;
  const start = colomboDayStart(period.from);
  const end = colomboDayStart(addMonths(period.from, 1));
  const [earnings, adjustments, payments] = await Promise.all([
    storage.db
      .selectFrom("partner_postbacks as p")
      .leftJoin("payout_run_items as i", (join) =>
        join.onRef("i.click_id", "=", "p.click_id").onRef("i.status", "=", "p.status"),
      )
      .leftJoin("payout_runs as r", "r.id", "i.run_id")
      .select([
        "p.click_id",
        "p.lead_id",
        "p.status",
        "p.created_at",
        "p.payout_rupees",
        "r.period_from",
        "r.period_to",
      ])
      .where("p.partner_id", "=", partnerId)
      .where("p.payout_rupees", ">", 0)
      .where("p.created_at", ">=", start)
      .where("p.created_at", "<", end)
      .orderBy("p.created_at")
      .orderBy("p.click_id")
      .orderBy("p.status")
      .execute(),
    storage.db
      .selectFrom("partner_adjustments")
      .select(["id", "month", "rupees", "reason", "created_at"])
      .where("partner_id", "=", partnerId)
      .where("month", "=", month)
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
    storage.db
      .selectFrom("payout_run_partners as s")
      .innerJoin("payout_runs as r", "r.id", "s.run_id")
      .select(["r.period_from", "r.period_to", "s.paid_at", "s.paid_reference", "s.total_rupees"])
      .where("s.partner_id", "=", partnerId)
      .where("s.paid_at", ">=", start)
      .where("s.paid_at", "<", end)
      .orderBy("s.paid_at")
      .orderBy("r.id")
      .execute(),
  ]);
  return {
    totals,
    earnings: earnings.map((row) => ({
      clickId: row.click_id,
      leadId: row.lead_id ?? null,
      status: row.status,
      reportedAt: row.created_at,
      rupees: Number(row.payout_rupees),
      run: row.period_from && row.period_to ? { from: row.period_from, to: row.period_to } : null,
    })),
    adjustments: adjustments.map((row) => ({
      id: row.id,
      month: row.month,
      rupees: Number(row.rupees),
      reason: row.reason,
      createdAt: row.created_at,
    })),
    payments: payments.map((row) => ({
      from: row.period_from,
      to: row.period_to,
      paidAt: row.paid_at ?? "",
      reference: row.paid_reference ?? "",
      rupees: Number(row.total_rupees),
    })),
  };
}

/**
 * A month as CSV for a spreadsheet: the balance carried in, a line per
 * earning, adjustment and payment, and the balance carried out, whose
 * amounts add up (payments negative); times in Colombo, whole rupees; a
 * header of codes; UTF-8 with a byte-order mark (the reasons may be in
 * Sinhala), CRLF line ends; no cell a spreadsheet would read as a formula.
 */
export function monthStatementCsv(statement: MonthStatement): string {
  const { totals } = statement;
  const rows: (string | number)[][] = [
    ["line", "click_id", "lead_id", "status", "at_colombo", "note", "amount_lkr"],
    ["opening_balance", "", "", "", "", "", totals.openingRupees],
    ...statement.earnings.map((item) => [
      "earned",
      item.clickId,
      item.leadId ?? "",
      item.status,
      colomboDateTime(item.reportedAt),
      item.run ? `payout run ${item.run.from} to ${item.run.to}` : "",
      item.rupees,
    ]),
    ...statement.adjustments.map((item) => [
      "adjustment",
      "",
      "",
      "",
      colomboDateTime(item.createdAt),
      item.reason,
      item.rupees,
    ]),
    ...statement.payments.map((item) => [
      "paid",
      "",
      "",
      "",
      colomboDateTime(item.paidAt),
      `${item.reference} (payout run ${item.from} to ${item.to})`,
      -item.rupees,
    ]),
    ["closing_balance", "", "", "", "", "", totals.closingRupees],
  ];
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

export const monthStatementCsvFilename = (partnerId: string, month: string) =>
  `statement-${partnerId}-${month}.csv`;
