import { type RawBuilder, sql } from "kysely";
import { EMPLOYMENT_TYPES, type EmploymentType } from "../../core/domain/application";
import {
  type BandedField,
  bucketKey,
  bucketOf,
  type DecisionCounts,
  estimateOdds,
  ODDS_BANDS,
  ODDS_MIN_DECISIONS,
  ODDS_WINDOW_DAYS,
  type OddsEstimate,
  type OddsTable,
  overallOdds,
  type PartialBucket,
  partialKeyPrefix,
} from "../../core/domain/approval-odds";
import type { EligibilityProfile } from "../../core/domain/lender-eligibility";
import { addDays, colomboDayStart, colomboToday } from "../../core/helpers/dates";
import type { Storage } from "../storage/database";

/**
 * Approval odds from stored decisions (issue 36, decision 0446): counted
 * once a Colombo day into `approval_odds` (the server's background work,
 * server/start.ts), read per request from there only, so a page of lenders
 * costs one indexed query whatever the number of decisions stored.
 */

/** The bucket that holds a lender's decisions of every profile. */
export const ALL_PROFILES = "*";

export interface CountOptions {
  /**
   * Whether the sandbox lenders' decisions count: never in production, where
   * they are not asked (decision-network.ts) and a seeded demo history
   * (`npm run demo`) must never show.
   */
  withSandbox: boolean;
}

export interface CountOutcome {
  /** False when today's count was already there. */
  counted: boolean;
  /** Rows written: one per lender and bucket with an answer, and each lender's "*". */
  rows: number;
}

/** Counts the 90 Colombo days before today into approval_odds, unless today's count is there. */
export async function countApprovalOddsIfDue(
  storage: Storage,
  now: Date,
  options: CountOptions,
): Promise<CountOutcome> {
  const today = colomboToday(now);
  const latest = await storage.db
    .selectFrom("approval_odds")
    .select("counted_on")
    .orderBy("counted_on", "desc")
    .limit(1)
    .executeTakeFirst();
  if (latest?.counted_on === today) return { counted: false, rows: 0 };
  return { counted: true, rows: await countApprovalOdds(storage, now, options) };
}

/**
 * `column < bound₀ → 0, < bound₁ → 1, …, else n`: a band as SQL, for both
 * engines. The bounds are our constants, written as literals: PostgreSQL
 * matches a grouped expression to the selected one only when they are the
 * same text, and parameters would be numbered apart.
 */
function bandSql(column: string, field: BandedField): RawBuilder<number> {
  const bounds: readonly number[] = ODDS_BANDS[field];
  const whens = bounds.map(
    (bound, band) => sql`when ${sql.ref(column)} < ${sql.lit(bound)} then ${sql.lit(band)}`,
  );
  return sql<number>`case ${sql.join(whens, sql` `)} else ${sql.lit(bounds.length)} end`;
}

/** Recounts approval_odds from the decisions of the 90 Colombo days before today. */
export async function countApprovalOdds(
  storage: Storage,
  now: Date,
  { withSandbox }: CountOptions,
): Promise<number> {
  const today = colomboToday(now);
  const bands = {
    amount: bandSql("leads.amount", "amount"),
    termDays: bandSql("leads.term_days", "termDays"),
    monthlyIncome: bandSql("leads.monthly_income", "monthlyIncome"),
    age: bandSql("leads.age", "age"),
  };
  let query = storage.db
    .selectFrom("lender_decisions")
    .innerJoin("leads", "leads.id", "lender_decisions.lead_id")
    .innerJoin("lenders", "lenders.id", "lender_decisions.lender_id")
    .select((eb) => [
      "lender_decisions.lender_id",
      "leads.employment",
      bands.amount.as("amount_band"),
      bands.termDays.as("term_band"),
      bands.monthlyIncome.as("income_band"),
      bands.age.as("age_band"),
      eb.fn.countAll<number>().as("answered"),
      eb.fn
        .sum<number>(
          eb.case().when("lender_decisions.status", "=", "approved").then(1).else(0).end(),
        )
        .as("approved"),
    ])
    .where("lender_decisions.asked_at", ">=", colomboDayStart(addDays(today, -ODDS_WINDOW_DAYS)))
    .where("lender_decisions.asked_at", "<", colomboDayStart(today))
    // A pending answer that became one counts as what it became; the others are no answer.
    .where("lender_decisions.status", "in", ["approved", "declined"])
    // An erased applicant's loan and person count no more.
    .where("leads.erased_at", "is", null)
    .groupBy([
      "lender_decisions.lender_id",
      "leads.employment",
      bands.amount,
      bands.termDays,
      bands.monthlyIncome,
      bands.age,
    ]);
  if (!withSandbox) query = query.where("lenders.sandbox", "=", 0);
  const groups = await query.execute();

  const rows = new Map<string, { lender_id: string; bucket: string } & DecisionCounts>();
  const add = (lenderId: string, bucket: string, answered: number, approved: number) => {
    const key = `${lenderId}\n${bucket}`;
    const row = rows.get(key) ?? { lender_id: lenderId, bucket, answered: 0, approved: 0 };
    row.answered += answered;
    row.approved += approved;
    rows.set(key, row);
  };
  for (const group of groups) {
    // PostgreSQL counts in bigint, which its driver hands over as text.
    const answered = Number(group.answered);
    const approved = Number(group.approved);
    add(group.lender_id, ALL_PROFILES, answered, approved);
    if (!(EMPLOYMENT_TYPES as readonly string[]).includes(group.employment)) continue;
    const bucket = bucketKey({
      amount: Number(group.amount_band),
      termDays: Number(group.term_band),
      monthlyIncome: Number(group.income_band),
      age: Number(group.age_band),
      employment: group.employment as EmploymentType,
    });
    add(group.lender_id, bucket, answered, approved);
  }

  const values = [...rows.values()].map((row) => ({ ...row, counted_on: today }));
  await storage.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("approval_odds").execute();
    // Upserted: another instance counting at the same time may have written the same rows
    // since (its delete did not see ours); both counts read the same decisions.
    for (let at = 0; at < values.length; at += 500) {
      await trx
        .insertInto("approval_odds")
        .values(values.slice(at, at + 500))
        .onConflict((conflict) =>
          conflict.columns(["lender_id", "bucket"]).doUpdateSet((eb) => ({
            answered: eb.ref("excluded.answered"),
            approved: eb.ref("excluded.approved"),
            counted_on: eb.ref("excluded.counted_on"),
          })),
        )
        .execute();
    }
  });
  return values.length;
}

/**
 * Each lender's odds for a profile, from the latest count; a lender absent
 * from the map has none to show (fewer than 30 answers of the bucket).
 */
export async function approvalOddsFor(
  storage: Storage,
  profile: EligibilityProfile,
  lenderIds: readonly string[],
): Promise<Map<string, OddsEstimate>> {
  const odds = new Map<string, OddsEstimate>();
  if (lenderIds.length === 0) return odds;
  const bucket = bucketKey(bucketOf(profile));
  const rows = await oddsRows(storage, lenderIds, [bucket, ALL_PROFILES]);
  const counts = (lenderId: string, of: string) =>
    rows.find((row) => row.lender_id === lenderId && row.bucket === of);
  for (const lenderId of lenderIds) {
    const lender = counts(lenderId, ALL_PROFILES);
    const estimate = lender && estimateOdds(counts(lenderId, bucket), lender);
    if (estimate) odds.set(lenderId, estimate);
  }
  return odds;
}

/** A lender's overall odds (its own page); undefined below the threshold. */
export async function lenderOverallOdds(
  storage: Storage,
  lenderId: string,
): Promise<OddsEstimate | undefined> {
  const [row] = await oddsRows(storage, [lenderId], [ALL_PROFILES]);
  return row && overallOdds(row);
}

/**
 * Each lender's odds for a partial profile (the widget knows the loan and
 * perhaps the income band, not the employment or the age): the stored rows
 * of the lender whose key has those bands, summed, on the same threshold and
 * prior as a full bucket. All lenders with odds unless `lenderIds` is given.
 */
export async function partialApprovalOddsFor(
  storage: Storage,
  partial: PartialBucket,
  lenderIds?: readonly string[],
): Promise<Map<string, OddsEstimate>> {
  const odds = new Map<string, OddsEstimate>();
  if (lenderIds?.length === 0) return odds;
  const prefix = partialKeyPrefix(partial);
  let query = storage.db
    .selectFrom("approval_odds")
    .select(["lender_id", "bucket", "answered", "approved"])
    // The prefix holds letters, digits and dots only: nothing LIKE reads as a wildcard.
    .where((eb) => eb.or([eb("bucket", "=", ALL_PROFILES), eb("bucket", "like", `${prefix}%`)]));
  if (lenderIds) query = query.where("lender_id", "in", lenderIds);
  const sums = new Map<string, { lender?: DecisionCounts; bucket: DecisionCounts }>();
  for (const row of await query.execute()) {
    const sum = sums.get(row.lender_id) ?? { bucket: { answered: 0, approved: 0 } };
    const counts = numeric(row);
    if (row.bucket === ALL_PROFILES) sum.lender = counts;
    else {
      sum.bucket.answered += counts.answered;
      sum.bucket.approved += counts.approved;
    }
    sums.set(row.lender_id, sum);
  }
  for (const [lenderId, { lender, bucket }] of sums) {
    const estimate = lender && estimateOdds(bucket, lender);
    if (estimate) odds.set(lenderId, estimate);
  }
  return odds;
}

/**
 * Every lender's odds of every bucket with enough answers, as the eligibility
 * page carries them (the visitor's bucket is picked where the answers are,
 * so nothing typed leaves the page): [tenths, basis], never the share.
 */
export async function approvalOddsTable(storage: Storage): Promise<OddsTable> {
  const rows = await storage.db
    .selectFrom("approval_odds")
    .select(["lender_id", "bucket", "answered", "approved"])
    .where((eb) =>
      eb.or([eb("bucket", "=", ALL_PROFILES), eb("answered", ">=", ODDS_MIN_DECISIONS)]),
    )
    .execute();
  const lenders = new Map(
    rows.filter((row) => row.bucket === ALL_PROFILES).map((row) => [row.lender_id, row]),
  );
  const table: Record<string, Record<string, readonly [number, number]>> = {};
  for (const row of rows) {
    const lender = lenders.get(row.lender_id);
    if (row.bucket === ALL_PROFILES || !lender) continue;
    const estimate = estimateOdds(numeric(row), numeric(lender));
    if (!estimate) continue;
    const buckets = table[row.lender_id] ?? {};
    buckets[row.bucket] = [estimate.inTen, estimate.basis];
    table[row.lender_id] = buckets;
  }
  return table;
}

/** PostgreSQL may hand integers over as text. */
function numeric(counts: DecisionCounts): DecisionCounts {
  return { answered: Number(counts.answered), approved: Number(counts.approved) };
}

/** The latest count's rows of these lenders and buckets: one indexed read (the table's key). */
function oddsRows(storage: Storage, lenderIds: readonly string[], buckets: readonly string[]) {
  return storage.db
    .selectFrom("approval_odds")
    .select(["lender_id", "bucket", "answered", "approved"])
    .where("lender_id", "in", lenderIds)
    .where("bucket", "in", buckets)
    .execute();
}
