import type { Kysely } from "kysely";
import type { Columns } from "./column-types";
import { addColumns, createTable, dropColumns, dropTables } from "./tables";

/**
 * Approval odds (issue 36, decision 0446). `approval_odds`: per lender and
 * profile bucket (core/domain/approval-odds.ts's key; "*" for the lender as a
 * whole), its answered decisions and approvals of the 90 Colombo days before
 * `counted_on`, recounted once a day, never per request.
 * `lender_decisions.predicted_permille`: the odds a decision's applicant's
 * bucket had when it was asked (thousandths), null when none were shown; the
 * back office's calibration compares them with what came.
 */
export async function up(db: Kysely<unknown>, { text, integer }: Columns) {
  await createTable(
    db,
    "approval_odds",
    {
      lender_id: text.notNull,
      bucket: text.notNull,
      answered: integer.notNull,
      approved: integer.notNull,
      // The Colombo day it was counted on: the decisions of the 90 days before it.
      counted_on: text.notNull,
    },
    { primaryKey: ["lender_id", "bucket"] },
  );
  await addColumns(db, "lender_decisions", { predicted_permille: integer });
}

export async function down(db: Kysely<unknown>) {
  await dropTables(db, ["approval_odds"]);
  await dropColumns(db, "lender_decisions", ["predicted_permille"]);
}
