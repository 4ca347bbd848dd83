import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calibrationOf } from "../../core/domain/approval-odds";
import { seedLeadRow } from "../funnel/seed-lead-row";
import { deleteDecisionHistory, seedDecisionHistory } from "../sandbox/decision-history";
import { lenderSpec } from "../sandbox/lender.test-support";
import { registerApiLenders } from "../sandbox/register";
import { onEachEngine, type TestStorage } from "../test-support";
import { NO_ANSWER } from "./decisions";
import {
  countOddsCalibration,
  countOddsCalibrationIfDue,
  oddsCalibrations,
} from "./odds-calibration";

/**
 * Issue 36's calibration counted alike on both engines: the decisions of the
 * 90 Colombo days before today asked with odds and answered, grouped by
 * lender and decile in storage once a day, give what calibrationOf gives
 * from the rows themselves; a sandbox lender's only when told.
 */
const NOW = new Date("2026-11-29T06:00:00.000Z");

onEachEngine((engine, open) => {
  describe(`approval odds' calibration in storage on ${engine}`, () => {
    let test: TestStorage;
    beforeAll(async () => {
      test = await open();
      await registerApiLenders(
        test.storage,
        [
          lenderSpec("cal-right", "https://right.lender.example/decide", [971_001]),
          lenderSpec("cal-hopeful", "https://hopeful.lender.example/decide", [971_002]),
          lenderSpec("cal-sandbox", "http://127.0.0.1:9/decide", [971_003], { sandbox: true }),
        ],
        { now: NOW, urlRules: { allowHttp: false, resolve: async () => ["192.0.2.10"] } },
      );
      await seedDecisionHistory(test.storage, {
        lenders: [
          { id: "cal-right", leaning: 0.3 },
          { id: "cal-hopeful", leaning: -0.5, optimism: 0.3 },
          { id: "cal-sandbox", leaning: 0 },
        ],
        applicantsPerDay: 25,
        days: 6,
        now: NOW,
        batch: 40,
      });
      // Not counted: today's decision (the day is not over), a failed one, one asked without odds.
      const today = NOW.toISOString();
      await test.storage.db
        .insertInto("leads")
        .values(
          ["today", "failed", "no-odds"].map((name) =>
            seedLeadRow(`synthetic-edge-${name}`, today, { lead_form: "synthetic" }),
          ),
        )
        .execute();
      await test.storage.db
        .insertInto("lender_decisions")
        .values(
          (
            [
              ["today", "approved", 500, today],
              ["failed", "failed", 500, "2026-11-27T06:00:00.000Z"],
              ["no-odds", "approved", null, "2026-11-27T06:00:00.000Z"],
            ] as const
          ).map(([name, status, permille, asked]) => ({
            decision_id: `cal-${name}`,
            lead_id: `synthetic-edge-${name}`,
            lender_id: "cal-right",
            status,
            ...NO_ANSWER,
            sent_fields: null,
            predicted_permille: permille,
            attempts: 1,
            latency_ms: 10,
            asked_at: asked,
            deadline_at: asked,
            answered_at: asked,
            decided_at: asked,
          })),
        )
        .execute();
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    /** calibrationOf over the rows the grouped query should have read. */
    const direct = async (lenderId: string) => {
      const rows = await test.storage.db
        .selectFrom("lender_decisions")
        .select(["status", "predicted_permille"])
        .where("lender_id", "=", lenderId)
        .where("lead_id", "like", "synthetic-%")
        .where("decision_id", "not like", "cal-%")
        .execute();
      return calibrationOf(
        rows.map((row) => ({
          predicted: Number(row.predicted_permille) / 1000,
          approved: row.status === "approved",
        })),
      );
    };

    it("gives calibrationOf's deciles, Brier score and flag from the daily count's rows", async () => {
      // At most ten rows a lender: here two lenders, a decile of each at most.
      expect(
        await countOddsCalibration(test.storage, NOW, { withSandbox: false }),
      ).toBeLessThanOrEqual(20);
      const calibrations = await oddsCalibrations(test.storage);
      expect([...calibrations.keys()].sort()).toEqual(["cal-hopeful", "cal-right"]);
      for (const id of ["cal-right", "cal-hopeful"]) {
        const stored = calibrations.get(id);
        const expected = await direct(id);
        expect(stored?.count).toBe(150);
        expect(stored?.deciles.map((decile) => decile.count)).toEqual(
          expected.deciles.map((decile) => decile.count),
        );
        expect(stored?.brier).toBeCloseTo(expected.brier ?? -1, 9);
        expect(stored?.gap).toBeCloseTo(expected.gap ?? -1, 9);
        expect(stored?.flagged).toBe(expected.flagged);
      }
      // Odds 30 points too hopeful are flagged; those near the truth are not.
      expect(calibrations.get("cal-hopeful")?.flagged).toBe(true);
      expect(calibrations.get("cal-right")?.flagged).toBe(false);
    });

    it("counts a sandbox lender's only when told, once a day, and reads the lenders asked for", async () => {
      // Today's count is there: not again, sandbox or not.
      expect(await countOddsCalibrationIfDue(test.storage, NOW, { withSandbox: true })).toBe(false);
      expect((await oddsCalibrations(test.storage)).has("cal-sandbox")).toBe(false);
      const tomorrow = new Date(NOW.getTime() + 86_400_000);
      expect(await countOddsCalibrationIfDue(test.storage, tomorrow, { withSandbox: true })).toBe(
        true,
      );
      expect((await oddsCalibrations(test.storage)).get("cal-sandbox")?.count).toBe(150);
      const one = await oddsCalibrations(test.storage, ["cal-right"]);
      expect([...one.keys()]).toEqual(["cal-right"]);
      expect(await oddsCalibrations(test.storage, [])).toEqual(new Map());
    });

    it("reads nothing once the synthetic history is deleted", async () => {
      await test.storage.db
        .deleteFrom("lender_decisions")
        .where("decision_id", "like", "cal-%")
        .execute();
      await deleteDecisionHistory(test.storage);
      await countOddsCalibration(test.storage, NOW, { withSandbox: true });
      expect(await oddsCalibrations(test.storage)).toEqual(new Map());
      const leads = await test.storage.db.selectFrom("leads").select("id").execute();
      expect(leads).toEqual([]);
    });
  });
});
