import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { ColumnTypes } from "./column-types";

/**
 * The partner programme (issue 8): partners and their keys, which partner
 * a lead and a click belong to, the shared counters of the partner API's
 * rate limits, and the outbox of postbacks to partners (one per click and
 * status). Nothing personal: partners never receive a lead's personal data.
 */
export function createPartnerTables(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("partners")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("name", "text", (column) => column.notNull())
        .addColumn("payout_model", "text", (column) => column.notNull())
        .addColumn("payout_rupees", "integer", (column) => column.notNull())
        // Public by design (it sits in partners' pages), so stored as it is.
        .addColumn("publishable_key", "text", (column) => column.notNull().unique())
        // SHA-256 of the secret key: the key itself is shown once and never stored.
        .addColumn("secret_key_hash", "text", (column) => column.notNull().unique())
        // JSON array of origins (https://partner.lk) the publishable key may be used from.
        .addColumn("origins", "text", (column) => column.notNull())
        .addColumn("postback_url", "text")
        // Signs postbacks (HMAC-SHA256); we must keep it to sign, so it is not the secret key.
        .addColumn("postback_secret", "text", (column) => column.notNull())
        .addColumn("created_at", types.timestamp, (column) => column.notNull())
        .addColumn("disabled_at", types.timestamp)
        .execute();

      await db.schema.alterTable("leads").addColumn("partner_id", "text").execute();
      await db.schema
        .createIndex("leads_partner")
        .on("leads")
        .columns(["partner_id", "created_at"])
        .execute();
      await db.schema.alterTable("clicks").addColumn("partner_id", "text").execute();
      await db.schema
        .createIndex("clicks_partner")
        .on("clicks")
        .columns(["partner_id", "created_at"])
        .execute();

      // Fixed windows per key; several server instances count in the same row.
      await db.schema
        .createTable("rate_limits")
        .addColumn("key", "text", (column) => column.notNull())
        .addColumn("window_start", "bigint", (column) => column.notNull())
        .addColumn("count", "integer", (column) => column.notNull())
        .addPrimaryKeyConstraint("rate_limits_pk", ["key", "window_start"])
        .execute();

      await db.schema
        .createTable("partner_postbacks")
        .addColumn("click_id", "text", (column) => column.notNull())
        .addColumn("status", "text", (column) => column.notNull())
        .addColumn("partner_id", "text", (column) => column.notNull())
        .addColumn("lead_id", "text")
        // Whole rupees owed to the partner for this status (0 when none).
        .addColumn("payout_rupees", "integer", (column) => column.notNull())
        // The address as sent, macros filled in; null when the partner has no postback URL.
        .addColumn("url", "text")
        .addColumn("attempts", "integer", (column) => column.notNull())
        .addColumn("next_attempt_at", types.timestamp)
        .addColumn("delivered_at", types.timestamp)
        .addColumn("failed_at", types.timestamp)
        // "HTTP 500", "timeout"…: never a response body.
        .addColumn("last_error", "text")
        // When the lender's postback arrived: the day it counts on in the partner's stats.
        .addColumn("created_at", types.timestamp, (column) => column.notNull())
        .addPrimaryKeyConstraint("partner_postbacks_pk", ["click_id", "status"])
        .execute();
      await db.schema
        .createIndex("partner_postbacks_due")
        .on("partner_postbacks")
        .column("next_attempt_at")
        .execute();
      await db.schema
        .createIndex("partner_postbacks_partner")
        .on("partner_postbacks")
        .columns(["partner_id", "created_at"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("partner_postbacks").execute();
      await db.schema.dropTable("rate_limits").execute();
      await db.schema.dropIndex("clicks_partner").execute();
      await db.schema.alterTable("clicks").dropColumn("partner_id").execute();
      await db.schema.dropIndex("leads_partner").execute();
      await db.schema.alterTable("leads").dropColumn("partner_id").execute();
      await db.schema.dropTable("partners").execute();
    },
  };
}
