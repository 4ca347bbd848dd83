import { sql } from "kysely";
import {
  addDays,
  type CalendarDate,
  COLOMBO_UTC_OFFSET_MINUTES,
  colomboDayEnd,
  colomboDayStart,
  colomboToday,
} from "../../core/helpers/dates";
import {
  FUNNEL_BREAKDOWNS,
  FUNNEL_STEPS,
  type FunnelBreakdown,
  type FunnelKpis,
  type FunnelReport,
  type FunnelRow,
  type FunnelStep,
} from "../../core/views/back-office";
import { LENDER_DAY_STEPS, type LenderDayCounts } from "../../core/views/lender-portal-stats";
import type { Engine, Storage } from "../storage/database";
import type { FunnelDayCountsTable } from "../storage/schema";

/**
 * The funnel (issue 16, decision 0160): every figure counted from stored
 * records, each step at the time it happened, in Colombo days. A step that
 * no record gives for a breakdown (a visit has no lender, an application no
 * device class) is null, "not recorded", never zero.
 */
export type FunnelGrouping = "day" | FunnelBreakdown;

interface StepSource {
  from: string;
  /** The column holding the step's time; `day` when it already is a Colombo day (visits). */
  time: string;
  timeIsDay?: boolean;
  where?: string;
  amount?: string;
  dims: Partial<Record<FunnelBreakdown, string[]>>;
}

function json(engine: Engine, column: string, key: string): string {
  return engine === "postgres"
    ? `(${column}::jsonb ->> '${key}')`
    : `json_extract(${column}, '$.${key}')`;
}

function colomboDay(engine: Engine, column: string): string {
  return engine === "postgres"
    ? `to_char((${column} at time zone 'UTC') + interval '${COLOMBO_UTC_OFFSET_MINUTES} minutes', 'YYYY-MM-DD')`
    : `date(${column}, '+${COLOMBO_UTC_OFFSET_MINUTES} minutes')`;
}

function stepSources(engine: Engine): Record<FunnelStep, StepSource | null> {
  const source = (column: string) => [
    json(engine, column, "utm_source"),
    json(engine, column, "utm_medium"),
    json(engine, column, "utm_campaign"),
  ];
  const leadDims = {
    partner: ["l.partner_id"],
    source: source("l.attribution"),
    sub1: [json(engine, "l.attribution", "sub1")],
  };
  const clickDims = {
    lender: ["c.lender"],
    partner: ["c.partner_id"],
    source: source("c.attribution"),
    sub1: [json(engine, "c.attribution", "sub1")],
  };
  return {
    visits: {
      from: "visits v",
      time: "v.day",
      timeIsDay: true,
      dims: {
        partner: ["v.partner_id"],
        source: ["v.utm_source", "v.utm_medium", "v.utm_campaign"],
        sub1: ["v.sub1"],
        locale: ["v.locale"],
        device: ["v.device_class"],
      },
    },
    // A session's calculator events on a day (decision 0164): site calculators only.
    calculator: {
      from: "calculator_uses u",
      time: "u.day",
      timeIsDay: true,
      dims: {
        partner: ["u.partner_id"],
        source: ["u.utm_source", "u.utm_medium", "u.utm_campaign"],
        sub1: ["u.sub1"],
        locale: ["u.locale"],
        device: ["u.device_class"],
      },
    },
    // A repeat application joins the lead it repeats: it is not an application of its own.
    applications: {
      from: "leads l",
      time: "l.created_at",
      where: "l.repeat_of is null",
      dims: leadDims,
    },
    verified: {
      from: "leads l",
      time: "l.verified_at",
      where: "l.repeat_of is null",
      dims: leadDims,
    },
    asked: {
      from: "lender_decisions d left join leads l on l.id = d.lead_id",
      time: "d.asked_at",
      dims: { lender: ["d.lender_id"], ...leadDims },
    },
    approved: {
      from: "lender_decisions d left join leads l on l.id = d.lead_id",
      time: "d.decided_at",
      where: "d.status = 'approved'",
      dims: { lender: ["d.lender_id"], ...leadDims },
    },
    clickouts: { from: "clicks c", time: "c.created_at", dims: clickDims },
    issued: {
      from: "conversions x join clicks c on c.id = x.click_id",
      time: "x.created_at",
      where: "x.status = 'issued'",
      dims: clickDims,
    },
    payouts: {
      from: "partner_postbacks p left join clicks c on c.id = p.click_id",
      time: "p.created_at",
      where: "p.payout_rupees > 0",
      amount: "p.payout_rupees",
      dims: { ...clickDims, partner: ["p.partner_id"] },
    },
  };
}

interface Counted {
  key: (string | null)[];
  count: number;
  amount: number | null;
}

/** One step counted by one grouping over the range; null when no record gives it. */
export async function countStep(
  storage: Storage,
  step: FunnelStep,
  grouping: FunnelGrouping,
  from: CalendarDate,
  to: CalendarDate,
  /** Keys start with the Colombo day (for the counts of closed days). */
  perDay = false,
): Promise<Counted[] | null> {
  const source = stepSources(storage.engine)[step];
  return source ? countSource(storage, source, grouping, from, to, perDay) : null;
}

/** A source counted by one grouping; `only`: its records of one lender (the lender portal's). */
async function countSource(
  storage: Storage,
  source: StepSource,
  grouping: FunnelGrouping,
  from: CalendarDate,
  to: CalendarDate,
  perDay: boolean,
  only?: { lender: string },
): Promise<Counted[] | null> {
  const day = source.timeIsDay ? source.time : colomboDay(storage.engine, source.time);
  const grouped = grouping === "day" ? [day] : source.dims[grouping];
  if (!grouped) return null;
  const lender = source.dims.lender?.[0];
  if (only && !lender) return null;
  const dims = perDay && grouping !== "day" ? [day, ...grouped] : grouped;
  const [low, high] = source.timeIsDay ? [from, to] : [colomboDayStart(from), colomboDayEnd(to)];
  const select = [
    ...dims.map((dim, index) => `${dim} as k${index}`),
    "count(*) as n",
    ...(source.amount ? [`sum(${source.amount}) as a`] : []),
  ].join(", ");
  const upper = source.timeIsDay ? "<=" : "<";
  const query = sql<Record<string, unknown>>`select ${sql.raw(select)} from ${sql.raw(source.from)}
    where ${sql.raw(source.time)} >= ${low} and ${sql.raw(source.time)} ${sql.raw(upper)} ${high}
    ${sql.raw(source.where ? `and ${source.where}` : "")}
    ${only && lender ? sql`and ${sql.raw(lender)} = ${only.lender}` : sql``}
    group by ${sql.raw(dims.join(", "))}`;
  const { rows } = await query.execute(storage.db);
  return rows.map((row) => ({
    key: dims.map((_dim, index) => {
      const value = row[`k${index}`];
      return value === null || value === undefined ? null : String(value);
    }),
    count: Number(row.n),
    amount: source.amount ? Number(row.a ?? 0) : null,
  }));
}

const PAYOUTS = FUNNEL_STEPS.indexOf("payouts");

/** Every step by one grouping, as the rows of its table (days: every day of the range, in order). */
export async function funnelTable(
  storage: Storage,
  grouping: FunnelGrouping,
  from: CalendarDate,
  to: CalendarDate,
  today: CalendarDate = colomboToday(new Date()),
): Promise<FunnelRow[]> {
  const rows = new Map<
    string,
    { key: (string | null)[]; counts: (number | null)[]; a: number | null }
  >();
  const rowOf = (key: (string | null)[]) => {
    const id = JSON.stringify(key);
    let row = rows.get(id);
    if (!row) {
      row = { key, counts: FUNNEL_STEPS.map(() => null), a: null };
      rows.set(id, row);
    }
    return row;
  };
  if (grouping === "day") {
    for (let day = from; day <= to; day = addDays(day, 1)) rowOf([day]);
  }
  const counted = await countRange(storage, grouping, from, to, today);
  counted.forEach((stepRows, stepIndex) => {
    if (!stepRows) return;
    for (const item of stepRows) {
      const row = rowOf(item.key);
      row.counts[stepIndex] = (row.counts[stepIndex] ?? 0) + item.count;
      if (item.amount !== null) row.a = (row.a ?? 0) + item.amount;
    }
  });
  // A step this grouping records is 0, not "not recorded", for a key that had none of it.
  const result = [...rows.values()].map((row) => ({
    key: row.key,
    counts: row.counts.map((count, stepIndex) => (counted[stepIndex] ? (count ?? 0) : null)),
    payoutRupees: counted[PAYOUTS] ? (row.a ?? 0) : null,
  }));
  if (grouping !== "day") {
    result.sort(
      (a, b) =>
        firstCount(b) - firstCount(a) || JSON.stringify(a.key).localeCompare(JSON.stringify(b.key)),
    );
  }
  return result;
}

function firstCount(row: FunnelRow): number {
  return row.counts.reduce<number>((sum, count) => sum + (count ?? 0), 0);
}

/** Names for lenders and partners, the keys of their breakdowns. */
async function labels(storage: Storage): Promise<Map<string, string>> {
  const [lenders, partners] = await Promise.all([
    storage.db.selectFrom("lenders").select(["id", "names"]).execute(),
    storage.db.selectFrom("partners").select(["id", "name"]).execute(),
  ]);
  const names = new Map<string, string>();
  for (const lender of lenders) {
    try {
      const parsed = JSON.parse(lender.names) as { en?: string };
      if (parsed.en) names.set(`lender:${lender.id}`, parsed.en);
    } catch {
      // A lender without readable names is shown by its id.
    }
  }
  for (const partner of partners) names.set(`partner:${partner.id}`, partner.name);
  return names;
}

/** The whole dashboard for a range of Colombo days. */
export async function funnelReport(
  storage: Storage,
  from: CalendarDate,
  to: CalendarDate,
  today: CalendarDate = colomboToday(new Date()),
): Promise<FunnelReport> {
  await countClosedDays(storage, from, to < today ? to : addDays(today, -1));
  const [daily, names, ...breakdownRows] = await Promise.all([
    funnelTable(storage, "day", from, to, today),
    labels(storage),
    ...FUNNEL_BREAKDOWNS.map((breakdown) => funnelTable(storage, breakdown, from, to, today)),
  ]);
  const breakdowns = Object.fromEntries(
    FUNNEL_BREAKDOWNS.map((breakdown, index) => {
      const rows = (breakdownRows[index] ?? []).map((row) => {
        const id = row.key[0];
        const label =
          (breakdown === "lender" || breakdown === "partner") && id
            ? names.get(`${breakdown}:${id}`)
            : undefined;
        return label ? { ...row, label } : row;
      });
      return [breakdown, rows];
    }),
  ) as unknown as FunnelReport["breakdowns"];
  const totals: FunnelRow = {
    key: [],
    counts: FUNNEL_STEPS.map((_step, stepIndex) =>
      daily[0]?.counts[stepIndex] === null
        ? null
        : daily.reduce((sum, row) => sum + (row.counts[stepIndex] ?? 0), 0),
    ),
    payoutRupees:
      daily[0]?.payoutRupees === null
        ? null
        : daily.reduce((sum, row) => sum + (row.payoutRupees ?? 0), 0),
  };
  const kpis = await funnelKpis(storage, from, to, totals);
  return { from, to, kpis, totals, daily, breakdowns };
}

/**
 * The key figures (decision 0441): the range's first applications, and of them those
 * verified and those approved by at least one lender, whenever that came (a cohort, so
 * neither rate can pass 100 %); click-outs and issued loans as the funnel counts them; what
 * lenders were invoiced for events of the range.
 */
async function funnelKpis(
  storage: Storage,
  from: CalendarDate,
  to: CalendarDate,
  totals: FunnelRow,
): Promise<FunnelKpis> {
  const [low, high] = [colomboDayStart(from), colomboDayEnd(to)];
  const { db } = storage;
  const [leads, revenue] = await Promise.all([
    db
      .selectFrom("leads as l")
      .where("l.repeat_of", "is", null)
      .where("l.created_at", ">=", low)
      .where("l.created_at", "<", high)
      .select((eb) => [
        eb.fn.countAll<string | number>().as("applications"),
        eb.fn.count<string | number>("l.verified_at").as("verified"),
        eb.fn
          .count<string | number>(
            eb
              .case()
              .when(
                eb.and([
                  eb("l.verified_at", "is not", null),
                  eb.exists(
                    eb
                      .selectFrom("lender_decisions as d")
                      .select("d.lead_id")
                      .whereRef("d.lead_id", "=", "l.id")
                      .where("d.status", "=", "approved"),
                  ),
                ]),
              )
              .then(1)
              .end(),
          )
          .as("approved"),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("lender_invoice_items")
      .where("occurred_at", ">=", low)
      .where("occurred_at", "<", high)
      .select((eb) => eb.fn.sum<string | number | null>("rupees").as("rupees"))
      .executeTakeFirstOrThrow(),
  ]);
  const step = (name: FunnelStep) => totals.counts[FUNNEL_STEPS.indexOf(name)] ?? null;
  return {
    applications: Number(leads.applications),
    verified: Number(leads.verified),
    approved: Number(leads.approved),
    clickouts: step("clickouts"),
    issued: step("issued"),
    revenueRupees: Number(revenue.rupees ?? 0),
  };
}

const GROUPINGS: readonly FunnelGrouping[] = ["day", ...FUNNEL_BREAKDOWNS];

/**
 * How long after a Colombo day ends it counts as closed: events reach
 * storage in batches (a second late at most) and a request may still be
 * running at midnight, so a day is counted once those have landed.
 */
export const FUNNEL_SETTLING_MS = 5 * 60 * 1000;

/** The funnel's "today": the Colombo day still counted from its records (decision 0163). */
export function funnelToday(now: Date): CalendarDate {
  return colomboToday(new Date(now.getTime() - FUNNEL_SETTLING_MS));
}

/** The longest range the dashboard answers, in days (funnel-routes.ts refuses longer). */
export const FUNNEL_MAX_RANGE_DAYS = 366;

/**
 * Counts the closed days of the longest range the dashboard answers that
 * are not counted yet: the server runs it at start and every ten minutes,
 * so a staff member's read finds every closed day counted (decision 0163).
 * Cheap when there is nothing new: one read of the days counted.
 */
export async function countRecentClosedDays(storage: Storage, now: Date): Promise<void> {
  const today = funnelToday(now);
  await countClosedDays(storage, addDays(today, -FUNNEL_MAX_RANGE_DAYS), addDays(today, -1));
}

/**
 * Counts every step by every grouping for the closed Colombo days of the
 * range not counted yet, once (decision 0163): a day's records are all
 * written by its end, since each step is stored at the time it happens. The
 * counts go into funnel_day_counts with the day marked in
 * funnel_days_counted, in one transaction; a second instance counting the
 * same day at once writes the same rows, and its conflicts are ignored.
 */
export async function countClosedDays(
  storage: Storage,
  from: CalendarDate,
  to: CalendarDate,
): Promise<void> {
  if (from > to) return;
  const done = new Set(
    (
      await storage.db
        .selectFrom("funnel_days_counted")
        .select("day")
        .where("day", ">=", from)
        .where("day", "<=", to)
        .execute()
    ).map((row) => row.day),
  );
  const missing: CalendarDate[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) if (!done.has(day)) missing.push(day);
  const first = missing[0];
  const last = missing[missing.length - 1];
  if (!first || !last) return;
  const wanted = new Set<string>(missing);
  const rows: FunnelDayCountsTable[] = [];
  for (const grouping of GROUPINGS) {
    for (const step of FUNNEL_STEPS) {
      const counted = await countStep(storage, step, grouping, first, last, true);
      for (const item of counted ?? []) {
        const [day, ...key] = item.key;
        if (!day || !wanted.has(day)) continue;
        rows.push({
          grouping,
          day,
          key: JSON.stringify(grouping === "day" ? [] : key),
          step,
          count: item.count,
          rupees: item.amount,
        });
      }
    }
  }
  await storage.db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += 2_000) {
      await trx
        .insertInto("funnel_day_counts")
        .values(rows.slice(start, start + 2_000))
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    }
    await trx
      .insertInto("funnel_days_counted")
      .values(missing.map((day) => ({ day })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  });
}

/**
 * Every step by one grouping over the range: closed days from their counts
 * (countClosedDays first), today and later from the records themselves.
 */
async function countRange(
  storage: Storage,
  grouping: FunnelGrouping,
  from: CalendarDate,
  to: CalendarDate,
  today: CalendarDate,
): Promise<(Counted[] | null)[]> {
  const closedTo = to < today ? to : addDays(today, -1);
  const liveFrom = from > today ? from : today;
  const counted: (Counted[] | null)[] = FUNNEL_STEPS.map(() => null);
  const add = (stepIndex: number, items: Counted[]) => {
    counted[stepIndex] = [...(counted[stepIndex] ?? []), ...items];
  };
  // Whether a step is recorded by this grouping does not depend on the days.
  const recorded = FUNNEL_STEPS.map((step) => {
    const source = stepSources(storage.engine)[step];
    return source !== null && (grouping === "day" || source.dims[grouping] !== undefined);
  });
  recorded.forEach((isRecorded, stepIndex) => {
    if (isRecorded) counted[stepIndex] = [];
  });
  if (from <= closedTo) {
    await countClosedDays(storage, from, closedTo);
    const rows = await storage.db
      .selectFrom("funnel_day_counts")
      .select((eb) => [
        ...(grouping === "day" ? (["day"] as const) : ([] as const)),
        "key",
        "step",
        eb.fn.sum<number>("count").as("count"),
        eb.fn.sum<number | null>("rupees").as("rupees"),
      ])
      .where("grouping", "=", grouping)
      .where("day", ">=", from)
      .where("day", "<=", closedTo)
      .$if(grouping === "day", (query) => query.groupBy("day"))
      .groupBy(["key", "step"])
      .execute();
    for (const row of rows) {
      const stepIndex = FUNNEL_STEPS.indexOf(row.step as FunnelStep);
      const day = (row as { day?: string }).day;
      add(stepIndex, [
        {
          key: day ? [day] : (JSON.parse(row.key) as (string | null)[]),
          count: Number(row.count),
          amount: row.rupees === null ? null : Number(row.rupees),
        },
      ]);
    }
  }
  if (liveFrom <= to) {
    const live = await Promise.all(
      FUNNEL_STEPS.map((step) => countStep(storage, step, grouping, liveFrom, to)),
    );
    live.forEach((items, stepIndex) => {
      if (items) add(stepIndex, items);
    });
  }
  return counted;
}

/**
 * One lender's figures by Colombo day (the lender portal's statistics,
 * decision 0419), counted by the funnel's own sources filtered to it:
 * asked and approved as the funnel's steps, answered (an approval, a
 * decline or a pending answer, when it came), click-outs and issued loans.
 */
export async function lenderDays(
  storage: Storage,
  lenderId: string,
  from: CalendarDate,
  to: CalendarDate,
): Promise<LenderDayCounts[]> {
  const sources = stepSources(storage.engine);
  const answered: StepSource = {
    from: "lender_decisions d",
    time: "d.answered_at",
    where: "d.status in ('approved', 'declined', 'pending')",
    dims: { lender: ["d.lender_id"] },
  };
  const counted = await Promise.all(
    LENDER_DAY_STEPS.map((step) => {
      const source = step === "answered" ? answered : sources[step];
      return source
        ? countSource(storage, source, "day", from, to, false, { lender: lenderId })
        : null;
    }),
  );
  const days = new Map<string, LenderDayCounts>();
  for (let day = from; day <= to; day = addDays(day, 1)) {
    days.set(day, { day, asked: 0, answered: 0, approved: 0, clickouts: 0, issued: 0 });
  }
  counted.forEach((rows, index) => {
    const step = LENDER_DAY_STEPS[index];
    for (const row of rows ?? []) {
      const counts = days.get(String(row.key[0]));
      if (counts && step) counts[step] += row.count;
    }
  });
  return [...days.values()];
}
