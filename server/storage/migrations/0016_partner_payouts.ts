import type { Kysely } from "kysely";
import type { Columns } from "./column-types";
import { addColumns, createIndexes, createTable, dropColumns, dropTables } from "./tables";

/**
 * The partners' back office (issue 16): a partner's status (a sign-up from
 * the partner portal waits as `pending` until an operator approves it), and
 * payout runs that freeze what each partner earned in a period. A run's
 * items are the postbacks it pays (partner_postbacks rows, by click and
 * status), each in at most one run: the primary key keeps a lead or a sale
 * from being paid twice, whatever the runs' periods.
 */
export async function up(db: Kysely<unknown>, { text, integer, bigint, timestamp }: Columns) {
  const run = text.notNull.references("payout_runs.id");
  // pending | active | rejected; partners made before this are active.
  await addColumns(db, "partners", { status: text.notNull.defaultTo("active") });

  // A run and the partners' list read every partner's postbacks of a period at once.
  await createIndexes(db, "partner_postbacks", { partner_postbacks_created: ["created_at"] });

  await createTable(db, "payout_runs", {
    id: text.primaryKey,
    // Colombo calendar dates, both inclusive.
    period_from: text.notNull,
    period_to: text.notNull,
    total_rupees: bigint.notNull,
    created_by: text.notNull,
    created_at: timestamp.notNull,
  });

  // One partner's figure in a run, frozen when the run is made, and its payment.
  await createTable(
    db,
    "payout_run_partners",
    {
      run_id: run,
      partner_id: text.notNull,
      items: integer.notNull,
      total_rupees: bigint.notNull,
      paid_at: timestamp,
      // The bank's, wallet's or PayPal's reference of the transfer.
      paid_reference: text,
      paid_by: text,
    },
    { primaryKey: ["run_id", "partner_id"] },
  );

  await createTable(
    db,
    "payout_run_items",
    {
      click_id: text.notNull,
      status: text.notNull,
      run_id: run,
      partner_id: text.notNull,
      payout_rupees: integer.notNull,
      // When the lender reported it (the postback's created_at).
      reported_at: timestamp.notNull,
    },
    { primaryKey: ["click_id", "status"] },
  );
  await createIndexes(db, "payout_run_items", {
    payout_run_items_run: ["run_id", "partner_id", "reported_at"],
  });
}

export async function down(db: Kysely<unknown>) {
  await dropTables(db, ["payout_run_items", "payout_run_partners", "payout_runs"]);
  await db.schema.dropIndex("partner_postbacks_created").execute();
  await dropColumns(db, "partners", ["status"]);
}
