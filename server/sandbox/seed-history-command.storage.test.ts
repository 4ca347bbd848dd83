import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approvalOddsFor, countApprovalOdds } from "../offers/approval-odds";
import { onEachEngine, type TestStorage } from "../test-support";
import { lenderSpec } from "./lender.test-support";
import { registerApiLenders } from "./register";
import { HISTORY_DAYS, HISTORY_LENDERS, runSeedHistory } from "./seed-history-command";

/**
 * `npm run sandbox -- seed-history` (issue 36): refused in production, a
 * labelled sample of the sandbox lenders' decisions otherwise, whose odds a
 * production server never shows (the count leaves sandbox lenders out).
 */
const NOW = new Date("2026-11-29T06:00:00.000Z");
/** A small sample: 2 applicants a day over the 90 days, each answered by every sandbox lender. */
const SMALL = { now: NOW, applicantsPerDay: 2 };
const PROFILE = {
  amount: 100_000,
  termDays: 180,
  monthlyIncome: 90_000,
  employment: "salaried" as const,
  age: 35,
};

onEachEngine((engine, open) => {
  describe(`seed-history on ${engine}`, () => {
    let test: TestStorage;
    beforeAll(async () => {
      test = await open();
    });
    afterAll(async () => {
      await test?.cleanup();
    });
    const count = async (table: "leads" | "lender_decisions") =>
      Number(
        (
          await test.storage.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("count"))
            .executeTakeFirstOrThrow()
        ).count,
      );

    it("is refused in production, with a clear message, and writes nothing", async () => {
      const outcome = await runSeedHistory(test.storage, [], { ...SMALL, production: true });
      expect(outcome.exitCode).toBe(1);
      expect(outcome.err.join("\n")).toMatch(/refused: this is a production configuration/);
      expect(outcome.err.join("\n")).toMatch(/NODE_ENV=development/);
      expect(await count("leads")).toBe(0);
    });

    it("asks for the sandbox lenders first, and takes no arguments", async () => {
      const none = await runSeedHistory(test.storage, [], { ...SMALL, production: false });
      expect(none).toMatchObject({ exitCode: 1 });
      expect(none.err.join("\n")).toMatch(/npm run sandbox/);
      const extra = await runSeedHistory(test.storage, ["--days=9"], {
        ...SMALL,
        production: false,
      });
      expect(extra.exitCode).toBe(2);
    });

    it("writes a labelled sample, replaced on a second run, never counted for production", async () => {
      await registerApiLenders(
        test.storage,
        HISTORY_LENDERS.map((lender, index) =>
          lenderSpec(lender.id, `http://127.0.0.1:9/${lender.id}`, [972_001 + index], {
            sandbox: true,
          }),
        ),
        { now: NOW },
      );
      for (let run = 0; run < 2; run++) {
        const outcome = await runSeedHistory(test.storage, [], { ...SMALL, production: false });
        expect(outcome.exitCode).toBe(0);
        expect(outcome.out[0]).toMatch(/synthetic sample: 180 applicants/);
      }
      expect(await count("leads")).toBe(2 * HISTORY_DAYS);
      expect(await count("lender_decisions")).toBe(2 * HISTORY_DAYS * HISTORY_LENDERS.length);
      const labels = await test.storage.db
        .selectFrom("leads")
        .select(["lead_form"])
        .where("id", "not like", "synthetic-%")
        .execute();
      expect(labels).toEqual([]);

      const ids = HISTORY_LENDERS.map((lender) => lender.id);
      // A production server's count: no sandbox lender, so no odds from the sample.
      await countApprovalOdds(test.storage, NOW, { withSandbox: false });
      expect((await approvalOddsFor(test.storage, PROFILE, ids)).size).toBe(0);
      // A demo's: the lenders as a whole have 180 answers each, so overall odds exist.
      await countApprovalOdds(test.storage, NOW, { withSandbox: true });
      const overall = await test.storage.db
        .selectFrom("approval_odds")
        .select(["lender_id", "answered"])
        .where("bucket", "=", "*")
        .orderBy("lender_id")
        .execute();
      expect(overall.map((row) => [row.lender_id, Number(row.answered)])).toEqual(
        [...ids].sort().map((id) => [id, 180]),
      );
    });
  });
});
