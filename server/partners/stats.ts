import { sql } from "kysely";
import { addDays, type CalendarDate } from "../../core/helpers/dates";
import type { Storage } from "../storage/database";
import type { StatsResponse } from "./api-schemas";
import { colomboDayStart, countPartnerSteps, daysOf } from "./portal-stats";

type DayCounts = Omit<StatsResponse["days"][number], "date">;

const zero = (): DayCounts => ({ leads: 0, clicks: 0, approvals: 0, sales: 0, payouts: 0 });

/**
 * A partner's verified leads, clicks, approvals, sales and payouts per Colombo day,
 * from `from` to `to` inclusive, every day listed (zeros included).
 * Approvals, sales and payouts are counted from the postbacks we recorded
 * for the partner (partner_postbacks, one per click and status, whether or
 * not its delivery has succeeded yet), on the day the lender reported them:
 * the stats and the postbacks are the same records. Counted by
 * countPartnerSteps, as the partner portal counts them (decision 0221).
 */
export async function partnerStats(
  storage: Storage,
  partnerId: string,
  from: CalendarDate,
  to: CalendarDate,
): Promise<StatsResponse> {
  const counted = await countPartnerSteps(storage, partnerId, from, to, "day");
  const days: StatsResponse["days"] = [];
  const totals = zero();
  for (const date of daysOf(from, to)) {
    const steps = counted.get(date);
    // The API's `leads` are the verified ones, repeats not counted (issue 14): those a partner
    // may be paid for.
    const counts: DayCounts = steps
      ? {
          leads: steps.leads,
          clicks: steps.clicks,
          approvals: steps.approvals,
          sales: steps.issued,
          payouts: steps.earnings,
        }
      : zero();
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
