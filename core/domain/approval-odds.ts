import { EMPLOYMENT_TYPES, type EmploymentType } from "./application";
import type { EligibilityProfile, Likelihood } from "./lender-eligibility";

/**
 * Approval odds (issue 36, decision 0446): for a lender and a profile bucket,
 * the share of its answered decisions of the last 90 days that were
 * approvals, shrunk towards the lender's own overall rate by a beta prior,
 * shown only when at least 30 answered decisions of that bucket stand behind
 * it. An answered decision is one whose final status is approved or declined
 * (a pending one that became either counts as it became); failed, waiting and
 * still-pending ones are not answers. Pure: the counts come from storage's
 * daily aggregate, never from a request's own rows.
 */

/** The days of decisions counted, up to yesterday (Colombo). */
export const ODDS_WINDOW_DAYS = 90;
/** Answered decisions of the bucket needed before its odds are shown: fewer, none. */
export const ODDS_MIN_DECISIONS = 30;
/**
 * The prior's weight in decisions: Beta(k·p, k·(1 − p)) with p the lender's
 * overall approval rate, so a bucket of n answers moves k / (n + k) of the way
 * back to p (30 answers: 40 %; 300: 6 %).
 */
export const PRIOR_DECISIONS = 20;

/**
 * The bands' upper bounds, exclusive: a value below the first is band 0, at or
 * above the last the last band. Rupees, days and years as the application takes them.
 */
export const ODDS_BANDS = {
  amount: [50_000, 100_000, 250_000, 500_000],
  termDays: [92, 183, 366],
  monthlyIncome: [50_000, 100_000, 200_000],
  age: [26, 36, 51],
} as const;
export type BandedField = keyof typeof ODDS_BANDS;

/** Which band a value falls in: 0 … the number of bounds. */
export function bandOf(field: BandedField, value: number): number {
  const bounds: readonly number[] = ODDS_BANDS[field];
  const band = bounds.findIndex((bound) => value < bound);
  return band < 0 ? bounds.length : band;
}

/**
 * A stored application's profile as odds read it: undefined when its
 * employment is not one of ours (a row older than the list), so no bucket.
 */
export function oddsProfileOf(profile: {
  amount: number;
  termDays: number;
  monthlyIncome: number;
  age: number;
  employment: string;
}): EligibilityProfile | undefined {
  const { employment } = profile;
  return (EMPLOYMENT_TYPES as readonly string[]).includes(employment)
    ? { ...profile, employment: employment as EmploymentType }
    : undefined;
}

/** A share as lender_decisions.predicted_permille keeps it: thousandths, 0–1000. */
export function sharePermille(share: number): number {
  return Math.min(1000, Math.max(0, Math.round(share * 1000)));
}

/** A profile's bucket: its four bands and its employment. */
export interface OddsBucket {
  amount: number;
  termDays: number;
  monthlyIncome: number;
  age: number;
  employment: EmploymentType;
}

export function bucketOf(profile: EligibilityProfile): OddsBucket {
  return {
    amount: bandOf("amount", profile.amount),
    termDays: bandOf("termDays", profile.termDays),
    monthlyIncome: bandOf("monthlyIncome", profile.monthlyIncome),
    age: bandOf("age", profile.age),
    employment: profile.employment,
  };
}

/** A bucket as stored: "a2.t1.i0.g1.salaried". */
export function bucketKey(bucket: OddsBucket): string {
  const { amount, termDays, monthlyIncome, age, employment } = bucket;
  return `a${amount}.t${termDays}.i${monthlyIncome}.g${age}.${employment}`;
}

/** The bucket a stored key names; undefined for a key this code did not write. */
export function bucketFromKey(key: string): OddsBucket | undefined {
  const match = /^a(\d)\.t(\d)\.i(\d)\.g(\d)\.([a-z-]+)$/.exec(key);
  if (!match) return undefined;
  const [, amount, termDays, monthlyIncome, age, employment] = match;
  if (!(EMPLOYMENT_TYPES as readonly string[]).includes(employment ?? "")) return undefined;
  const bucket = {
    amount: Number(amount),
    termDays: Number(termDays),
    monthlyIncome: Number(monthlyIncome),
    age: Number(age),
    employment: employment as EmploymentType,
  };
  const within = (field: BandedField) => bucket[field] <= ODDS_BANDS[field].length;
  return within("amount") && within("termDays") && within("monthlyIncome") && within("age")
    ? bucket
    : undefined;
}

/** Answered decisions and how many of them were approvals. */
export interface DecisionCounts {
  answered: number;
  approved: number;
}

/** What a borrower is shown: never a promise, always with its basis. */
export interface OddsEstimate {
  /** The shrunk share of approvals, 0–1 (for calibration; never shown as such). */
  share: number;
  /** "7 in 10": the share in tenths, 1 to 9 (never 0 or 10 in 10: no certainty either way). */
  inTen: number;
  /** The words beside the number: likely (7–9 in 10), possible (4–6), unlikely (1–3). */
  likelihood: Likelihood;
  /** The answered decisions behind it ("based on 214 applications in the last 90 days"). */
  basis: number;
}

/**
 * What leaves the server (pages, the partner API, the widget): the tenths, the
 * words and the basis, never the share (finer than 30 answers can be).
 */
export type OddsView = Pick<OddsEstimate, "inTen" | "likelihood" | "basis">;

export function oddsView({ inTen, likelihood, basis }: OddsEstimate): OddsView {
  return { inTen, likelihood, basis };
}

/** Whether a value read from the network is an OddsView (the offers page's stream, polling). */
export function isOddsView(value: unknown): value is OddsView {
  if (typeof value !== "object" || value === null) return false;
  const { inTen, likelihood, basis } = value as Record<string, unknown>;
  return (
    Number.isInteger(inTen) &&
    Number(inTen) >= 1 &&
    Number(inTen) <= 9 &&
    (likelihood === "likely" || likelihood === "possible" || likelihood === "unlikely") &&
    Number.isInteger(basis) &&
    Number(basis) >= ODDS_MIN_DECISIONS
  );
}

/**
 * The odds of a bucket of one lender, or undefined when fewer than
 * ODDS_MIN_DECISIONS answered decisions of the bucket stand behind them, or
 * the lender's own counts are not a prior (fewer answers than the bucket's).
 */
export function estimateOdds(
  bucket: DecisionCounts | undefined,
  lender: DecisionCounts,
): OddsEstimate | undefined {
  if (!bucket || !validCounts(bucket) || !validCounts(lender)) return undefined;
  if (bucket.answered < ODDS_MIN_DECISIONS || lender.answered < bucket.answered) return undefined;
  const prior = lender.approved / lender.answered;
  const share = (bucket.approved + PRIOR_DECISIONS * prior) / (bucket.answered + PRIOR_DECISIONS);
  return { ...inWords(share), share, basis: bucket.answered };
}

/** A lender's overall odds (its own page): its share unshrunk, on the same threshold. */
export function overallOdds(lender: DecisionCounts): OddsEstimate | undefined {
  if (!validCounts(lender) || lender.answered < ODDS_MIN_DECISIONS) return undefined;
  const share = lender.approved / lender.answered;
  return { ...inWords(share), share, basis: lender.answered };
}

function validCounts({ answered, approved }: DecisionCounts): boolean {
  return (
    Number.isInteger(answered) &&
    Number.isInteger(approved) &&
    approved >= 0 &&
    approved <= answered
  );
}

function inWords(share: number): Pick<OddsEstimate, "inTen" | "likelihood"> {
  const inTen = Math.min(9, Math.max(1, Math.round(share * 10)));
  return { inTen, likelihood: likelihoodOf(inTen) };
}

/** The words of a number of tenths: likely (7–9), possible (4–6), unlikely (1–3). */
export function likelihoodOf(inTen: number): Likelihood {
  return inTen >= 7 ? "likely" : inTen >= 4 ? "possible" : "unlikely";
}

/**
 * A page's odds as few bytes: per lender, each bucket with odds to show as
 * [tenths, basis] (the eligibility page picks the visitor's in the browser).
 */
export type OddsTable = Readonly<
  Record<string, Readonly<Record<string, readonly [number, number]>>>
>;

/** The odds a table holds for a lender and a bucket key, or undefined. */
export function oddsInTable(
  table: OddsTable | undefined,
  lenderId: string,
  key: string,
): OddsView | undefined {
  const entry = table?.[lenderId]?.[key];
  return entry
    ? { inTen: entry[0], likelihood: likelihoodOf(entry[0]), basis: entry[1] }
    : undefined;
}

/** The bands a partial profile knows (the widget: its loan and, given, the income band). */
export interface PartialBucket {
  amount: number;
  termDays: number;
  monthlyIncome?: number | undefined;
}

/** The stored keys a partial bucket covers start with this ("a2.t1." or "a2.t1.i0."). */
export function partialKeyPrefix({ amount, termDays, monthlyIncome }: PartialBucket): string {
  return `a${amount}.t${termDays}.${monthlyIncome === undefined ? "" : `i${monthlyIncome}.`}`;
}

/** One decision as calibration reads it: the share predicted when it was asked, and the answer. */
export interface PredictedDecision {
  predicted: number;
  approved: boolean;
}

/** One tenth of the predictions (0–10 %, 10–20 % …): how many, what was predicted, what came. */
export interface CalibrationDecile {
  decile: number;
  count: number;
  /** Mean predicted share; undefined for an empty decile. */
  predicted: number | undefined;
  /** Share of approvals; undefined for an empty decile. */
  actual: number | undefined;
}

export interface Calibration {
  deciles: CalibrationDecile[];
  count: number;
  /** Mean of (predicted − outcome)²: 0 perfect, 0.25 a coin's guess at 50 %; undefined for none. */
  brier: number | undefined;
  /** Mean |actual − predicted| over the deciles, weighted by their counts. */
  gap: number | undefined;
  /** Badly calibrated: at least CALIBRATION_MIN_DECISIONS decisions and a gap above CALIBRATION_MAX_GAP. */
  flagged: boolean;
}

/** Decisions before a lender's calibration is judged at all. */
export const CALIBRATION_MIN_DECISIONS = 100;
/** A weighted gap above this (10 points) flags the lender's odds as badly calibrated. */
export const CALIBRATION_MAX_GAP = 0.1;

/** Predicted against actual by decile, the Brier score, and whether to flag the lender. */
export function calibrationOf(decisions: readonly PredictedDecision[]): Calibration {
  const sums = Array.from({ length: 10 }, (_, decile) => ({
    decile,
    count: 0,
    predicted: 0,
    approved: 0,
  }));
  let squares = 0;
  for (const { predicted, approved } of decisions) {
    const outcome = approved ? 1 : 0;
    const sum = sums[Math.min(9, Math.max(0, Math.floor(predicted * 10)))];
    if (!sum) continue;
    sum.count += 1;
    sum.predicted += predicted;
    sum.approved += outcome;
    squares += (predicted - outcome) ** 2;
  }
  return calibrationOfSums(sums, squares);
}

/**
 * A decile's sums as storage groups them (one row a decile, never a row a
 * decision): how many, the predictions and approvals added up.
 */
export interface DecileSums {
  decile: number;
  count: number;
  /** The decile's predicted shares added up. */
  predicted: number;
  /** Its approvals. */
  approved: number;
}

/**
 * calibrationOf from sums grouped by decile (server/lenders/odds-calibration.ts):
 * the same deciles, Brier score, gap and flag, from `squares`, the sum of
 * (predicted − outcome)² over the decisions.
 */
export function calibrationOfSums(sums: readonly DecileSums[], squares: number): Calibration {
  const byDecile = Array.from({ length: 10 }, (_, decile) => {
    const found = sums.filter((sum) => sum.decile === decile);
    return {
      count: found.reduce((total, sum) => total + sum.count, 0),
      predicted: found.reduce((total, sum) => total + sum.predicted, 0),
      approved: found.reduce((total, sum) => total + sum.approved, 0),
    };
  });
  const count = byDecile.reduce((total, sum) => total + sum.count, 0);
  const gap = count
    ? byDecile.reduce((total, sum) => total + Math.abs(sum.approved - sum.predicted), 0) / count
    : undefined;
  return {
    deciles: byDecile.map((sum, decile) => ({
      decile,
      count: sum.count,
      predicted: sum.count ? sum.predicted / sum.count : undefined,
      actual: sum.count ? sum.approved / sum.count : undefined,
    })),
    count,
    brier: count ? squares / count : undefined,
    gap,
    flagged: count >= CALIBRATION_MIN_DECISIONS && (gap ?? 0) > CALIBRATION_MAX_GAP,
  };
}
