import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { ColumnTypes } from "./column-types";

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
export function createDecisionTables(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("lender_decisions")
        // Opaque (128 random bits): the idempotency key we send, and what a callback names.
        .addColumn("decision_id", "text", (column) => column.primaryKey())
        .addColumn("lead_id", "text", (column) =>
          column.notNull().references("leads.id").onDelete("cascade"),
        )
        .addColumn("lender_id", "text", (column) => column.notNull())
        // waiting | approved | declined | pending | failed (core/domain/decisions.ts).
        .addColumn("status", "text", (column) => column.notNull())
        // Approved: the lender's product, the loan it approved and its terms (JSON LoanTerms).
        .addColumn("offer_id", "integer")
        .addColumn("amount", "integer")
        .addColumn("term_days", "integer")
        .addColumn("terms", "text")
        .addColumn("expires_at", types.timestamp)
        // Where the applicant applies; its {click_id} and {sub…} are filled at the click-out.
        .addColumn("apply_url", "text")
        // Declined: the lender's reason code.
        .addColumn("reason", "text")
        // Failed: timeout, network, http_503, invalid_answer, circuit_open, busy, refused_…
        .addColumn("error", "text")
        .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
        // From the first request to the lender's answer (or to giving up), in milliseconds.
        .addColumn("latency_ms", "integer")
        .addColumn("asked_at", types.timestamp, (column) => column.notNull())
        .addColumn("deadline_at", types.timestamp, (column) => column.notNull())
        .addColumn("answered_at", types.timestamp)
        // When approved or declined became known: the answer, or the callback after `pending`.
        .addColumn("decided_at", types.timestamp)
        .execute();
      await db.schema
        .createIndex("lender_decisions_lead")
        .on("lender_decisions")
        .columns(["lead_id", "lender_id"])
        .unique()
        .execute();
      // The daily cap and the lender's statistics count a lender's rows by day.
      await db.schema
        .createIndex("lender_decisions_lender")
        .on("lender_decisions")
        .columns(["lender_id", "asked_at"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("lender_decisions").execute();
    },
  };
}
