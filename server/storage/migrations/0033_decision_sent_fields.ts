import type { Kysely } from "kysely";
import type { Columns } from "./column-types";
import { addColumns, dropColumns } from "./tables";

/**
 * The applicant's fields a decision request carried (issue 34, decision
 * 0407): a JSON array of the decision API's field names, written with the
 * row, so the lender portal's decision log shows an application's fields
 * as they were sent, not as the lender's list is today (a field added to
 * the list later never reveals itself on older applications). Null on rows
 * asked before this migration: the log shows none of their applicant.
 */
export async function up(db: Kysely<unknown>, { text }: Columns) {
  await addColumns(db, "lender_decisions", { sent_fields: text });
}

export async function down(db: Kysely<unknown>) {
  await dropColumns(db, "lender_decisions", ["sent_fields"]);
}
