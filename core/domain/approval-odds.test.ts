import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EMPLOYMENT_TYPES } from "./application";
import {
  bandOf,
  bucketFromKey,
  bucketKey,
  bucketOf,
  CALIBRATION_MIN_DECISIONS,
  calibrationOf,
  calibrationOfSums,
  estimateOdds,
  ODDS_BANDS,
  ODDS_MIN_DECISIONS,
  overallOdds,
  PRIOR_DECISIONS,
} from "./approval-odds";

const profile = {
  amount: 150_000,
  termDays: 180,
  monthlyIncome: 85_000,
  employment: "salaried" as const,
  age: 34,
};

describe("buckets", () => {
  it("bands each value by its upper bounds, exclusive", () => {
    expect(bandOf("amount", 49_999)).toBe(0);
    expect(bandOf("amount", 50_000)).toBe(1);
    expect(bandOf("amount", 10_000_000)).toBe(ODDS_BANDS.amount.length);
    expect(bucketOf(profile)).toEqual({
      amount: 2,
      termDays: 1,
      monthlyIncome: 1,
      age: 1,
      employment: "salaried",
    });
    expect(bucketKey(bucketOf(profile))).toBe("a2.t1.i1.g1.salaried");
  });

  it("reads back every key it writes, and nothing else", () => {
    fc.assert(
      fc.property(
        fc.record({
          amount: fc.integer({ min: 0, max: 10_000_000 }),
          termDays: fc.integer({ min: 1, max: 2_000 }),
          monthlyIncome: fc.integer({ min: 0, max: 5_000_000 }),
          age: fc.integer({ min: 18, max: 100 }),
          employment: fc.constantFrom(...EMPLOYMENT_TYPES),
        }),
        (anyone) => {
          const bucket = bucketOf(anyone);
          expect(bucketFromKey(bucketKey(bucket))).toEqual(bucket);
        },
      ),
    );
    for (const key of [
      "",
      "a9.t1.i1.g1.salaried",
      "a1.t1.i1.g1.astronaut",
      "a1.t1.i1.g1.salaried\0",
    ]) {
      expect(bucketFromKey(key)).toBeUndefined();
    }
  });
});

describe("estimateOdds", () => {
  it("is shown only with at least 30 answered decisions of the bucket", () => {
    const lender = { answered: 1_000, approved: 600 };
    expect(estimateOdds(undefined, lender)).toBeUndefined();
    expect(
      estimateOdds({ answered: ODDS_MIN_DECISIONS - 1, approved: 29 }, lender),
    ).toBeUndefined();
    expect(estimateOdds({ answered: ODDS_MIN_DECISIONS, approved: 30 }, lender)).toBeDefined();
  });

  it("shrinks a small bucket towards the lender's rate, a large one barely", () => {
    const lender = { answered: 1_000, approved: 500 };
    // 30 of 30: (30 + 20 × 0.5) / (30 + 20) = 0.8.
    const small = estimateOdds({ answered: 30, approved: 30 }, lender);
    expect(small?.share).toBeCloseTo((30 + PRIOR_DECISIONS * 0.5) / (30 + PRIOR_DECISIONS), 10);
    expect(small).toMatchObject({ inTen: 8, likelihood: "likely", basis: 30 });
    const large = estimateOdds({ answered: 900, approved: 900 }, lender);
    expect(large?.share).toBeGreaterThan(0.98);
    // Never a certainty: 10 in 10 is shown as 9 in 10, 0 in 10 as 1 in 10.
    expect(large?.inTen).toBe(9);
    expect(estimateOdds({ answered: 900, approved: 0 }, lender)?.inTen).toBe(1);
  });

  it("puts words to the tenths: likely 7–9, possible 4–6, unlikely 1–3", () => {
    const lender = { answered: 100_000, approved: 50_000 };
    const at = (approved: number) => estimateOdds({ answered: 10_000, approved }, lender);
    expect(at(7_000)).toMatchObject({ inTen: 7, likelihood: "likely" });
    expect(at(6_400)).toMatchObject({ inTen: 6, likelihood: "possible" });
    expect(at(3_600)).toMatchObject({ inTen: 4, likelihood: "possible" });
    expect(at(3_000)).toMatchObject({ inTen: 3, likelihood: "unlikely" });
  });

  it("refuses counts that cannot be (more approvals than answers, a bucket larger than its lender)", () => {
    expect(
      estimateOdds({ answered: 40, approved: 41 }, { answered: 100, approved: 50 }),
    ).toBeUndefined();
    expect(
      estimateOdds({ answered: 40, approved: 20 }, { answered: 39, approved: 20 }),
    ).toBeUndefined();
    expect(
      estimateOdds({ answered: 40.5, approved: 20 }, { answered: 100, approved: 50 }),
    ).toBeUndefined();
  });

  it("always lies between the bucket's own share and the lender's", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: ODDS_MIN_DECISIONS, max: 5_000 }).chain((answered) =>
          fc.record({
            bucket: fc.record({
              answered: fc.constant(answered),
              approved: fc.integer({ min: 0, max: answered }),
            }),
            extra: fc.integer({ min: 0, max: 50_000 }),
            extraApproved: fc.double({ min: 0, max: 1, noNaN: true }),
          }),
        ),
        ({ bucket, extra, extraApproved }) => {
          const lender = {
            answered: bucket.answered + extra,
            approved: bucket.approved + Math.floor(extra * extraApproved),
          };
          const odds = estimateOdds(bucket, lender);
          const own = bucket.approved / bucket.answered;
          const prior = lender.approved / lender.answered;
          expect(odds?.share).toBeGreaterThanOrEqual(Math.min(own, prior) - 1e-12);
          expect(odds?.share).toBeLessThanOrEqual(Math.max(own, prior) + 1e-12);
        },
      ),
    );
  });
});

describe("overallOdds", () => {
  it("is the lender's own share, on the same threshold", () => {
    expect(overallOdds({ answered: 29, approved: 20 })).toBeUndefined();
    expect(overallOdds({ answered: 214, approved: 150 })).toMatchObject({
      inTen: 7,
      likelihood: "likely",
      basis: 214,
    });
  });
});

describe("calibrationOf", () => {
  it("compares predicted and actual by decile, with the Brier score", () => {
    const decisions = [
      ...Array.from({ length: 60 }, (_, at) => ({ predicted: 0.75, approved: at < 45 })),
      ...Array.from({ length: 40 }, (_, at) => ({ predicted: 0.25, approved: at < 10 })),
    ];
    const calibration = calibrationOf(decisions);
    expect(calibration.count).toBe(100);
    expect(calibration.deciles[7]).toEqual({ decile: 7, count: 60, predicted: 0.75, actual: 0.75 });
    expect(calibration.deciles[2]).toEqual({ decile: 2, count: 40, predicted: 0.25, actual: 0.25 });
    expect(calibration.deciles[0]).toEqual({
      decile: 0,
      count: 0,
      predicted: undefined,
      actual: undefined,
    });
    expect(calibration.brier).toBeCloseTo(0.1875, 10);
    expect(calibration.gap).toBeCloseTo(0, 10);
    expect(calibration.flagged).toBe(false);
  });

  it("flags a lender whose odds are off by more than 10 points, once 100 decisions stand behind", () => {
    const off = (count: number) =>
      Array.from({ length: count }, (_, at) => ({ predicted: 0.8, approved: at % 2 === 0 }));
    expect(calibrationOf(off(CALIBRATION_MIN_DECISIONS)).flagged).toBe(true);
    expect(calibrationOf(off(CALIBRATION_MIN_DECISIONS)).gap).toBeCloseTo(0.3, 10);
    expect(calibrationOf(off(CALIBRATION_MIN_DECISIONS - 2)).flagged).toBe(false);
    expect(calibrationOf([])).toMatchObject({ count: 0, brier: undefined, flagged: false });
    // A prediction of exactly 1 is the top decile's.
    expect(calibrationOf([{ predicted: 1, approved: true }]).deciles[9]?.count).toBe(1);
  });
});

describe("calibrationOfSums", () => {
  it("is calibrationOf from sums grouped by decile, as storage hands them", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ permille: fc.integer({ min: 0, max: 1000 }), approved: fc.boolean() }),
          {
            maxLength: 300,
          },
        ),
        (drawn) => {
          const decisions = drawn.map(({ permille, approved }) => ({
            predicted: permille / 1000,
            approved,
          }));
          const sums = new Map<
            number,
            { decile: number; count: number; predicted: number; approved: number }
          >();
          let squares = 0;
          for (const { predicted, approved } of decisions) {
            const decile = Math.min(9, Math.floor(predicted * 10));
            const sum = sums.get(decile) ?? { decile, count: 0, predicted: 0, approved: 0 };
            sum.count += 1;
            sum.predicted += predicted;
            sum.approved += approved ? 1 : 0;
            sums.set(decile, sum);
            squares += (predicted - (approved ? 1 : 0)) ** 2;
          }
          const fromSums = calibrationOfSums([...sums.values()], squares);
          const direct = calibrationOf(decisions);
          expect(fromSums.count).toBe(direct.count);
          expect(fromSums.flagged).toBe(direct.flagged);
          expect(fromSums.deciles.map((decile) => decile.count)).toEqual(
            direct.deciles.map((decile) => decile.count),
          );
          expect(fromSums.brier ?? -1).toBeCloseTo(direct.brier ?? -1, 9);
          expect(fromSums.gap ?? -1).toBeCloseTo(direct.gap ?? -1, 9);
        },
      ),
    );
  });
});
