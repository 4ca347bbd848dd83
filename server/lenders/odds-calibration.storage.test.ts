import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calibrationOf } from "../../core/domain/approval-odds";
import { seedLeadRow } from "../funnel/seed-lead-row";
import { seedCalibrationLenders } from "../sandbox/calibration-lenders.test-support";
import { deleteDecisionHistory } from "../sandbox/decision-history";
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
      await seedCalibrationLenders(test.storage, NOW);
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
            lender_id: "odds-right",
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
      // At most ten rows a lender (one a decile): here two lenders.
      expect(
        await countOddsCalibration(test.storage, NOW, { withSandbox: false }),
      ).toBeLessThanOrEqual(20);
      const calibrations = await oddsCalibrations(test.storage);
      expect([...calibrations.keys()].sort()).toEqual(["odds-hopeful", "odds-right"]);
      for (const id of ["odds-right", "odds-hopeful"]) {
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
      expect(calibrations.get("odds-hopeful")?.flagged).toBe(true);
      expect(calibrations.get("odds-right")?.flagged).toBe(false);
    });

    it("counts a sandbox lender's only when told, once a day, and reads the lenders asked for", async () => {
      // Today's count is there: not again, sandbox or not.
      expect(await countOddsCalibrationIfDue(test.storage, NOW, { withSandbox: true })).toBe(false);
      expect((await oddsCalibrations(test.storage)).has("odds-sandbox")).toBe(false);
      const tomorrow = new Date(NOW.getTime() + 86_400_000);
      expect(await countOddsCalibrationIfDue(test.storage, tomorrow, { withSandbox: true })).toBe(
        true,
      );
      expect((await oddsCalibrations(test.storage)).get("odds-sandbox")?.count).toBe(150);
      const one = await oddsCalibrations(test.storage, ["odds-right"]);
      expect([...one.keys()]).toEqual(["odds-right"]);
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
