import type { Kysely } from "kysely";
import { createPostbackOutbox } from "./0007_partners";
import type { Columns } from "./column-types";
import { addColumns, dropColumns } from "./tables";

/**
 * The "offers ready" postback (issue 30, decision 0357): a partner's
 * opt-in (partners.offers_ready_since, when it was turned on; null: off),
 * and its own outbox, one row per lead, apart from partner_postbacks, which
 * is keyed per click and is what the partner's figures, statements and
 * payouts are counted from: this one counts in none of them.
 */
export async function up(db: Kysely<unknown>, columns: Columns) {
  const { text, timestamp } = columns;
  await addColumns(db, "partners", { offers_ready_since: timestamp });
  // Delivered as 0007's postbacks are; url null: the partner had none (never sent).
  await createPostbackOutbox(db, "partner_lead_postbacks", columns, ["lead_id", "event"], {
    lead_id: text.notNull,
    // What the postback says of the lead: offers_ready (its decisions are complete).
    event: text.notNull,
    partner_id: text.notNull,
  });
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("partner_lead_postbacks").execute();
  await dropColumns(db, "partners", ["offers_ready_since"]);
}
