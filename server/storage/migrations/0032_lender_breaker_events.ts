import type { Kysely } from "kysely";
import type { Columns } from "./column-types";
import { createIndexes, createTable, dropTables } from "./tables";

/**
 * A lender's circuit breaker over time (issue 34, decision 0420): each
 * change of state of an instance's breaker (closed, open, half_open), when
 * and on which instance; kept 90 days. The lender portal's statistics count
 * the times it opened and the minutes it stayed open from these.
 */
export async function up(db: Kysely<unknown>, { text, integer, timestamp }: Columns) {
  await createTable(db, "lender_breaker_events", {
    id: text.primaryKey,
    lender_id: text.notNull,
    // closed | open | half_open
    state: text.notNull,
    at: timestamp.notNull,
    // An open circuit's end unless it changes first: when it lets applications try again.
    until: timestamp,
    // The server process that saw it (a random id per start), and its count of changes:
    // the order of two changes in the same millisecond.
    instance: text.notNull,
    seq: integer.notNull,
  });
  await createIndexes(db, "lender_breaker_events", {
    lender_breaker_events_lender: ["lender_id", "at"],
    lender_breaker_events_at: ["at"],
  });
}

export async function down(db: Kysely<unknown>) {
  await dropTables(db, ["lender_breaker_events"]);
}
