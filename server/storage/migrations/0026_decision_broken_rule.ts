import type { Kysely } from "kysely";
import type { Columns } from "./column-types";
import { addColumns, dropColumns } from "./tables";

/**
 * The rule a refused approval broke (issue 30, decision 0354): a lender's
 * answer outside its own product is stored as `failed` with error
 * `invalid_answer` and, here, which rule (core/domain/approval-check.ts), for the
 * operator's statistics and the lender's own log. Null on every other row.
 */
export async function up(db: Kysely<unknown>, { text }: Columns) {
  await addColumns(db, "lender_decisions", { broken_rule: text });
}

export async function down(db: Kysely<unknown>) {
  await dropColumns(db, "lender_decisions", ["broken_rule"]);
}
