import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { backfillSessionDays, calculatorUse } from "./session-days";

/**
 * The funnel's "calculator used" (decision 0164): a session's calculator
 * events on one Colombo day get a table of their own, shaped as visits
 * (0017), filled from the events already stored.
 */
export function createCalculatorUsesTable(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("calculator_uses")
        .addColumn("day", "text", (column) => column.notNull())
        .addColumn("session_key", "text", (column) => column.notNull())
        .addColumn("device_class", "text")
        .addColumn("locale", "text")
        .addColumn("partner_id", "text")
        .addColumn("utm_source", "text")
        .addColumn("utm_medium", "text")
        .addColumn("utm_campaign", "text")
        .addColumn("sub1", "text")
        .addPrimaryKeyConstraint("calculator_uses_pk", ["day", "session_key"])
        .execute();

      // The events already stored make their calculator uses, a page at a time.
      await backfillSessionDays(db, "calculator_uses", calculatorUse);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("calculator_uses").execute();
    },
  };
}
