import { sql } from "kysely";
import {
  type Calibration,
  calibrationOfSums,
  type DecileSums,
  ODDS_WINDOW_DAYS,
} from "../../core/domain/approval-odds";
import { addDays, colomboDayStart, colomboToday } from "../../core/helpers/dates";
import type { Storage } from "../storage/database";

/**
 * How well each lender's approval odds foretold its answers (issue 36,
 * decision 0459): the decisions of the 90 Colombo days before today that
 * were asked with odds (`predicted_permille`) and answered (approved or
 * declined), grouped in storage by lender and decile, so a read costs one
 * query of at most ten rows a lender whatever the number of decisions.
 */

/** The predicted share's tenth, 0–9, from thousandths (1000 is the top decile's): literals for PostgreSQL's GROUP BY. */
const DECILE = sql<number>`case ${sql.join(
  Array.from(
    { length: 9 },
    (_, decile) =>
      sql`when lender_decisions.predicted_permille < ${sql.lit((decile + 1) * 100)} then ${sql.lit(decile)}`,
  ),
  sql` `,
)} else ${sql.lit(9)} end`;

export interface CalibrationOptions {
  /** Whether the sandbox lenders' decisions count: never in production, as the odds themselves. */
  withSandbox: boolean;
  /** Only these lenders; every lender with such decisions otherwise. */
  lenderIds?: readonly string[] | undefined;
}

/** Each lender's calibration; a lender without a decision asked with odds is absent. */
export async function oddsCalibrations(
  storage: Storage,
  now: Date,
  { withSandbox, lenderIds }: CalibrationOptions,
): Promise<Map<string, Calibration>> {
  const today = colomboToday(now);
  if (lenderIds && lenderIds.length === 0) return new Map();
  let query = storage.db
    .selectFrom("lender_decisions")
    .innerJoin("lenders", "lenders.id", "lender_decisions.lender_id")
    .select((eb) => [
      "lender_decisions.lender_id",
      DECILE.as("decile"),
      eb.fn.countAll<number>().as("count"),
      eb.fn.sum<number>("lender_decisions.predicted_permille").as("predicted"),
      eb.fn
        .sum<number>(
          eb.case().when("lender_decisions.status", "=", "approved").then(1).else(0).end(),
        )
        .as("approved"),
      // (predicted − outcome)², in millionths: exact integers on both engines.
      sql<number>`sum(case when lender_decisions.status = 'approved'
        then (1000 - lender_decisions.predicted_permille) * (1000 - lender_decisions.predicted_permille)
        else lender_decisions.predicted_permille * lender_decisions.predicted_permille end)`.as(
        "squares",
      ),
    ])
    .where("lender_decisions.asked_at", ">=", colomboDayStart(addDays(today, -ODDS_WINDOW_DAYS)))
    .where("lender_decisions.asked_at", "<", colomboDayStart(today))
    .where("lender_decisions.status", "in", ["approved", "declined"])
    .where("lender_decisions.predicted_permille", "is not", null)
    .groupBy(["lender_decisions.lender_id", DECILE]);
  if (!withSandbox) query = query.where("lenders.sandbox", "=", 0);
  if (lenderIds) query = query.where("lender_decisions.lender_id", "in", lenderIds);
  const rows = await query.execute();

  const byLender = new Map<string, { sums: DecileSums[]; squares: number }>();
  for (const row of rows) {
    // PostgreSQL sums and counts in bigint or numeric, which its driver hands over as text.
    const lender = byLender.get(row.lender_id) ?? { sums: [], squares: 0 };
    lender.sums.push({
      decile: Number(row.decile),
      count: Number(row.count),
      predicted: Number(row.predicted) / 1000,
      approved: Number(row.approved),
    });
    lender.squares += Number(row.squares) / 1_000_000;
    byLender.set(row.lender_id, lender);
  }
  return new Map(
    [...byLender].map(([lenderId, { sums, squares }]) => [
      lenderId,
      calibrationOfSums(sums, squares),
    ]),
  );
}
