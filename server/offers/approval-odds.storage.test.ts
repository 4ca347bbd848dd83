import type { Insertable } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ODDS_MIN_DECISIONS, PRIOR_DECISIONS } from "../../core/domain/approval-odds";
import { lenderSpec } from "../sandbox/lender.test-support";
import { registerApiLenders } from "../sandbox/register";
import type { LeadsTable, StoredDecisionStatus } from "../storage/schema";
import { onEachEngine, type TestStorage } from "../test-support";
import {
  ALL_PROFILES,
  approvalOddsFor,
  approvalOddsTable,
  countApprovalOdds,
  countApprovalOddsIfDue,
  lenderOverallOdds,
  partialApprovalOddsFor,
} from "./approval-odds";
import { seedOddsDecisions, times } from "./approval-odds.test-support";

/**
 * Issue 36's counts in storage, alike on both engines: which decisions
 * count (answered ones of the 90 Colombo days before today, not erased, not
 * a sandbox's in production), per bucket and per lender, recounted once a
 * day, and what a page reads back.
 */
const NOW = new Date("2026-11-29T06:00:00.000Z");
const DAY_MS = 24 * 60 * 60 * 1000;
/** The applicant of most seeded leads: Rs. 150,000 over 180 days, 85,000 a month, salaried, 34. */
const PROFILE = {
  amount: 150_000,
  termDays: 180,
  monthlyIncome: 85_000,
  employment: "salaried" as const,
  age: 34,
};
const BUCKET = "a2.t1.i1.g1.salaried";

function seed(
  test: TestStorage,
  lenderId: string,
  statuses: StoredDecisionStatus[],
  { daysAgo = 1, lead = {} as Partial<Insertable<LeadsTable>> } = {},
) {
  const askedAt = new Date(NOW.getTime() - daysAgo * DAY_MS).toISOString();
  return seedOddsDecisions(test.storage, lenderId, statuses, askedAt, {
    amount: PROFILE.amount,
    term_days: PROFILE.termDays,
    monthly_income: PROFILE.monthlyIncome,
    age: PROFILE.age,
    ...lead,
  });
}

onEachEngine((engine, open) => {
  describe(`approval odds in storage on ${engine}`, () => {
    let test: TestStorage;
    beforeAll(async () => {
      test = await open();
      await registerApiLenders(
        test.storage,
        [
          lenderSpec("odds-alpha", "https://alpha.lender.example/decide", [970_001]),
          lenderSpec("odds-beta", "https://beta.lender.example/decide", [970_002]),
          lenderSpec("odds-sandbox", "http://127.0.0.1:9/decide", [970_003], { sandbox: true }),
        ],
        // Never called here: their hosts stand for public addresses.
        { now: NOW, urlRules: { allowHttp: false, resolve: async () => ["192.0.2.10"] } },
      );
      // alpha: 40 answers of the bucket (30 approved), and what never counts beside them.
      await seed(test, "odds-alpha", [...times(30, "approved"), ...times(10, "declined")]);
      await seed(test, "odds-alpha", ["failed", "waiting", "pending", "failed"]);
      // Other profiles: they count for alpha as a whole (60 answers, 10 approved), not for the bucket.
      await seed(test, "odds-alpha", [...times(10, "approved"), ...times(50, "declined")], {
        lead: { monthly_income: 250_000 },
      });
      // Outside the 90 days, today (not closed yet), an erased applicant: none of them counts.
      await seed(test, "odds-alpha", times(20, "declined"), { daysAgo: 91 });
      await seed(test, "odds-alpha", times(20, "declined"), { daysAgo: 0 });
      await seed(test, "odds-alpha", times(20, "declined"), {
        lead: { erased_at: NOW.toISOString() },
      });
      // beta: 29 answers of the bucket: one short of showing anything.
      await seed(test, "odds-beta", times(29, "approved"));
      await seed(test, "odds-sandbox", times(40, "approved"));
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it("counts answered decisions per bucket and per lender, sandbox lenders only when told", async () => {
      await countApprovalOdds(test.storage, NOW, { withSandbox: false });
      const rows = await test.storage.db
        .selectFrom("approval_odds")
        .select(["lender_id", "bucket", "answered", "approved", "counted_on"])
        .orderBy("lender_id")
        .orderBy("bucket")
        .execute();
      expect(rows.map((row) => ({ ...row, answered: Number(row.answered) }))).toEqual([
        {
          lender_id: "odds-alpha",
          bucket: ALL_PROFILES,
          answered: 100,
          approved: 40,
          counted_on: "2026-11-29",
        },
        {
          lender_id: "odds-alpha",
          bucket: BUCKET,
          answered: 40,
          approved: 30,
          counted_on: "2026-11-29",
        },
        {
          lender_id: "odds-alpha",
          bucket: "a2.t1.i3.g1.salaried",
          answered: 60,
          approved: 10,
          counted_on: "2026-11-29",
        },
        {
          lender_id: "odds-beta",
          bucket: ALL_PROFILES,
          answered: 29,
          approved: 29,
          counted_on: "2026-11-29",
        },
        {
          lender_id: "odds-beta",
          bucket: BUCKET,
          answered: 29,
          approved: 29,
          counted_on: "2026-11-29",
        },
      ]);
      await countApprovalOdds(test.storage, NOW, { withSandbox: true });
      const sandbox = await approvalOddsFor(test.storage, PROFILE, ["odds-sandbox"]);
      expect(sandbox.get("odds-sandbox")?.basis).toBe(40);
    });

    it("reads a page's odds from the counts: shrunk, with their basis, none below 30", async () => {
      await countApprovalOdds(test.storage, NOW, { withSandbox: false });
      const odds = await approvalOddsFor(test.storage, PROFILE, [
        "odds-alpha",
        "odds-beta",
        "odds-sandbox",
        "nobody",
      ]);
      expect([...odds.keys()]).toEqual(["odds-alpha"]);
      // (30 + 20 × 0.4) / (40 + 20) = 0.633…: 6 in 10.
      const expected = (30 + PRIOR_DECISIONS * 0.4) / (40 + PRIOR_DECISIONS);
      expect(odds.get("odds-alpha")?.share).toBeCloseTo(expected, 10);
      expect(odds.get("odds-alpha")).toMatchObject({ inTen: 6, likelihood: "possible", basis: 40 });
      expect(ODDS_MIN_DECISIONS).toBe(30);
      expect(await lenderOverallOdds(test.storage, "odds-alpha")).toMatchObject({
        inTen: 4,
        basis: 100,
      });
      expect(await lenderOverallOdds(test.storage, "odds-beta")).toBeUndefined();
      expect(await approvalOddsFor(test.storage, PROFILE, [])).toEqual(new Map());
    });

    it("reads a partial profile's odds: the lender's rows of its known bands, summed", async () => {
      await countApprovalOdds(test.storage, NOW, { withSandbox: false });
      // Amount and term: alpha's two buckets (40 + 60 answers, 30 + 10 approved) are one.
      const loan = { amount: 2, termDays: 1 };
      const both = await partialApprovalOddsFor(test.storage, loan);
      expect([...both.keys()]).toEqual(["odds-alpha"]);
      // (40 + 20 × 0.4) / (100 + 20) = 0.4: 4 in 10.
      expect(both.get("odds-alpha")?.share).toBeCloseTo(
        (40 + PRIOR_DECISIONS * 0.4) / (100 + PRIOR_DECISIONS),
        10,
      );
      expect(both.get("odds-alpha")).toMatchObject({ inTen: 4, basis: 100 });
      // With the income band: only the bucket of 85,000 a month (band 1), as a full read has it.
      const income = await partialApprovalOddsFor(test.storage, { ...loan, monthlyIncome: 1 }, [
        "odds-alpha",
        "odds-beta",
      ]);
      expect(income.get("odds-alpha")).toMatchObject({ inTen: 6, basis: 40 });
      // beta's 29 answers stay below the threshold however they are summed.
      expect(income.has("odds-beta")).toBe(false);
      // Another band, or no lender: nothing.
      expect(await partialApprovalOddsFor(test.storage, { ...loan, monthlyIncome: 0 })).toEqual(
        new Map(),
      );
      expect(await partialApprovalOddsFor(test.storage, { amount: 0, termDays: 1 })).toEqual(
        new Map(),
      );
      expect(await partialApprovalOddsFor(test.storage, loan, [])).toEqual(new Map());
    });

    it("gives the eligibility page every bucket with enough answers, as tenths and basis", async () => {
      await countApprovalOdds(test.storage, NOW, { withSandbox: false });
      expect(await approvalOddsTable(test.storage)).toEqual({
        "odds-alpha": { [BUCKET]: [6, 40], "a2.t1.i3.g1.salaried": [2, 60] },
      });
    });

    it("counts once a Colombo day, and drops a bucket no answer stands behind any more", async () => {
      await countApprovalOdds(test.storage, NOW, { withSandbox: false });
      expect(await countApprovalOddsIfDue(test.storage, NOW, { withSandbox: false })).toEqual({
        counted: false,
        rows: 0,
      });
      // 91 days on, the newest decisions (asked today) are out of the 90 closed days counted.
      const later = new Date(NOW.getTime() + 91 * DAY_MS);
      const outcome = await countApprovalOddsIfDue(test.storage, later, { withSandbox: false });
      expect(outcome.counted).toBe(true);
      const buckets = await test.storage.db
        .selectFrom("approval_odds")
        .select(["lender_id", "bucket", "counted_on"])
        .execute();
      expect(buckets).toEqual([]);
      expect(outcome.rows).toBe(0);
    });
  });
});
