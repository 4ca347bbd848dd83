import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { ColumnTypes } from "./column-types";

/**
 * Invoices to lenders (issue 34, decision 0394): a lender's price from a
 * Colombo day on (per verified lead sent to it, per click-out or per issued
 * loan, whole rupees), and monthly invoices of the stored events that price
 * bills. An invoice's items are keyed by the event and the model, so no run,
 * however many or at once, bills one event twice.
 */
export function createLenderInvoiceTables(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("lender_prices")
        .addColumn("lender_id", "text", (column) =>
          column.notNull().references("lenders.id").onDelete("cascade"),
        )
        // The first Colombo day the price applies to, "2026-11-01".
        .addColumn("valid_from", "text", (column) => column.notNull())
        // lead | click | issued
        .addColumn("model", "text", (column) => column.notNull())
        .addColumn("rupees", "bigint", (column) => column.notNull())
        .addColumn("created_by", "text", (column) => column.notNull())
        .addColumn("created_at", types.timestamp, (column) => column.notNull())
        .addPrimaryKeyConstraint("lender_prices_pk", ["lender_id", "valid_from"])
        .execute();

      await db.schema
        .createTable("lender_invoices")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("lender_id", "text", (column) => column.notNull())
        // The Colombo month it bills, "2026-11".
        .addColumn("month", "text", (column) => column.notNull())
        .addColumn("items", "integer", (column) => column.notNull())
        .addColumn("total_rupees", "bigint", (column) => column.notNull())
        .addColumn("created_by", "text", (column) => column.notNull())
        .addColumn("created_at", types.timestamp, (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex("lender_invoices_month")
        .on("lender_invoices")
        .columns(["month", "lender_id"])
        .execute();

      // One billed event: a decision (lead), a click (click) or a click's issued postback (issued).
      await db.schema
        .createTable("lender_invoice_items")
        .addColumn("model", "text", (column) => column.notNull())
        .addColumn("source_id", "text", (column) => column.notNull())
        .addColumn("invoice_id", "text", (column) =>
          column.notNull().references("lender_invoices.id").onDelete("cascade"),
        )
        .addColumn("lender_id", "text", (column) => column.notNull())
        .addColumn("rupees", "bigint", (column) => column.notNull())
        .addColumn("occurred_at", types.timestamp, (column) => column.notNull())
        .addPrimaryKeyConstraint("lender_invoice_items_pk", ["model", "source_id"])
        .execute();
      await db.schema
        .createIndex("lender_invoice_items_invoice")
        .on("lender_invoice_items")
        .columns(["invoice_id"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("lender_invoice_items").execute();
      await db.schema.dropTable("lender_invoices").execute();
      await db.schema.dropTable("lender_prices").execute();
    },
  };
}
