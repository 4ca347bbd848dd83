import {
  addDays,
  type CalendarDate,
  colomboDayStart,
  colomboToday,
} from "../../core/helpers/dates";
import type { Storage } from "../storage/database";
import { countClosedDays } from "./funnel";

/** EVENT_RETENTION_DAYS unless set (server/config.ts): a year and a month of events. */
export const EVENT_RETENTION_DAYS = 400;

/** Rows a delete statement takes at most: short transactions, so event batches never wait long. */
const DELETE_BATCH = 5_000;

/** What a run folded and deleted. */
export interface FoldedEvents {
  /** The first Colombo day kept; everything before it is gone. */
  keptFrom: CalendarDate;
  events: number;
  visits: number;
  calculatorUses: number;
}

/** The first Colombo day a run keeps: today and the `retentionDays` days before it. */
export function firstDayKept(now: Date, retentionDays: number): CalendarDate {
  return addDays(colomboToday(now), -retentionDays);
}

/** The oldest Colombo day any event, visit or calculator use is kept for; undefined when none is. */
async function oldestDay(storage: Storage): Promise<CalendarDate | undefined> {
  const { db } = storage;
  const [event, visit, use] = await Promise.all([
    db
      .selectFrom("events")
      .select((eb) => eb.fn.min("created_at").as("at"))
      .executeTakeFirst(),
    db
      .selectFrom("visits")
      .select((eb) => eb.fn.min("day").as("day"))
      .executeTakeFirst(),
    db
      .selectFrom("calculator_uses")
      .select((eb) => eb.fn.min("day").as("day"))
      .executeTakeFirst(),
  ]);
  const days = [
    event?.at ? colomboToday(new Date(String(event.at))) : undefined,
    visit?.day ?? undefined,
    use?.day ?? undefined,
  ].filter((day): day is CalendarDate => typeof day === "string");
  return days.sort()[0];
}

/**
 * The retention rule of events (issue 31, decision 0343): the events of
 * Colombo days older than `retentionDays` (EVENT_RETENTION_DAYS), with the
 * visits and calculator uses they made, are folded into the funnel's
 * counts of closed days (funnel_day_counts, every step by every grouping:
 * countClosedDays, for the days not counted yet) and then deleted, a batch
 * at a time. The funnel reads closed days from those counts only, so its
 * figures for a day are the same before and after; partners' figures are
 * counted from leads, click-outs and postbacks, which this never touches.
 * Safe to run on several instances at once: counting ignores conflicts and
 * deleting what is gone deletes nothing.
 */
export async function foldOldEvents(
  storage: Storage,
  now: Date,
  retentionDays: number = EVENT_RETENTION_DAYS,
): Promise<FoldedEvents> {
  const keptFrom = firstDayKept(now, retentionDays);
  const folded: FoldedEvents = { keptFrom, events: 0, visits: 0, calculatorUses: 0 };
  const oldest = await oldestDay(storage);
  if (!oldest || oldest >= keptFrom) return folded;
  await countClosedDays(storage, oldest, addDays(keptFrom, -1));
  const before = colomboDayStart(keptFrom);
  const { db } = storage;
  for (;;) {
    const deleted = await db
      .deleteFrom("events")
      .where(
        "id",
        "in",
        db
          .selectFrom("events")
          .select("id")
          .where("created_at", "<", before)
          .orderBy("created_at")
          .limit(DELETE_BATCH),
      )
      .executeTakeFirst();
    const count = Number(deleted.numDeletedRows);
    folded.events += count;
    if (count < DELETE_BATCH) break;
  }
  // A day at a time, on the tables' (day, session_key) keys.
  for (let day = oldest; day < keptFrom; day = addDays(day, 1)) {
    const visits = await db.deleteFrom("visits").where("day", "=", day).executeTakeFirst();
    const uses = await db.deleteFrom("calculator_uses").where("day", "=", day).executeTakeFirst();
    folded.visits += Number(visits.numDeletedRows);
    folded.calculatorUses += Number(uses.numDeletedRows);
  }
  return folded;
}
