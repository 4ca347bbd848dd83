import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { backfillSessionDays, pageView } from "./session-days";

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

export function createFunnelTables(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("events").addColumn("device_class", "text").execute();
      await db.schema
        .createTable("visits")
        .addColumn("day", "text", (column) => column.notNull())
        .addColumn("session_key", "text", (column) => column.notNull())
        .addColumn("device_class", "text")
        .addColumn("locale", "text")
        .addColumn("partner_id", "text")
        .addColumn("utm_source", "text")
        .addColumn("utm_medium", "text")
        .addColumn("utm_campaign", "text")
        .addColumn("sub1", "text")
        .addPrimaryKeyConstraint("visits_pk", ["day", "session_key"])
        .execute();

      // The funnel's counts of closed Colombo days (decision 0163).
      await db.schema
        .createTable("funnel_day_counts")
        .addColumn("grouping", "text", (column) => column.notNull())
        .addColumn("day", "text", (column) => column.notNull())
        .addColumn("key", "text", (column) => column.notNull())
        .addColumn("step", "text", (column) => column.notNull())
        .addColumn("count", "bigint", (column) => column.notNull())
        .addColumn("rupees", "bigint")
        .addPrimaryKeyConstraint("funnel_day_counts_pk", ["grouping", "day", "key", "step"])
        .execute();
      await db.schema
        .createTable("funnel_days_counted")
        .addColumn("day", "text", (column) => column.primaryKey())
        .execute();

      for (const [name, table, columns] of INDEXES) {
        await db.schema.createIndex(name).on(table).columns(columns).execute();
      }

      // The events already stored make their visits, a page at a time.
      await backfillSessionDays(db, "visits", pageView);
    },
    async down(db: Kysely<unknown>) {
      for (const table of ["funnel_days_counted", "funnel_day_counts", "visits"]) {
        await db.schema.dropTable(table).execute();
      }
      for (const name of INDEXES.map(([index]) => index)) {
        await db.schema.dropIndex(name).execute();
      }
      await db.schema.alterTable("events").dropColumn("device_class").execute();
    },
  };
}
