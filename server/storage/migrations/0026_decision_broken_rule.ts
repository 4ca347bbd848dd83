import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * The rule a refused approval broke (issue 30, decision 0354): a lender's
 * answer outside its own product is stored as `failed` with error
 * `invalid_answer` and, here, which rule (core/domain/approval-check.ts), for the
 * operator's statistics and the lender's own log. Null on every other row.
 */
export function createDecisionBrokenRuleColumn(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("lender_decisions").addColumn("broken_rule", "text").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("lender_decisions").dropColumn("broken_rule").execute();
    },
  };
}
