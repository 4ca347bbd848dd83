import type { Kysely } from "kysely";
import type { Columns } from "./column-types";
import { createIndexes, createTable } from "./tables";

/** Tracking events (SPEC §3): ids and attribution only, no personal data. */
export async function up(db: Kysely<unknown>, { text, integer, timestamp }: Columns) {
  await createTable(db, "events", {
    id: text.primaryKey,
    event_id: integer.notNull,
    provider_id: text,
    session_id: text,
    client_id: text,
    domain: text,
    referer: text,
    attribution: text.notNull,
    created_at: timestamp.notNull,
  });
  await createIndexes(db, "events", { events_created_at: ["created_at"] });
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("events").execute();
}
