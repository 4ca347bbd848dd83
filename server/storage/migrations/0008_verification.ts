import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { ColumnTypes } from "./column-types";

/**
 * Issue 14's one-time codes: a lead is unverified until its applicant
 * enters the code we sent to their phone (leads.verified_at), and a repeat
 * application points at the verified lead it repeats (leads.repeat_of).
 * The code of an unverified lead is kept only as a keyed hash
 * (lead_verifications), and the links of confirmation e-mails are opaque
 * tokens kept only as hashes (landing_tokens). Both go with their lead.
 */
export function createVerificationTables(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("leads").addColumn("verified_at", types.timestamp).execute();
      await db.schema.alterTable("leads").addColumn("repeat_of", "text").execute();
      // Leads taken before codes existed were shared under the old rules: they stay leads.
      await sql`update leads set verified_at = created_at`.execute(db);
      // The 24-hour sweep of unverified leads.
      await db.schema
        .createIndex("leads_unverified")
        .on("leads")
        .columns(["verified_at", "created_at"])
        .execute();

      await db.schema
        .createTable("lead_verifications")
        .addColumn("lead_id", "text", (column) =>
          column.primaryKey().references("leads.id").onDelete("cascade"),
        )
        // "site" (POST /api/applications) or "partner_api": each is verified only where it came.
        .addColumn("via", "text", (column) => column.notNull())
        // The language of the SMS, for resends.
        .addColumn("locale", "text", (column) => column.notNull())
        // HMAC-SHA256 of the code under the installation key: never the code itself.
        .addColumn("code_hash", "text", (column) => column.notNull())
        .addColumn("expires_at", types.timestamp, (column) => column.notNull())
        // Wrong tries of the current code.
        .addColumn("tries", "integer", (column) => column.notNull())
        // Codes sent for this lead: the wait before the next one grows with it.
        .addColumn("sends", "integer", (column) => column.notNull())
        .addColumn("resend_at", types.timestamp, (column) => column.notNull())
        .addColumn("created_at", types.timestamp, (column) => column.notNull())
        .execute();

      await db.schema
        .createTable("landing_tokens")
        // SHA-256 of the token (256 random bits): the token itself is only in the link.
        .addColumn("token_hash", "text", (column) => column.primaryKey())
        .addColumn("lead_id", "text", (column) =>
          column.notNull().references("leads.id").onDelete("cascade"),
        )
        .addColumn("expires_at", types.timestamp, (column) => column.notNull())
        .addColumn("created_at", types.timestamp, (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex("landing_tokens_expiry")
        .on("landing_tokens")
        .column("expires_at")
        .execute();
      await db.schema
        .createIndex("landing_tokens_lead")
        .on("landing_tokens")
        .column("lead_id")
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("landing_tokens").execute();
      await db.schema.dropTable("lead_verifications").execute();
      await db.schema.dropIndex("leads_unverified").execute();
      await db.schema.alterTable("leads").dropColumn("repeat_of").execute();
      await db.schema.alterTable("leads").dropColumn("verified_at").execute();
    },
  };
}
