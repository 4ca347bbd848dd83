import type { Kysely } from "kysely";
import type { Columns } from "./column-types";
import { addColumns, dropColumns } from "./tables";

/**
 * An `api` lender's own limits (issue 30, decision 0351): how many of our
 * requests may be in flight to it at once on one server
 * (`api_concurrency`, 1–64) and how long we wait for its answer from the
 * verification (`api_deadline_ms`, at most LENDER_DEADLINE_MS). Null, as
 * every lender so far: the server's LENDER_CONCURRENCY and
 * LENDER_DEADLINE_MS.
 */
export async function up(db: Kysely<unknown>, { integer }: Columns) {
  await addColumns(db, "lenders", { api_concurrency: integer, api_deadline_ms: integer });
}

export async function down(db: Kysely<unknown>) {
  await dropColumns(db, "lenders", ["api_deadline_ms", "api_concurrency"]);
}
