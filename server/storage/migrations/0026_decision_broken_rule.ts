import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { addColumns, type Columns, dropColumns } from "./table-builders";

/**
 * The rule a refused approval broke (issue 30, decision 0354): a lender's
 * answer outside its own product is stored as `failed` with error
 * `invalid_answer` and, here, which rule (core/domain/approval-check.ts), for the
 * operator's statistics and the lender's own log. Null on every other row.
 */
export function createDecisionBrokenRuleColumn({ text }: Columns): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await addColumns(db, "lender_decisions", { broken_rule: text });
    },
    async down(db: Kysely<unknown>) {
      await dropColumns(db, "lender_decisions", ["broken_rule"]);
    },
  };
}
