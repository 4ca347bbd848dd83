import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { insertCalculatorUses } from "../../tracking/visits";
import type { Database, EventsTable } from "../schema";

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
      const typed = db as unknown as Kysely<Database>;
      let after = "";
      for (;;) {
        const page: EventsTable[] = await typed
          .selectFrom("events")
          .selectAll()
          .where("id", ">", after)
          .orderBy("id")
          .limit(5_000)
          .execute();
        if (page.length === 0) break;
        await insertCalculatorUses(typed, page);
        after = page[page.length - 1]?.id ?? after;
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("calculator_uses").execute();
    },
  };
}
