import type { Kysely } from "kysely";
import type { Columns } from "./column-types";
import { createIndexes, createTable, dropTables } from "./tables";

/**
 * The `Idempotency-Key`s of the borrower's writes (issue 37, decision 0475):
 * one row per key as claimed, its id the keyed hash of the route, the
 * visitor and the key (no key in the clear), the body's keyed hash, the
 * lease of the request doing it (ISO times, compared as text on both
 * engines), and once done its answer sealed under the lead's data key with
 * the lead it names (an erasure deletes the row). Rows expire after 24 hours.
 */
export async function up(db: Kysely<unknown>, { text, integer }: Columns) {
  await createTable(db, "idempotency_keys", {
    id: text.primaryKey,
    fingerprint: text.notNull,
    lease_until: text.notNull,
    expires_at: text.notNull,
    status: integer,
    answer: text,
    key_id: text,
    lead_id: text,
    created_at: text.notNull,
  });
  await createIndexes(db, "idempotency_keys", {
    idempotency_keys_expires_at: ["expires_at"],
    idempotency_keys_lead_id: ["lead_id"],
  });
}

export async function down(db: Kysely<unknown>) {
  await dropTables(db, ["idempotency_keys"]);
}
