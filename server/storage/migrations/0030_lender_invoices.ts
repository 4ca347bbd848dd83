import type { Kysely } from "kysely";
import type { Columns } from "./column-types";
import { createIndexes, createTable, dropTables } from "./tables";

/**
 * Invoices to lenders (issue 34, decision 0394): a lender's price from a
 * Colombo day on (per verified lead sent to it, per click-out or per issued
 * loan, whole rupees), and monthly invoices of the stored events that price
 * bills. An invoice's items are keyed by the event and the model, so no run,
 * however many or at once, bills one event twice.
 */
export async function up(db: Kysely<unknown>, { text, integer, bigint, timestamp }: Columns) {
  await createTable(
    db,
    "lender_prices",
    {
      lender_id: text.notNull.references("lenders.id"),
      // The first Colombo day the price applies to, "2026-11-01".
      valid_from: text.notNull,
      // lead | click | issued
      model: text.notNull,
      rupees: bigint.notNull,
      created_by: text.notNull,
      created_at: timestamp.notNull,
    },
    { primaryKey: ["lender_id", "valid_from"] },
  );
  await createTable(db, "lender_invoices", {
    id: text.primaryKey,
    lender_id: text.notNull,
    // The Colombo month it bills, "2026-11".
    month: text.notNull,
    items: integer.notNull,
    total_rupees: bigint.notNull,
    created_by: text.notNull,
    created_at: timestamp.notNull,
  });
  await createIndexes(db, "lender_invoices", { lender_invoices_month: ["month", "lender_id"] });
  // One billed event: a decision (lead), a click (click) or a click's issued postback (issued).
  await createTable(
    db,
    "lender_invoice_items",
    {
      model: text.notNull,
      source_id: text.notNull,
      invoice_id: text.notNull.references("lender_invoices.id"),
      lender_id: text.notNull,
      rupees: bigint.notNull,
      occurred_at: timestamp.notNull,
    },
    { primaryKey: ["model", "source_id"] },
  );
  await createIndexes(db, "lender_invoice_items", {
    lender_invoice_items_invoice: ["invoice_id"],
  });
}

export async function down(db: Kysely<unknown>) {
  await dropTables(db, ["lender_invoice_items", "lender_invoices", "lender_prices"]);
}
