import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { ColumnTypes } from "./column-types";

/**
 * Partners' statements (issue 18, decision 0245): an operator's adjustment
 * to what a partner is owed for a Colombo month (a correction, a bonus, a
 * chargeback), signed whole rupees with its reason; the payout run that
 * took it into a payment (null until one does), each in one run at most.
 */
export function createPartnerAdjustmentsTable(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("partner_adjustments")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("partner_id", "text", (column) =>
          column.notNull().references("partners.id").onDelete("cascade"),
        )
        // The Colombo month it belongs to, "2026-11".
        .addColumn("month", "text", (column) => column.notNull())
        .addColumn("rupees", "bigint", (column) => column.notNull())
        .addColumn("reason", "text", (column) => column.notNull())
        .addColumn("created_by", "text", (column) => column.notNull())
        .addColumn("created_at", types.timestamp, (column) => column.notNull())
        .addColumn("run_id", "text", (column) =>
          column.references("payout_runs.id").onDelete("set null"),
        )
        .execute();
      await db.schema
        .createIndex("partner_adjustments_partner_month")
        .on("partner_adjustments")
        .columns(["partner_id", "month"])
        .execute();
      await db.schema
        .createIndex("partner_adjustments_run")
        .on("partner_adjustments")
        .columns(["run_id"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("partner_adjustments").execute();
    },
  };
}
