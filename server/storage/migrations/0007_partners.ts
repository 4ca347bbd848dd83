import type { Kysely } from "kysely";
import type { Column, Columns } from "./column-types";
import { addColumns, createIndexes, createTable, dropColumns, dropTables } from "./tables";

/**
 * The partner programme (issue 8): partners and their keys, which partner
 * a lead and a click belong to, the shared counters of the partner API's
 * rate limits, and the outbox of postbacks to partners (one per click and
 * status). Nothing personal: partners never receive a lead's personal data.
 */
export async function up(db: Kysely<unknown>, columns: Columns) {
  const { text, integer, bigint, timestamp } = columns;
  await createTable(db, "partners", {
    id: text.primaryKey,
    name: text.notNull,
    payout_model: text.notNull,
    payout_rupees: integer.notNull,
    // Public by design (it sits in partners' pages), so stored as it is.
    publishable_key: text.notNull.unique,
    // SHA-256 of the secret key: the key itself is shown once and never stored.
    secret_key_hash: text.notNull.unique,
    // JSON array of origins (https://partner.lk) the publishable key may be used from.
    origins: text.notNull,
    postback_url: text,
    // Signs postbacks (HMAC-SHA256); we must keep it to sign, so it is not the secret key.
    postback_secret: text.notNull,
    created_at: timestamp.notNull,
    disabled_at: timestamp,
  });

  for (const table of ["leads", "clicks"]) {
    await addColumns(db, table, { partner_id: text });
    await createIndexes(db, table, { [`${table}_partner`]: ["partner_id", "created_at"] });
  }

  // Fixed windows per key; several server instances count in the same row.
  await createTable(
    db,
    "rate_limits",
    { key: text.notNull, window_start: bigint.notNull, count: integer.notNull },
    { primaryKey: ["key", "window_start"] },
  );

  await createPostbackOutbox(db, "partner_postbacks", columns, ["click_id", "status"], {
    click_id: text.notNull,
    status: text.notNull,
    partner_id: text.notNull,
    lead_id: text,
    // Whole rupees owed to the partner for this status (0 when none).
    payout_rupees: integer.notNull,
  });
}

export async function down(db: Kysely<unknown>) {
  await dropTables(db, ["partner_postbacks", "rate_limits"]);
  for (const table of ["clicks", "leads"]) {
    await db.schema.dropIndex(`${table}_partner`).execute();
    await dropColumns(db, table, ["partner_id"]);
  }
  await db.schema.dropTable("partners").execute();
}

/**
 * An outbox of postbacks to partners: this one, one row per click and
 * status, and 0028's, one per lead. A row is `keyColumns`, then its
 * delivery: the address as sent with its macros filled in (null: the
 * partner has no postback URL), the tries, when the next is due, when it was
 * delivered or given up, the last error ("HTTP 500", "timeout"…: never a
 * response body), and when it was made (here, when the lender's postback
 * arrived: the day it counts on in the partner's stats). Indexed by when
 * it is due and by partner and time.
 */
export async function createPostbackOutbox(
  db: Kysely<unknown>,
  table: string,
  { text, integer, timestamp }: Columns,
  primaryKey: string[],
  keyColumns: Record<string, Column>,
): Promise<void> {
  await createTable(
    db,
    table,
    {
      ...keyColumns,
      url: text,
      attempts: integer.notNull,
      next_attempt_at: timestamp,
      delivered_at: timestamp,
      failed_at: timestamp,
      last_error: text,
      created_at: timestamp.notNull,
    },
    { primaryKey },
  );
  await createIndexes(db, table, {
    [`${table}_due`]: ["next_attempt_at"],
    [`${table}_partner`]: ["partner_id", "created_at"],
  });
}
