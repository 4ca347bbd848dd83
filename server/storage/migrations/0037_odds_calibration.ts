import type { Kysely } from "kysely";
import type { Columns } from "./column-types";
import { createTable, dropTables } from "./tables";

/**
 * The calibration of approval odds (issue 36, decision 0459): per lender and
 * decile of the odds shown (0–9), the decisions of the 90 Colombo days before
 * `counted_on` asked with odds and answered, their predictions added up
 * (thousandths), their approvals, and their squared errors added up
 * (millionths, for the Brier score). Counted once a day, as approval_odds;
 * the back office reads at most ten rows a lender.
 */
export async function up(db: Kysely<unknown>, { text, integer, bigint }: Columns) {
  await createTable(
    db,
    "odds_calibration",
    {
      lender_id: text.notNull,
      decile: integer.notNull,
      decisions: integer.notNull,
      predicted_permille: bigint.notNull,
      approved: integer.notNull,
      squares: bigint.notNull,
      counted_on: text.notNull,
    },
    { primaryKey: ["lender_id", "decile"] },
  );
}

export async function down(db: Kysely<unknown>) {
  await dropTables(db, ["odds_calibration"]);
}
