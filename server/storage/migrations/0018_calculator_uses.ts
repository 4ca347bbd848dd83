import type { Kysely } from "kysely";
import { sessionDayColumns } from "./0017_funnel";
import type { Columns } from "./column-types";
import { backfillSessionDays, calculatorUse } from "./session-days";
import { createTable } from "./tables";

/**
 * The funnel's "calculator used" (decision 0164): a session's calculator
 * events on one Colombo day get a table of their own, shaped as visits
 * (0017), filled from the events already stored.
 */
export async function up(db: Kysely<unknown>, columns: Columns) {
  await createTable(db, "calculator_uses", sessionDayColumns(columns), {
    primaryKey: ["day", "session_key"],
  });

  // The events already stored make their calculator uses, a page at a time.
  await backfillSessionDays(db, "calculator_uses", calculatorUse);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("calculator_uses").execute();
}
