import { type Kysely, sql } from "kysely";
import type { Columns } from "./column-types";
import { addColumns, createIndexes, createTable, dropColumns, dropTables } from "./tables";

/**
 * Issue 14's one-time codes: a lead is unverified until its applicant
 * enters the code we sent to their phone (leads.verified_at), and a repeat
 * application points at the verified lead it repeats (leads.repeat_of).
 * The code of an unverified lead is kept only as a keyed hash
 * (lead_verifications), and the links of confirmation e-mails are opaque
 * tokens kept only as hashes (landing_tokens). Both go with their lead.
 */
export async function up(db: Kysely<unknown>, { text, integer, timestamp }: Columns) {
  await addColumns(db, "leads", { verified_at: timestamp, repeat_of: text });
  // Leads taken before codes existed were shared under the old rules: they stay leads.
  await sql`update leads set verified_at = created_at`.execute(db);
  // The 24-hour sweep of unverified leads.
  await createIndexes(db, "leads", { leads_unverified: ["verified_at", "created_at"] });

  await createTable(db, "lead_verifications", {
    lead_id: text.primaryKey.references("leads.id"),
    // "site" (POST /api/applications) or "partner_api": each is verified only where it came.
    via: text.notNull,
    // The language of the SMS, for resends.
    locale: text.notNull,
    // HMAC-SHA256 of the code under the installation key: never the code itself.
    code_hash: text.notNull,
    expires_at: timestamp.notNull,
    // Wrong tries of the current code.
    tries: integer.notNull,
    // Codes sent for this lead: the wait before the next one grows with it.
    sends: integer.notNull,
    resend_at: timestamp.notNull,
    created_at: timestamp.notNull,
  });

  await createTable(db, "landing_tokens", {
    // SHA-256 of the token (256 random bits): the token itself is only in the link.
    token_hash: text.primaryKey,
    lead_id: text.notNull.references("leads.id"),
    expires_at: timestamp.notNull,
    created_at: timestamp.notNull,
  });
  await createIndexes(db, "landing_tokens", {
    landing_tokens_expiry: ["expires_at"],
    landing_tokens_lead: ["lead_id"],
  });
}

export async function down(db: Kysely<unknown>) {
  await dropTables(db, ["landing_tokens", "lead_verifications"]);
  await db.schema.dropIndex("leads_unverified").execute();
  await dropColumns(db, "leads", ["repeat_of", "verified_at"]);
}
