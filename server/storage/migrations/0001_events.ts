import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { ColumnTypes } from "./column-types";

/** Tracking events (SPEC §3): ids and attribution only, no personal data. */
export function createEventsTable(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("events")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("event_id", "integer", (column) => column.notNull())
        .addColumn("provider_id", "text")
        .addColumn("session_id", "text")
        .addColumn("client_id", "text")
        .addColumn("domain", "text")
        .addColumn("referer", "text")
        .addColumn("attribution", "text", (column) => column.notNull())
        .addColumn("created_at", types.timestamp, (column) => column.notNull())
        .execute();
      await db.schema.createIndex("events_created_at").on("events").column("created_at").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("events").execute();
    },
  };
}
