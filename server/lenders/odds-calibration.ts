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
 * declined), grouped in storage by lender and decile once a day into
 * `odds_calibration` (the server's background work, beside the odds' own
 * count), so a page reads at most ten rows a lender whatever the number of
 * decisions.
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
}

/** Recounts odds_calibration from the decisions of the 90 Colombo days before today; its rows. */
export async function countOddsCalibration(
  storage: Storage,
  now: Date,
  { withSandbox }: CalibrationOptions,
): Promise<number> {
  const today = colomboToday(now);
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
  // PostgreSQL sums and counts in bigint or numeric, which its driver hands over as text.
  const values = (await query.execute()).map((row) => ({
    lender_id: row.lender_id,
    decile: Number(row.decile),
    decisions: Number(row.count),
    predicted_permille: Number(row.predicted),
    approved: Number(row.approved),
    squares: Number(row.squares),
    counted_on: today,
  }));
  await storage.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("odds_calibration").execute();
    // Upserted: another instance counting at the same time may have written the same rows.
    // One statement: ten rows a lender at most (70 values; SQLite takes 32,766).
    if (values.length === 0) return;
    await trx
      .insertInto("odds_calibration")
      .values(values)
      .onConflict((conflict) =>
        conflict.columns(["lender_id", "decile"]).doUpdateSet((eb) => ({
          decisions: eb.ref("excluded.decisions"),
          predicted_permille: eb.ref("excluded.predicted_permille"),
          approved: eb.ref("excluded.approved"),
          squares: eb.ref("excluded.squares"),
          counted_on: eb.ref("excluded.counted_on"),
        })),
      )
      .execute();
  });
  return values.length;
}

/** Counts odds_calibration unless today's count is there (true when it counted). */
export async function countOddsCalibrationIfDue(
  storage: Storage,
  now: Date,
  options: CalibrationOptions,
): Promise<boolean> {
  const latest = await storage.db
    .selectFrom("odds_calibration")
    .select("counted_on")
    .orderBy("counted_on", "desc")
    .limit(1)
    .executeTakeFirst();
  if (latest?.counted_on === colomboToday(now)) return false;
  await countOddsCalibration(storage, now, options);
  return true;
}

/**
 * Each lender's calibration from the latest count (these lenders only, when
 * given); a lender without a decision asked with odds is absent.
 */
export async function oddsCalibrations(
  storage: Storage,
  lenderIds?: readonly string[],
): Promise<Map<string, Calibration>> {
  if (lenderIds && lenderIds.length === 0) return new Map();
  let query = storage.db
    .selectFrom("odds_calibration")
    .select(["lender_id", "decile", "decisions", "predicted_permille", "approved", "squares"]);
  if (lenderIds) query = query.where("lender_id", "in", lenderIds);
  const byLender = new Map<string, { sums: DecileSums[]; squares: number }>();
  for (const row of await query.execute()) {
    const lender = byLender.get(row.lender_id) ?? { sums: [], squares: 0 };
    lender.sums.push({
      decile: row.decile,
      count: row.decisions,
      predicted: Number(row.predicted_permille) / 1000,
      approved: row.approved,
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
