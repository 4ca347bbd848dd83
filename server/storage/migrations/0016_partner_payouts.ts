import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { ColumnTypes } from "./column-types";

/**
 * The partners' back office (issue 16): a partner's status (a sign-up from
 * the partner portal waits as `pending` until an operator approves it), and
 * payout runs that freeze what each partner earned in a period. A run's
 * items are the postbacks it pays (partner_postbacks rows, by click and
 * status), each in at most one run: the primary key keeps a lead or a sale
 * from being paid twice, whatever the runs' periods.
 */
export function createPartnerPayoutTables(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // pending | active | rejected; partners made before this are active.
      await db.schema
        .alterTable("partners")
        .addColumn("status", "text", (column) => column.notNull().defaultTo("active"))
        .execute();

      // A run and the partners' list read every partner's postbacks of a period at once.
      await db.schema
        .createIndex("partner_postbacks_created")
        .on("partner_postbacks")
        .column("created_at")
        .execute();

      await db.schema
        .createTable("payout_runs")
        .addColumn("id", "text", (column) => column.primaryKey())
        // Colombo calendar dates, both inclusive.
        .addColumn("period_from", "text", (column) => column.notNull())
        .addColumn("period_to", "text", (column) => column.notNull())
        .addColumn("total_rupees", "bigint", (column) => column.notNull())
        .addColumn("created_by", "text", (column) => column.notNull())
        .addColumn("created_at", types.timestamp, (column) => column.notNull())
        .execute();

      // One partner's figure in a run, frozen when the run is made, and its payment.
      await db.schema
        .createTable("payout_run_partners")
        .addColumn("run_id", "text", (column) =>
          column.notNull().references("payout_runs.id").onDelete("cascade"),
        )
        .addColumn("partner_id", "text", (column) => column.notNull())
        .addColumn("items", "integer", (column) => column.notNull())
        .addColumn("total_rupees", "bigint", (column) => column.notNull())
        .addColumn("paid_at", types.timestamp)
        // The bank's, wallet's or PayPal's reference of the transfer.
        .addColumn("paid_reference", "text")
        .addColumn("paid_by", "text")
        .addPrimaryKeyConstraint("payout_run_partners_pk", ["run_id", "partner_id"])
        .execute();

      await db.schema
        .createTable("payout_run_items")
        .addColumn("click_id", "text", (column) => column.notNull())
        .addColumn("status", "text", (column) => column.notNull())
        .addColumn("run_id", "text", (column) =>
          column.notNull().references("payout_runs.id").onDelete("cascade"),
        )
        .addColumn("partner_id", "text", (column) => column.notNull())
        .addColumn("payout_rupees", "integer", (column) => column.notNull())
        // When the lender reported it (the postback's created_at).
        .addColumn("reported_at", types.timestamp, (column) => column.notNull())
        .addPrimaryKeyConstraint("payout_run_items_pk", ["click_id", "status"])
        .execute();
      await db.schema
        .createIndex("payout_run_items_run")
        .on("payout_run_items")
        .columns(["run_id", "partner_id", "reported_at"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("payout_run_items").execute();
      await db.schema.dropTable("payout_run_partners").execute();
      await db.schema.dropTable("payout_runs").execute();
      await db.schema.dropIndex("partner_postbacks_created").execute();
      await db.schema.alterTable("partners").dropColumn("status").execute();
    },
  };
}
