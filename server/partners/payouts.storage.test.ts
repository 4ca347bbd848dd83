import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openStorage } from "../storage/database";
import { onEachEngine, silentLog, type TestStorage } from "../test-support";
import { createPartner } from "./partners";
import {
  createPayoutRun,
  listPayoutRuns,
  markPayoutPaid,
  monthPeriod,
  PayoutError,
  payoutStatement,
  periodOf,
  previousColomboMonth,
  statementCsv,
  unpaidEarnings,
} from "./payouts";
import { seedConversion } from "./payouts.test-support";
import { partnerStats, partnersPeriodFigures } from "./stats";

describe("payout periods", () => {
  it("default to the Colombo month before, whatever UTC says", () => {
    // 2026-11-30T19:00Z is already 1 December in Colombo: the month before is November.
    expect(previousColomboMonth(new Date("2026-11-30T19:00:00Z"))).toEqual({
      from: "2026-11-01",
      to: "2026-11-30",
    });
    expect(previousColomboMonth(new Date("2026-03-10T00:00:00Z"))).toEqual({
      from: "2026-02-01",
      to: "2026-02-28",
    });
    expect(monthPeriod("2028-02")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(monthPeriod("2028-13")).toBeUndefined();
  });

  it("take a date range the right way round, of at most a year", () => {
    expect(periodOf("2026-10-05", "2026-10-05")).toEqual({ from: "2026-10-05", to: "2026-10-05" });
    expect(periodOf("2026-10-06", "2026-10-05")).toBeUndefined();
    expect(periodOf("2026-01-01", "2027-01-02")).toBeUndefined();
    expect(periodOf("2026-10-32", "2026-11-01")).toBeUndefined();
  });
});

const admin = { id: null, label: "payouts test" };

/** What the lender reports, and what the partner's terms make of it (decision 0076). */
const SEEDED = [
  // The first instant of October in Colombo (UTC+05:30): in October.
  {
    partner: "lead-co",
    at: "2026-09-30T18:30:00.000Z",
    statuses: ["approved", "issued"],
    pays: 400,
  },
  { partner: "lead-co", at: "2026-10-15T06:00:00.000Z", statuses: ["rejected"], pays: 400 },
  {
    partner: "sale-co",
    at: "2026-10-20T06:00:00.000Z",
    statuses: ["approved", "issued"],
    pays: 2_500,
  },
  // The last second of October in Colombo.
  { partner: "sale-co", at: "2026-10-31T18:29:59.000Z", statuses: ["issued"], pays: 2_500 },
  // Already 1 November in Colombo, and still 30 September there: outside October.
  { partner: "sale-co", at: "2026-10-31T18:30:00.000Z", statuses: ["issued"], pays: 2_500 },
  { partner: "lead-co", at: "2026-09-30T18:29:59.000Z", statuses: ["approved"], pays: 400 },
] as const;
const OCTOBER = { from: "2026-10-01", to: "2026-10-31" } as const;
const inOctober = (at: string) =>
  at >= "2026-09-30T18:30:00.000Z" && at < "2026-10-31T18:30:00.000Z";

function expectedFor(partner: string, when: (at: string) => boolean) {
  const rows = SEEDED.filter((row) => row.partner === partner && when(row.at));
  return { items: rows.length, totalRupees: rows.reduce((sum, row) => sum + row.pays, 0) };
}

function payoutsContract(name: string, open: () => Promise<TestStorage>) {
  describe(`payout runs on ${name}`, () => {
    let test: TestStorage;
    beforeAll(async () => {
      test = await open();
      for (const [id, payoutModel, payoutRupees] of [
        ["lead-co", "lead", 400],
        ["sale-co", "sale", 2_500],
        ["idle-co", "lead", 300],
      ] as const) {
        await createPartner(test.storage, {
          id,
          name: `${id} name`,
          payoutModel,
          payoutRupees,
          origins: [],
          postbackUrl: null,
        });
      }
      for (const row of SEEDED) {
        await seedConversion(test.storage, row.partner, new Date(row.at), row.statuses);
      }
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it("counts each partner's period as its stats do, from the same records", async () => {
      const figures = await partnersPeriodFigures(test.storage, OCTOBER.from, OCTOBER.to);
      for (const partner of ["lead-co", "sale-co"]) {
        const stats = await partnerStats(test.storage, partner, OCTOBER.from, OCTOBER.to);
        expect(figures.get(partner)).toEqual({
          leads: stats.totals.leads,
          sales: stats.totals.sales,
          earnedRupees: stats.totals.payouts,
        });
        expect(stats.totals.payouts).toBe(expectedFor(partner, inOctober).totalRupees);
      }
      expect(figures.get("sale-co")?.sales).toBe(2);
      expect(figures.get("lead-co")?.leads).toBe(2);
      expect(figures.has("idle-co")).toBe(false);
    });

    it("freezes the month's earnings per partner, equal to the seeded records", async () => {
      const unpaid = await unpaidEarnings(test.storage, OCTOBER);
      const run = await createPayoutRun(test.storage, OCTOBER, {
        actor: admin,
        now: new Date("2026-11-02T04:00:00Z"),
      });
      const expected = ["lead-co", "sale-co"].map((partner) => ({
        partnerId: partner,
        partnerName: `${partner} name`,
        ...expectedFor(partner, inOctober),
      }));
      expect(unpaid).toEqual(expected);
      expect(
        run.partners.map(({ partnerId, partnerName, items, totalRupees }) => ({
          partnerId,
          partnerName,
          items,
          totalRupees,
        })),
      ).toEqual(expected);
      expect(run.totalRupees).toBe(5_800);
      expect(run).toMatchObject({
        from: "2026-10-01",
        to: "2026-10-31",
        createdBy: "payouts test",
      });

      const statement = await payoutStatement(test.storage, run.id, "sale-co");
      expect(statement?.items.map((item) => [item.status, item.payoutRupees])).toEqual([
        ["issued", 2_500],
        ["issued", 2_500],
      ]);
      const csv = statementCsv(statement ?? expect.fail("no statement"))
        .trimEnd()
        .split("\r\n");
      expect(csv[0]).toBe("click_id,lead_id,status,reported_at_colombo,payout_lkr");
      expect(csv).toHaveLength(4);
      expect(csv.at(-1)).toBe("total,,,,5000");
      expect(csv[2]).toContain(",issued,2026-10-31 23:59:59,2500");

      const entry = await test.storage.db
        .selectFrom("audit_log")
        .selectAll()
        .where("action", "=", "payout.run")
        .executeTakeFirstOrThrow();
      expect(entry).toMatchObject({ actor: "payouts test", subject: `payout_run:${run.id}` });
      expect(JSON.parse(entry.after ?? "{}")).toMatchObject({
        totalRupees: 5_800,
        partners: { "lead-co": 800, "sale-co": 5_000 },
      });
    });

    it("never pays a lead or a sale twice, whatever the next run's period", async () => {
      await expect(createPayoutRun(test.storage, OCTOBER, { actor: admin })).rejects.toMatchObject({
        problem: "empty",
      });
      expect(await unpaidEarnings(test.storage, OCTOBER)).toEqual([]);
      const wide = await createPayoutRun(
        test.storage,
        { from: "2026-09-01", to: "2026-11-30" },
        { actor: admin },
      );
      const outside = (at: string) => !inOctober(at);
      expect(
        wide.partners.map(({ partnerId, items, totalRupees }) => ({
          partnerId,
          items,
          totalRupees,
        })),
      ).toEqual([
        { partnerId: "lead-co", ...expectedFor("lead-co", outside) },
        { partnerId: "sale-co", ...expectedFor("sale-co", outside) },
      ]);
      // Every postback with a payout is in exactly one run, and the runs add up to all of them.
      const owed = await test.storage.db
        .selectFrom("partner_postbacks")
        .select(["click_id", "status", "payout_rupees"])
        .where("payout_rupees", ">", 0)
        .execute();
      const items = await test.storage.db.selectFrom("payout_run_items").selectAll().execute();
      expect(items).toHaveLength(owed.length);
      expect(new Set(items.map((item) => `${item.click_id}:${item.status}`)).size).toBe(
        owed.length,
      );
      const runs = await listPayoutRuns(test.storage);
      expect(runs.reduce((sum, run) => sum + run.totalRupees, 0)).toBe(
        SEEDED.reduce((sum, row) => sum + row.pays, 0),
      );
    });

    it("lets only one of two runs at once take the same earnings, from two instances", async () => {
      for (const day of ["2026-12-02", "2026-12-09", "2026-12-16"]) {
        await seedConversion(test.storage, "sale-co", new Date(`${day}T06:00:00Z`), ["issued"]);
      }
      const december = { from: "2026-12-01", to: "2026-12-31" } as const;
      const second = openStorage({
        databaseUrl: test.databaseUrl,
        dataDir: test.dataDir,
        log: silentLog,
      });
      try {
        const outcomes = await Promise.allSettled([
          createPayoutRun(test.storage, december, { actor: admin }),
          createPayoutRun(second, december, { actor: admin }),
        ]);
        const made = outcomes.filter((outcome) => outcome.status === "fulfilled");
        expect(made).toHaveLength(1);
        for (const outcome of outcomes) {
          if (outcome.status === "rejected") {
            expect(outcome.reason).toBeInstanceOf(PayoutError);
            expect(["conflict", "empty"]).toContain((outcome.reason as PayoutError).problem);
          }
        }
        expect(made[0]?.status === "fulfilled" && made[0].value.totalRupees).toBe(7_500);
        const runs = await test.storage.db
          .selectFrom("payout_runs")
          .select("id")
          .where("period_from", "=", december.from)
          .execute();
        expect(runs).toHaveLength(1);
      } finally {
        await second.close();
      }
    });

    it("marks a partner's payout paid once, with its reference, in the audit log", async () => {
      const latest = (await listPayoutRuns(test.storage)).find((run) => run.from === "2026-09-01");
      if (!latest) throw new Error("no run");
      const paid = await markPayoutPaid(test.storage, latest.id, "lead-co", " TT-2026-1101 ", {
        actor: admin,
        now: new Date("2026-12-01T05:00:00Z"),
      });
      expect(paid).toMatchObject({ paidReference: "TT-2026-1101", paidBy: "payouts test" });
      expect(paid.paidAt).toBe("2026-12-01T05:00:00.000Z");
      await expect(
        markPayoutPaid(test.storage, latest.id, "lead-co", "again", { actor: admin }),
      ).rejects.toMatchObject({ problem: "paid" });
      await expect(
        markPayoutPaid(test.storage, latest.id, "idle-co", "x", { actor: admin }),
      ).rejects.toMatchObject({ problem: "not_found" });
      await expect(
        markPayoutPaid(test.storage, latest.id, "sale-co", "<script>", { actor: admin }),
      ).rejects.toBeInstanceOf(PayoutError);
      const entries = await test.storage.db
        .selectFrom("audit_log")
        .selectAll()
        .where("action", "=", "payout.paid")
        .execute();
      expect(entries).toHaveLength(1);
      expect(JSON.parse(entries[0]?.after ?? "{}")).toMatchObject({
        partner: "lead-co",
        reference: "TT-2026-1101",
      });
      const after = (await listPayoutRuns(test.storage)).find((run) => run.id === latest.id);
      expect(after?.partners.map((partner) => partner.paidAt === null)).toEqual([false, true]);
    });
  });
}

onEachEngine((engine, open) => payoutsContract(engine, open));
