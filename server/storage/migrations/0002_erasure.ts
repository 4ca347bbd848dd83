import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { ColumnTypes } from "./column-types";

/**
 * Personal-data erasure (SPEC §2 "Unsubscribe"): a secret key in settings,
 * the keyed hashes of erased e-mails and phones (so we never contact them
 * again), and an audit of requests with counts only, no personal data.
 */
export function createErasureTables(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("settings")
        .addColumn("key", "text", (column) => column.primaryKey())
        .addColumn("value", "text", (column) => column.notNull())
        .execute();
      await db.schema
        .createTable("suppressions")
        .addColumn("hash", "text", (column) => column.primaryKey())
        .addColumn("kind", "text", (column) => column.notNull())
        .addColumn("created_at", types.timestamp, (column) => column.notNull())
        .execute();
      await db.schema
        .createTable("erasure_requests")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("by_email", "integer", (column) => column.notNull())
        .addColumn("by_phone", "integer", (column) => column.notNull())
        .addColumn("erased_records", "integer", (column) => column.notNull())
        .addColumn("created_at", types.timestamp, (column) => column.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("erasure_requests").execute();
      await db.schema.dropTable("suppressions").execute();
      await db.schema.dropTable("settings").execute();
    },
  };
}
