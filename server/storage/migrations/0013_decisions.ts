import type { Kysely } from "kysely";
import type { Columns } from "./column-types";
import { createIndexes, createTable } from "./tables";

/**
 * Lenders' real-time decisions (issue 15): one row per verified
 * application and lender asked through its decision API. The row is
 * written as `waiting` before the lender is asked (so a page read at once
 * knows how many lenders were asked, and the daily cap counts it), then
 * takes the lender's answer (approved with its terms, declined with a
 * reason, pending until its callback) or why there is none (a timeout, an
 * error, an answer we could not read). Latencies and attempts stay for the
 * back office and the lender's statistics. Terms only, never a lender's
 * own APR: core/ computes every figure shown.
 */
export async function up(db: Kysely<unknown>, { text, integer, timestamp }: Columns) {
  await createTable(db, "lender_decisions", {
    // Opaque (128 random bits): the idempotency key we send, and what a callback names.
    decision_id: text.primaryKey,
    lead_id: text.notNull.references("leads.id"),
    lender_id: text.notNull,
    // waiting | approved | declined | pending | failed (core/domain/decisions.ts).
    status: text.notNull,
    // Approved: the lender's product, the loan it approved and its terms (JSON LoanTerms).
    offer_id: integer,
    amount: integer,
    term_days: integer,
    terms: text,
    expires_at: timestamp,
    // Where the applicant applies; its {click_id} and {sub…} are filled at the click-out.
    apply_url: text,
    // Declined: the lender's reason code.
    reason: text,
    // Failed: timeout, network, http_503, invalid_answer, circuit_open, busy, refused_…
    error: text,
    attempts: integer.notNull.defaultTo(0),
    // From the first request to the lender's answer (or to giving up), in milliseconds.
    latency_ms: integer,
    asked_at: timestamp.notNull,
    deadline_at: timestamp.notNull,
    answered_at: timestamp,
    // When approved or declined became known: the answer, or the callback after `pending`.
    decided_at: timestamp,
  });
  await createIndexes(
    db,
    "lender_decisions",
    { lender_decisions_lead: ["lead_id", "lender_id"] },
    { unique: true },
  );
  // The daily cap and the lender's statistics count a lender's rows by day.
  await createIndexes(db, "lender_decisions", {
    lender_decisions_lender: ["lender_id", "asked_at"],
  });
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("lender_decisions").execute();
}
