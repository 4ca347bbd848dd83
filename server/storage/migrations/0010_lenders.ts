import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { ColumnTypes } from "./column-types";

/**
 * Lenders and their products in storage (issue 15), instead of a JSON file
 * shipped with the build: a lender's names, legal name, licence, status,
 * daily cap and how it decides (by its products' published criteria, or by
 * its decision API); its logo; and its products, each an offer of the feed
 * (SPEC §3) whose terms, ranges and criteria are kept as validated JSON.
 * The sample lenders are written in by the lenders service on a database's
 * first start (server/lenders/lenders.ts), not by this migration.
 */
export function createLenderTables(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("lenders")
        .addColumn("id", "text", (column) => column.primaryKey())
        // JSON: the lender's name in each language, { "en": …, "si": … }.
        .addColumn("names", "text", (column) => column.notNull())
        .addColumn("legal_name", "text", (column) => column.notNull())
        .addColumn("website", "text")
        .addColumn("complaints_contact", "text")
        .addColumn("licence_regulator", "text")
        .addColumn("licence_category", "text")
        .addColumn("licence_number", "text")
        .addColumn("status", "text", (column) => column.notNull())
        .addColumn("daily_lead_cap", "integer")
        .addColumn("decision_mode", "text", (column) => column.notNull())
        .addColumn("api_url", "text")
        // Signs our decision requests and checks the lender's callbacks and postbacks.
        .addColumn("api_secret", "text")
        // JSON array: the application's fields this lender receives.
        .addColumn("api_fields", "text")
        .addColumn("sample", "integer", (column) => column.notNull().defaultTo(0))
        .addColumn("sandbox", "integer", (column) => column.notNull().defaultTo(0))
        .addColumn("created_at", types.timestamp, (column) => column.notNull())
        .addColumn("updated_at", types.timestamp, (column) => column.notNull())
        .execute();

      await db.schema
        .createTable("lender_logos")
        .addColumn("lender_id", "text", (column) => column.primaryKey())
        .addColumn("content_type", "text", (column) => column.notNull())
        .addColumn("data", types.binary, (column) => column.notNull())
        .addColumn("updated_at", types.timestamp, (column) => column.notNull())
        .execute();

      await db.schema
        .createTable("lender_products")
        // The offer id of the feed (SPEC §3), in click-outs and the lead feed: never reused.
        .addColumn("offer_id", "integer", (column) => column.primaryKey())
        .addColumn("lender_id", "text", (column) => column.notNull())
        .addColumn("position", "integer", (column) => column.notNull())
        // JSON: the offer as core/domain/schemas/offer.ts describes it, its lender aside.
        .addColumn("offer", "text", (column) => column.notNull())
        .addColumn("created_at", types.timestamp, (column) => column.notNull())
        .addColumn("updated_at", types.timestamp, (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex("lender_products_lender")
        .on("lender_products")
        .columns(["lender_id", "position"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("lender_products").execute();
      await db.schema.dropTable("lender_logos").execute();
      await db.schema.dropTable("lenders").execute();
    },
  };
}
