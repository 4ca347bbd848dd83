import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { ColumnTypes } from "./column-types";

/**
 * Issue 6: what an application carries beyond attribution (its promo code,
 * its experiment flow, the country config's lead id), and Web Push
 * subscriptions, each tied to the lead whose status it reports.
 */
export function createTrackingTables(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("leads").addColumn("promo_code", "text").execute();
      await db.schema.alterTable("leads").addColumn("experiment_flow", "text").execute();
      await db.schema.alterTable("leads").addColumn("lead_form", "text").execute();
      await db.schema
        .createTable("push_subscriptions")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("lead_id", "text", (column) => column.notNull())
        .addColumn("endpoint", "text", (column) => column.notNull().unique())
        .addColumn("p256dh", "text", (column) => column.notNull())
        .addColumn("auth", "text", (column) => column.notNull())
        .addColumn("locale", "text", (column) => column.notNull())
        .addColumn("created_at", types.timestamp, (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex("push_subscriptions_lead")
        .on("push_subscriptions")
        .column("lead_id")
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("push_subscriptions").execute();
      await db.schema.alterTable("leads").dropColumn("lead_form").execute();
      await db.schema.alterTable("leads").dropColumn("experiment_flow").execute();
      await db.schema.alterTable("leads").dropColumn("promo_code").execute();
    },
  };
}
