import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * An `api` lender's own limits (issue 30, decision 0351): how many of our
 * requests may be in flight to it at once on one server
 * (`api_concurrency`, 1–64) and how long we wait for its answer from the
 * verification (`api_deadline_ms`, at most LENDER_DEADLINE_MS). Null, as
 * every lender so far: the server's LENDER_CONCURRENCY and
 * LENDER_DEADLINE_MS.
 */
export function createLenderLimitColumns(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("lenders").addColumn("api_concurrency", "integer").execute();
      await db.schema.alterTable("lenders").addColumn("api_deadline_ms", "integer").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("lenders").dropColumn("api_deadline_ms").execute();
      await db.schema.alterTable("lenders").dropColumn("api_concurrency").execute();
    },
  };
}
