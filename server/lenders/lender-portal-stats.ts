import {
  addDays,
  type CalendarDate,
  colomboToday,
  daysBetween,
  isIsoDate,
} from "../../core/helpers/dates";
import { foldQuietRuns } from "../../core/helpers/quiet-runs";
import {
  type BreakerDay,
  LENDER_DAY_STEPS,
  type LenderDayCounts,
  STATS_DEFAULT_DAYS,
  STATS_MAX_DAYS,
  type StatsFigures,
  type StatsProblem,
  type StatsRow,
} from "../../core/views/lender-portal-stats";
import type { Storage } from "../storage/database";
import { breakerDays } from "./breaker-events";

/**
 * A lender's statistics in its portal (issue 34, decision 0419): its
 * figures by Colombo day (counted by the funnel's sources, handed in by
 * server/app.ts: server/funnel/ imports this feature) beside its breaker's
 * (breaker-events.ts); the days with nothing at all folded, a total, a CSV.
 */

/** One lender's figures by Colombo day, every day of the range in order. */
export type LenderDaysCounter = (
  storage: Storage,
  lenderId: string,
  from: CalendarDate,
  to: CalendarDate,
) => Promise<LenderDayCounts[]>;

/** The range asked for by `from` and `to` (the last 30 days unless given), or its problem. */
export function statsRange(
  query: Record<string, unknown>,
  now: Date,
): { from: CalendarDate; to: CalendarDate } | { problem: StatsProblem; from: string; to: string } {
  const typed = (value: unknown) => (typeof value === "string" ? value.trim().slice(0, 20) : "");
  const given = { from: typed(query.from), to: typed(query.to) };
  const wrongShape = [query.from, query.to].some(
    (value) => value !== undefined && typeof value !== "string",
  );
  const to = given.to || colomboToday(now);
  if (wrongShape || !isIsoDate(to)) return { problem: "date", ...given };
  const from = given.from || addDays(to, 1 - STATS_DEFAULT_DAYS);
  if (!isIsoDate(from)) return { problem: "date", ...given };
  if (from > to) return { problem: "order", from, to };
  if (daysBetween(from, to) + 1 > STATS_MAX_DAYS) return { problem: "too_long", from, to };
  return { from, to };
}

const quiet = (day: LenderDayCounts, breaker: BreakerDay) =>
  LENDER_DAY_STEPS.every((step) => day[step] === 0) &&
  breaker.opened === 0 &&
  breaker.minutesOpen === 0;

/** Every day of the range with its figures, and the totals. */
export async function lenderStats(
  storage: Storage,
  countDays: LenderDaysCounter,
  lenderId: string,
  range: { from: CalendarDate; to: CalendarDate },
  now: Date,
): Promise<StatsFigures & { days: { day: LenderDayCounts; breaker: BreakerDay }[] }> {
  const [counts, breaker] = await Promise.all([
    countDays(storage, lenderId, range.from, range.to),
    breakerDays(storage, lenderId, range.from, range.to, now),
  ]);
  const days = counts.map((day) => ({
    day,
    breaker: breaker.days.get(day.day) ?? { opened: 0, minutesOpen: 0 },
  }));
  const totals = {
    asked: 0,
    answered: 0,
    approved: 0,
    clickouts: 0,
    issued: 0,
    opened: 0,
    minutesOpen: 0,
  };
  for (const { day, breaker: open } of days) {
    for (const step of LENDER_DAY_STEPS) totals[step] += day[step];
    totals.opened += open.opened;
    totals.minutesOpen += open.minutesOpen;
  }
  return {
    from: range.from,
    to: range.to,
    days,
    rows: foldQuietDays(days),
    totals,
    latest: breaker.latest,
  };
}

/** Runs of two days or more with nothing at all become one line; the newest day first. */
export function foldQuietDays(
  days: readonly { day: LenderDayCounts; breaker: BreakerDay }[],
): StatsRow[] {
  return foldQuietRuns([...days].reverse(), ({ day, breaker }) => quiet(day, breaker)).map(
    (row): StatsRow =>
      row.kind === "item"
        ? { kind: "day", day: row.item.day, breaker: row.item.breaker }
        : // The run is newest first.
          { kind: "quiet", from: row.last.day.day, to: row.first.day.day, days: row.count },
  );
}

/** The same figures as CSV: a row a day (none folded), then the totals. */
export function lenderStatsCsv(figures: Awaited<ReturnType<typeof lenderStats>>): string {
  const head = ["day", ...LENDER_DAY_STEPS, "breaker_opened", "breaker_minutes_open"];
  const rows = figures.days.map(({ day, breaker }) => [
    day.day,
    ...LENDER_DAY_STEPS.map((step) => day[step]),
    breaker.opened,
    breaker.minutesOpen,
  ]);
  const { totals } = figures;
  rows.push([
    "total",
    ...LENDER_DAY_STEPS.map((step) => totals[step]),
    totals.opened,
    totals.minutesOpen,
  ]);
  return `${[head, ...rows].map((row) => row.join(",")).join("\r\n")}\r\n`;
}
