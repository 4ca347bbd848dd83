import type { Kysely } from "kysely";
import type { Columns } from "./column-types";
import { createTable, dropTables } from "./tables";

/**
 * Personal-data erasure (SPEC §2 "Unsubscribe"): a secret key in settings,
 * the keyed hashes of erased e-mails and phones (so we never contact them
 * again), and an audit of requests with counts only, no personal data.
 */
export async function up(db: Kysely<unknown>, { text, integer, timestamp }: Columns) {
  await createTable(db, "settings", { key: text.primaryKey, value: text.notNull });
  await createTable(db, "suppressions", {
    hash: text.primaryKey,
    kind: text.notNull,
    created_at: timestamp.notNull,
  });
  await createTable(db, "erasure_requests", {
    id: text.primaryKey,
    by_email: integer.notNull,
    by_phone: integer.notNull,
    erased_records: integer.notNull,
    created_at: timestamp.notNull,
  });
}

export async function down(db: Kysely<unknown>) {
  await dropTables(db, ["erasure_requests", "suppressions", "settings"]);
}
