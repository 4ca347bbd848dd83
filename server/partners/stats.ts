import { type RawBuilder, sql } from "kysely";
import { addDays, type CalendarDate, COLOMBO_UTC_OFFSET_MINUTES } from "../../core/dates";
import type { Engine, Storage } from "../storage/database";
import type { StatsResponse } from "./api-schemas";

const MS_PER_DAY = 86_400_000;

/** The instant a Colombo day begins: 2026-11-22 begins at 2026-11-21T18:30:00Z. */
export function colomboDayStart(day: CalendarDate): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(
    Date.UTC(year, month - 1, date) - COLOMBO_UTC_OFFSET_MINUTES * 60_000,
  ).toISOString();
}

/**
 * A timestamp column's Colombo date as YYYY-MM-DD, in SQL. Colombo keeps
 * UTC+05:30 all year, so a constant offset is exact on both engines.
 */
function colomboDay(engine: Engine, column: string): RawBuilder<string> {
  const minutes = sql.lit(COLOMBO_UTC_OFFSET_MINUTES);
  const ref = sql.ref(column);
  return engine === "postgres"
    ? sql<string>`to_char((${ref} at time zone 'UTC') + make_interval(mins => ${minutes}), 'YYYY-MM-DD')`
    : sql<string>`substr(datetime(${ref}, '+' || ${minutes} || ' minutes'), 1, 10)`;
}

type DayCounts = Omit<StatsResponse["days"][number], "date">;

const zero = (): DayCounts => ({ leads: 0, clicks: 0, approvals: 0, sales: 0, payouts: 0 });

/**
 * A partner's verified leads, clicks, approvals, sales and payouts per Colombo day,
 * from `from` to `to` inclusive, every day listed (zeros included).
 * Approvals, sales and payouts are counted from the postbacks we recorded
 * for the partner (partner_postbacks, one per click and status, whether or
 * not its delivery has succeeded yet), on the day the lender reported them:
 * the stats and the postbacks are the same records.
 */
export async function partnerStats(
  storage: Storage,
  partnerId: string,
  from: CalendarDate,
  to: CalendarDate,
): Promise<StatsResponse> {
  const start = colomboDayStart(from);
  const end = colomboDayStart(addDays(to, 1));
  const { db, engine } = storage;

  /** The partner's leads or clicks in the range, counted per Colombo day. */
  const countByDay = (table: "leads" | "clicks") =>
    db
      .selectFrom(table)
      .select([colomboDay(engine, "created_at").as("day"), (eb) => eb.fn.countAll().as("count")])
      .where("partner_id", "=", partnerId)
      .where("created_at", ">=", start)
      .where("created_at", "<", end)
      .groupBy(sql.raw("1"));

  const [leads, clicks, postbacks] = await Promise.all([
    // Verified leads only, repeats not counted (issue 14): the leads a partner may be paid for.
    countByDay("leads")
      .where("verified_at", "is not", null)
      .where("repeat_of", "is", null)
      .execute(),
    countByDay("clicks").execute(),
    db
      .selectFrom("partner_postbacks")
      .select([
        colomboDay(engine, "created_at").as("day"),
        sql<number>`sum(case when status = 'approved' then 1 else 0 end)`.as("approvals"),
        sql<number>`sum(case when status = 'issued' then 1 else 0 end)`.as("sales"),
        sql<number>`sum(payout_rupees)`.as("payouts"),
      ])
      .where("partner_id", "=", partnerId)
      .where("created_at", ">=", start)
      .where("created_at", "<", end)
      .groupBy(sql.raw("1"))
      .execute(),
  ]);

  const byDay = new Map<string, DayCounts>();
  const dayOf = (day: string) => {
    let counts = byDay.get(day);
    if (!counts) {
      counts = zero();
      byDay.set(day, counts);
    }
    return counts;
  };
  for (const row of leads) dayOf(row.day).leads = Number(row.count);
  for (const row of clicks) dayOf(row.day).clicks = Number(row.count);
  for (const row of postbacks) {
    const counts = dayOf(row.day);
    counts.approvals = Number(row.approvals);
    counts.sales = Number(row.sales);
    counts.payouts = Number(row.payouts);
  }

  const days: StatsResponse["days"] = [];
  const totals = zero();
  const count = Math.round((Date.parse(end) - Date.parse(start)) / MS_PER_DAY);
  for (let index = 0; index < count; index += 1) {
    const date = addDays(from, index);
    const counts = byDay.get(date) ?? zero();
    days.push({ date, ...counts });
    for (const key of Object.keys(totals) as (keyof DayCounts)[]) totals[key] += counts[key];
  }
  return {
    partnerId,
    from,
    to,
    timeZone: "Asia/Colombo",
    currency: "LKR",
    days,
    totals,
  };
}

/** One partner's figures for a period, as the back office lists them. */
export interface PartnerPeriodFigures {
  /** Verified leads, repeats not counted: the stats API's `leads`. */
  leads: number;
  /** Issued loans reported for the partner's clicks: the stats API's `sales`. */
  sales: number;
  /** Whole rupees earned: the stats API's `payouts`. */
  earnedRupees: number;
}

/**
 * Every partner's leads, sales and earnings from `from` to `to` (Colombo
 * days, inclusive), counted as partnerStats counts them, in two queries
 * for all partners. Partners with none are absent.
 */
export async function partnersPeriodFigures(
  storage: Storage,
  from: CalendarDate,
  to: CalendarDate,
): Promise<Map<string, PartnerPeriodFigures>> {
  const start = colomboDayStart(from);
  const end = colomboDayStart(addDays(to, 1));
  const [leads, postbacks] = await Promise.all([
    storage.db
      .selectFrom("leads")
      .select(["partner_id", (eb) => eb.fn.countAll().as("count")])
      .where("partner_id", "is not", null)
      .where("verified_at", "is not", null)
      .where("repeat_of", "is", null)
      .where("created_at", ">=", start)
      .where("created_at", "<", end)
      .groupBy("partner_id")
      .execute(),
    storage.db
      .selectFrom("partner_postbacks")
      .select([
        "partner_id",
        sql<number>`sum(case when status = 'issued' then 1 else 0 end)`.as("sales"),
        sql<number>`sum(payout_rupees)`.as("payouts"),
      ])
      .where("created_at", ">=", start)
      .where("created_at", "<", end)
      .groupBy("partner_id")
      .execute(),
  ]);
  const figures = new Map<string, PartnerPeriodFigures>();
  const of = (id: string) => {
    let entry = figures.get(id);
    if (!entry) {
      entry = { leads: 0, sales: 0, earnedRupees: 0 };
      figures.set(id, entry);
    }
    return entry;
  };
  for (const row of leads) if (row.partner_id) of(row.partner_id).leads = Number(row.count);
  for (const row of postbacks) {
    const entry = of(row.partner_id);
    entry.sales = Number(row.sales);
    entry.earnedRupees = Number(row.payouts);
  }
  return figures;
}
