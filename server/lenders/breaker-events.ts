import {
  addDays,
  type CalendarDate,
  colomboDayEnd,
  colomboDayStart,
  colomboToday,
} from "../../core/helpers/dates";
import type {
  BreakerDay,
  BreakerEventState,
  BreakerEventView,
} from "../../core/views/lender-portal-stats";
import type { Storage } from "../storage/database";
import { newOpaqueId } from "../storage/opaque-ids";

/**
 * A lender's circuit breaker over time (issue 34, decision 0420). Each
 * instance's breaker lives in its memory (lender-gate.ts); every change of
 * its state is stored here, written beside the application that caused it,
 * never awaited by it (decision-network.ts), and kept 90 days.
 */

/** Days a breaker's changes are kept (pruned with the unverified leads' sweep). */
export const BREAKER_EVENT_RETENTION_DAYS = 90;

/** The latest changes the statistics list. */
export const LATEST_BREAKER_EVENTS = 20;

export interface BreakerEvent {
  lenderId: string;
  state: BreakerEventState;
  at: Date;
  /** How long an open circuit refuses applications. */
  openMs?: number | undefined;
  instance: string;
  /** The instance's count of changes so far: their order within a millisecond. */
  seq: number;
}

export async function recordBreakerEvent(storage: Storage, event: BreakerEvent): Promise<void> {
  await storage.db
    .insertInto("lender_breaker_events")
    .values({
      id: newOpaqueId(),
      lender_id: event.lenderId,
      state: event.state,
      at: event.at.toISOString(),
      until:
        event.state === "open" && event.openMs !== undefined
          ? new Date(event.at.getTime() + event.openMs).toISOString()
          : null,
      instance: event.instance,
      seq: event.seq,
    })
    .execute();
}

/** Deletes the changes of Colombo days older than the retention's; answers how many went. */
export async function pruneBreakerEvents(
  storage: Storage,
  now: Date,
  retentionDays = BREAKER_EVENT_RETENTION_DAYS,
): Promise<number> {
  const before = colomboDayStart(addDays(colomboToday(now), -retentionDays));
  const deleted = await storage.db
    .deleteFrom("lender_breaker_events")
    .where("at", "<", before)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/**
 * A lender's breaker by Colombo day over a range: the times a circuit
 * opened (on any instance) and the minutes one refused applications. An
 * open period runs from its change until the first of: its end (`until`:
 * the circuit lets trials through then), the same instance's next change,
 * now; minutes are summed over instances and rounded up per day, so two
 * instances open at once count twice (an approximation, decision 0420).
 * With the latest changes up to the range's end, newest first.
 */
export async function breakerDays(
  storage: Storage,
  lenderId: string,
  from: CalendarDate,
  to: CalendarDate,
  now: Date,
): Promise<{ days: Map<string, BreakerDay>; latest: BreakerEventView[] }> {
  const start = colomboDayStart(from);
  const end = colomboDayEnd(to);
  const [rows, latest] = await Promise.all([
    storage.db
      .selectFrom("lender_breaker_events")
      .select(["state", "at", "until", "instance"])
      .where("lender_id", "=", lenderId)
      // A day before the range: a circuit opened late the day before may still be open in it.
      .where("at", ">=", colomboDayStart(addDays(from, -1)))
      .where("at", "<", end)
      .orderBy("at")
      .orderBy("seq")
      .execute(),
    storage.db
      .selectFrom("lender_breaker_events")
      .select(["state", "at", "instance"])
      .where("lender_id", "=", lenderId)
      .where("at", "<", end)
      .orderBy("at", "desc")
      .orderBy("seq", "desc")
      .limit(LATEST_BREAKER_EVENTS)
      .execute(),
  ]);
  const days = new Map<string, BreakerDay>();
  for (let day = from; day <= to; day = addDays(day, 1)) {
    days.set(day, { opened: 0, minutesOpen: 0 });
  }
  const openMs = new Map<string, number>();
  const nowMs = Math.min(now.getTime(), Date.parse(end));
  rows.forEach((row, index) => {
    if (row.state !== "open") return;
    const atMs = Date.parse(row.at);
    if (row.at >= start) {
      const day = days.get(colomboToday(new Date(atMs)));
      if (day) day.opened += 1;
    }
    const next = rows.slice(index + 1).find((later) => later.instance === row.instance);
    const until = Math.min(
      row.until ? Date.parse(row.until) : atMs,
      next ? Date.parse(next.at) : Number.POSITIVE_INFINITY,
      nowMs,
    );
    // Split the period at Colombo midnights.
    for (let cursor = Math.max(atMs, Date.parse(start)); cursor < until; ) {
      const day = colomboToday(new Date(cursor));
      const dayEnd = Math.min(Date.parse(colomboDayEnd(day)), until);
      openMs.set(day, (openMs.get(day) ?? 0) + (dayEnd - cursor));
      cursor = dayEnd;
    }
  });
  for (const [day, ms] of openMs) {
    const figures = days.get(day);
    if (figures) figures.minutesOpen = Math.ceil(ms / 60_000);
  }
  return {
    days,
    latest: latest.map((row) => ({
      at: row.at,
      state: row.state,
      instance: row.instance.slice(0, 8),
    })),
  };
}
