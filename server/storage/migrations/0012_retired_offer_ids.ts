import type { Kysely } from "kysely";
import type { Columns } from "./column-types";
import { createTable } from "./tables";

/**
 * The offer ids a lender's products no longer use (issue 15): an offer id
 * names one product of one lender for ever (click-outs, postbacks, the lead
 * feed and partners' statistics keep it), so once `npm run lenders --
 * import` drops a product, its id stays its lender's and no other lender
 * may take it (server/lenders/lender-import.ts).
 */
export async function up(db: Kysely<unknown>, { text, integer, timestamp }: Columns) {
  await createTable(db, "retired_offer_ids", {
    offer_id: integer.primaryKey,
    lender_id: text.notNull,
    retired_at: timestamp.notNull,
  });
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("retired_offer_ids").execute();
}
