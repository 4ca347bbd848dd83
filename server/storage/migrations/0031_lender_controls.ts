import type { Kysely } from "kysely";
import type { Columns } from "./column-types";
import { addColumns, dropColumns } from "./tables";

/**
 * The lender portal's controls (issue 34, decisions 0410, 0412): who paused
 * a paused lender (`paused_by`: lender or operator; a lender resumes only
 * its own pause), and, after the lender rotated its live secret, the one it
 * replaced (`api_secret_previous`, stored as `api_secret` is) with the time
 * it stops being accepted (`api_secret_previous_until`).
 */
export async function up(db: Kysely<unknown>, { text, timestamp }: Columns) {
  await addColumns(db, "lenders", {
    paused_by: text,
    api_secret_previous: text,
    api_secret_previous_until: timestamp,
  });
}

export async function down(db: Kysely<unknown>) {
  await dropColumns(db, "lenders", [
    "api_secret_previous_until",
    "api_secret_previous",
    "paused_by",
  ]);
}
