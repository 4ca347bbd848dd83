import type { Kysely } from "kysely";
import type { Columns } from "./column-types";
import { addColumns, createIndexes, createTable, dropColumns } from "./tables";

/**
 * Issue 6: what an application carries beyond attribution (its promo code,
 * its experiment flow, the country config's lead id), and Web Push
 * subscriptions, each tied to the lead whose status it reports.
 */
export async function up(db: Kysely<unknown>, { text, timestamp }: Columns) {
  await addColumns(db, "leads", { promo_code: text, experiment_flow: text, lead_form: text });
  await createTable(db, "push_subscriptions", {
    id: text.primaryKey,
    lead_id: text.notNull,
    endpoint: text.notNull.unique,
    p256dh: text.notNull,
    auth: text.notNull,
    locale: text.notNull,
    created_at: timestamp.notNull,
  });
  await createIndexes(db, "push_subscriptions", { push_subscriptions_lead: ["lead_id"] });
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("push_subscriptions").execute();
  await dropColumns(db, "leads", ["lead_form", "experiment_flow", "promo_code"]);
}
