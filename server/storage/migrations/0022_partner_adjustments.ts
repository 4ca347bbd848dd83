import type { Kysely } from "kysely";
import type { Columns } from "./column-types";
import { createIndexes, createTable } from "./tables";

/**
 * Partners' statements (issue 18, decision 0245): an operator's adjustment
 * to what a partner is owed for a Colombo month (a correction, a bonus, a
 * chargeback), signed whole rupees with its reason; the payout run that
 * took it into a payment (null until one does), each in one run at most.
 */
export async function up(db: Kysely<unknown>, { text, bigint, timestamp }: Columns) {
  await createTable(db, "partner_adjustments", {
    id: text.primaryKey,
    partner_id: text.notNull.references("partners.id"),
    // The Colombo month it belongs to, "2026-11".
    month: text.notNull,
    rupees: bigint.notNull,
    reason: text.notNull,
    created_by: text.notNull,
    created_at: timestamp.notNull,
    run_id: text.references("payout_runs.id", "set null"),
  });
  await createIndexes(db, "partner_adjustments", {
    partner_adjustments_partner_month: ["partner_id", "month"],
    partner_adjustments_run: ["run_id"],
  });
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("partner_adjustments").execute();
}
