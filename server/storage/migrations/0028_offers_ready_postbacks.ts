import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { ColumnTypes } from "./column-types";

/**
 * The "offers ready" postback (issue 30, decision 0357): a partner's
 * opt-in (partners.offers_ready_since, when it was turned on; null: off),
 * and its own outbox, one row per lead, apart from partner_postbacks, which
 * is keyed per click and is what the partner's figures, statements and
 * payouts are counted from: this one counts in none of them.
 */
export function createOffersReadyPostbacks(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("partners")
        .addColumn("offers_ready_since", types.timestamp)
        .execute();
      await db.schema
        .createTable("partner_lead_postbacks")
        .addColumn("lead_id", "text", (column) => column.notNull())
        // What the postback says of the lead: offers_ready (its decisions are complete).
        .addColumn("event", "text", (column) => column.notNull())
        .addColumn("partner_id", "text", (column) => column.notNull())
        // The address as sent, macros filled in; null when the partner had none (never sent).
        .addColumn("url", "text")
        .addColumn("attempts", "integer", (column) => column.notNull())
        .addColumn("next_attempt_at", types.timestamp)
        .addColumn("delivered_at", types.timestamp)
        .addColumn("failed_at", types.timestamp)
        // "HTTP 500", "timeout"…: never a response body.
        .addColumn("last_error", "text")
        .addColumn("created_at", types.timestamp, (column) => column.notNull())
        .addPrimaryKeyConstraint("partner_lead_postbacks_pk", ["lead_id", "event"])
        .execute();
      await db.schema
        .createIndex("partner_lead_postbacks_due")
        .on("partner_lead_postbacks")
        .column("next_attempt_at")
        .execute();
      await db.schema
        .createIndex("partner_lead_postbacks_partner")
        .on("partner_lead_postbacks")
        .columns(["partner_id", "created_at"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("partner_lead_postbacks").execute();
      await db.schema.alterTable("partners").dropColumn("offers_ready_since").execute();
    },
  };
}
