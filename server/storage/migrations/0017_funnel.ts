import type { Kysely } from "kysely";
import type { Columns } from "./column-types";
import { backfillSessionDays, pageView } from "./session-days";
import {
  addColumns,
  createIndexes,
  createTable,
  dropColumns,
  dropIndexes,
  dropTables,
} from "./tables";

/**
 * The funnel in the back office (issue 16, decision 0161): events gain the
 * class of device they came from (from the User-Agent, going forward; the
 * header itself is never stored); visits (a session's page views on one
 * Colombo day) get a table of their own, filled from the events already
 * stored; every record the funnel counts by time gets an index on that
 * time, so a date range reads only its own rows; and the counts of closed
 * Colombo days are kept once counted (decision 0163).
 */
/** Every time the funnel reads a range by. */
const INDEXES: [name: string, table: string, columns: string[]][] = [
  ["leads_created", "leads", ["created_at"]],
  ["leads_verified", "leads", ["verified_at"]],
  ["lender_decisions_asked", "lender_decisions", ["asked_at"]],
  ["lender_decisions_decided", "lender_decisions", ["decided_at"]],
  ["clicks_created", "clicks", ["created_at"]],
  ["conversions_created", "conversions", ["created_at"]],
  // partner_postbacks_created: made by 0016_partner_payouts, which reads postbacks by time too.
];

export async function up(db: Kysely<unknown>, columns: Columns) {
  const { text, bigint } = columns;
  await addColumns(db, "events", { device_class: text });
  await createTable(db, "visits", sessionDayColumns(columns), {
    primaryKey: ["day", "session_key"],
  });

  // The funnel's counts of closed Colombo days (decision 0163).
  await createTable(
    db,
    "funnel_day_counts",
    {
      grouping: text.notNull,
      day: text.notNull,
      key: text.notNull,
      step: text.notNull,
      count: bigint.notNull,
      rupees: bigint,
    },
    { primaryKey: ["grouping", "day", "key", "step"] },
  );
  await createTable(db, "funnel_days_counted", { day: text.primaryKey });

  for (const [name, table, indexed] of INDEXES) {
    await createIndexes(db, table, { [name]: indexed });
  }

  // The events already stored make their visits, a page at a time.
  await backfillSessionDays(db, "visits", pageView);
}

export async function down(db: Kysely<unknown>) {
  await dropTables(db, ["funnel_days_counted", "funnel_day_counts", "visits"]);
  await dropIndexes(
    db,
    INDEXES.map(([index]) => index),
  );
  await dropColumns(db, "events", ["device_class"]);
}

/**
 * A session's day, with what the dashboard breaks it down by: the columns
 * of visits, and of 0018's calculator uses, shaped as visits.
 */
export function sessionDayColumns({ text }: Columns) {
  return {
    day: text.notNull,
    session_key: text.notNull,
    device_class: text,
    locale: text,
    partner_id: text,
    utm_source: text,
    utm_medium: text,
    utm_campaign: text,
    sub1: text,
  };
}
