import type { Kysely } from "kysely";
import type { Columns } from "./column-types";
import { createIndexes, createTable, dropTables } from "./tables";

/**
 * Lenders and their products in storage (issue 15), instead of a JSON file
 * shipped with the build: a lender's names, legal name, licence, status,
 * daily cap and how it decides (by its products' published criteria, or by
 * its decision API); its logo; and its products, each an offer of the feed
 * (SPEC §3) whose terms, ranges and criteria are kept as validated JSON.
 * The sample lenders are written in by the lenders service on a database's
 * first start (server/lenders/lenders.ts), not by this migration.
 */
export async function up(db: Kysely<unknown>, { text, integer, timestamp, binary }: Columns) {
  await createTable(db, "lenders", {
    id: text.primaryKey,
    // JSON: the lender's name in each language, { "en": …, "si": … }.
    names: text.notNull,
    legal_name: text.notNull,
    website: text,
    complaints_contact: text,
    licence_regulator: text,
    licence_category: text,
    licence_number: text,
    status: text.notNull,
    daily_lead_cap: integer,
    decision_mode: text.notNull,
    api_url: text,
    // Signs our decision requests and checks the lender's callbacks and postbacks.
    api_secret: text,
    // JSON array: the application's fields this lender receives.
    api_fields: text,
    sample: integer.notNull.defaultTo(0),
    sandbox: integer.notNull.defaultTo(0),
    created_at: timestamp.notNull,
    updated_at: timestamp.notNull,
  });

  await createTable(db, "lender_logos", {
    lender_id: text.primaryKey,
    content_type: text.notNull,
    data: binary.notNull,
    updated_at: timestamp.notNull,
  });

  await createTable(db, "lender_products", {
    // The offer id of the feed (SPEC §3), in click-outs and the lead feed: never reused.
    offer_id: integer.primaryKey,
    lender_id: text.notNull,
    position: integer.notNull,
    // JSON: the offer as core/domain/schemas/offer.ts describes it, its lender aside.
    offer: text.notNull,
    created_at: timestamp.notNull,
    updated_at: timestamp.notNull,
  });
  await createIndexes(db, "lender_products", { lender_products_lender: ["lender_id", "position"] });
}

export async function down(db: Kysely<unknown>) {
  await dropTables(db, ["lender_products", "lender_logos", "lenders"]);
}
