import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { ColumnTypes } from "./column-types";

/**
 * The borrower's path (issue 5): applications (leads), click-outs to
 * lenders, and lenders' conversions. Personal data lives only in the
 * nullable columns of leads, which erasure empties (server/borrowers/erasure.ts).
 */
export function createLeadTables(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("leads")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("created_at", types.timestamp, (column) => column.notNull())
        // Keyed hash of NIC and phone, for the 24-hour repeat check; null once erased.
        .addColumn("dedupe_key", "text")
        .addColumn("status", "text", (column) => column.notNull())
        .addColumn("amount", "integer", (column) => column.notNull())
        .addColumn("term_days", "integer", (column) => column.notNull())
        .addColumn("purpose", "text", (column) => column.notNull())
        .addColumn("employment", "text", (column) => column.notNull())
        .addColumn("bank", "text", (column) => column.notNull())
        .addColumn("district", "text", (column) => column.notNull())
        .addColumn("monthly_income", "integer", (column) => column.notNull())
        .addColumn("age", "integer", (column) => column.notNull())
        .addColumn("consent_marketing", "integer", (column) => column.notNull())
        .addColumn("attribution", "text", (column) => column.notNull())
        .addColumn("offer_ids", "text", (column) => column.notNull())
        // Personal data: emptied by an erasure request.
        .addColumn("full_name", "text")
        .addColumn("nic", "text")
        .addColumn("birth_date", "text")
        .addColumn("phone", "text")
        .addColumn("email", "text")
        .addColumn("erased_at", types.timestamp)
        .execute();
      await db.schema
        .createIndex("leads_dedupe")
        .on("leads")
        .columns(["dedupe_key", "created_at"])
        .execute();
      await db.schema
        .createTable("clicks")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("lead_id", "text")
        .addColumn("offer_id", "integer", (column) => column.notNull())
        .addColumn("lender", "text", (column) => column.notNull())
        .addColumn("attribution", "text", (column) => column.notNull())
        .addColumn("created_at", types.timestamp, (column) => column.notNull())
        .execute();
      await db.schema.createIndex("clicks_lead").on("clicks").column("lead_id").execute();
      await db.schema
        .createTable("conversions")
        .addColumn("click_id", "text", (column) => column.notNull())
        .addColumn("status", "text", (column) => column.notNull())
        .addColumn("amount", "integer")
        .addColumn("created_at", types.timestamp, (column) => column.notNull())
        .addPrimaryKeyConstraint("conversions_pk", ["click_id", "status"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("conversions").execute();
      await db.schema.dropTable("clicks").execute();
      await db.schema.dropTable("leads").execute();
    },
  };
}
