import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { ColumnTypes } from "./column-types";

/**
 * The offer ids a lender's products no longer use (issue 15): an offer id
 * names one product of one lender for ever (click-outs, postbacks, the lead
 * feed and partners' statistics keep it), so once `npm run lenders --
 * import` drops a product, its id stays its lender's and no other lender
 * may take it (server/lenders/lender-import.ts).
 */
export function createRetiredOfferIdsTable(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("retired_offer_ids")
        .addColumn("offer_id", "integer", (column) => column.primaryKey())
        .addColumn("lender_id", "text", (column) => column.notNull())
        .addColumn("retired_at", types.timestamp, (column) => column.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("retired_offer_ids").execute();
    },
  };
}
