import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CalendarDate } from "../../core/helpers/dates";
import { onEachEngine, type TestStorage } from "../test-support";
import { AdjustmentError, addAdjustment, adjustmentFormSchema } from "./adjustments";
import { createPartner } from "./partners";
import {
  createPayoutRun,
  markPayoutPaid,
  payoutStatement,
  statementCsv,
  unpaidEarnings,
} from "./payouts";
import { seedConversion } from "./payouts.test-support";
import { portalStats } from "./portal-stats";
import { monthStatement, monthStatementCsv, statementMonths } from "./statements";

/**
 * A partner's statements (issue 18, decisions 0244, 0245) on both engines:
 * per Colombo month, the balance carried in, earned (equal to the
 * dashboard's earnings), adjustments, paid, and the balance carried out;
 * adjustments taken by the next payout run, a negative sum never paid;
 * two partners never mixed.
 */
const admin = { id: null, label: "statements test" };
const NOW = new Date("2026-12-05T06:00:00.000Z");
const OCTOBER = { from: "2026-10-01", to: "2026-10-31" } as const;
const NOVEMBER = { from: "2026-11-01", to: "2026-11-30" } as const;

function adjustment(partner: string, month: string, rupees: string, reason: string) {
  return adjustmentFormSchema.parse({ partner, month, rupees, reason });
}

onEachEngine((name, open) => {
  describe(`partners' statements on ${name}`, () => {
    let test: TestStorage;
    let clicks: string[] = [];

    beforeAll(async () => {
      test = await open();
      const created = new Date("2026-09-15T06:00:00.000Z");
      for (const [id, payoutModel, payoutRupees] of [
        ["month-a", "lead", 400],
        ["month-b", "sale", 2_500],
      ] as const) {
        await createPartner(
          test.storage,
          { id, name: `${id} name`, payoutModel, payoutRupees, origins: [], postbackUrl: null },
          { now: created },
        );
      }
      clicks = [
        // A: two leads in October (the second in its last Colombo second), one in November.
        (
          await seedConversion(test.storage, "month-a", new Date("2026-10-05T06:00:00Z"), [
            "approved",
          ])
        ).clickId,
        (
          await seedConversion(test.storage, "month-a", new Date("2026-10-31T18:29:59Z"), [
            "rejected",
          ])
        ).clickId,
        (
          await seedConversion(test.storage, "month-a", new Date("2026-10-31T18:30:00Z"), [
            "approved",
          ])
        ).clickId,
      ];
      // B: a sale in October; an approval alone in November earns nothing.
      await seedConversion(test.storage, "month-b", new Date("2026-10-10T06:00:00Z"), [
        "approved",
        "issued",
      ]);
      await seedConversion(test.storage, "month-b", new Date("2026-11-03T06:00:00Z"), ["approved"]);
      await addAdjustment(
        test.storage,
        adjustment("month-a", "2026-10", "150", "Bonus for October"),
        {
          actor: admin,
          now: new Date("2026-11-01T03:00:00Z"),
        },
      );
      await addAdjustment(
        test.storage,
        adjustment("month-a", "2026-11", "-100", "=HYPERLINK(chargeback)"),
        { actor: admin, now: new Date("2026-11-20T03:00:00Z") },
      );
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it("takes a month's adjustments into the next run, and not a later month's", async () => {
      expect(await unpaidEarnings(test.storage, OCTOBER)).toEqual([
        { partnerId: "month-a", partnerName: "month-a name", items: 2, totalRupees: 950 },
        { partnerId: "month-b", partnerName: "month-b name", items: 1, totalRupees: 2_500 },
      ]);
      const run = await createPayoutRun(test.storage, OCTOBER, {
        actor: admin,
        now: new Date("2026-11-02T04:00:00Z"),
      });
      expect(run.totalRupees).toBe(3_450);
      expect(run.partners.map((one) => [one.partnerId, one.items, one.totalRupees])).toEqual([
        ["month-a", 2, 950],
        ["month-b", 1, 2_500],
      ]);
      const statement = await payoutStatement(test.storage, run.id, "month-a");
      expect(statement?.adjustments.map((one) => [one.month, one.rupees, one.reason])).toEqual([
        ["2026-10", 150, "Bonus for October"],
      ]);
      const csv = statementCsv(statement ?? expect.fail("no statement"))
        .trimEnd()
        .split("\r\n");
      expect(csv.at(-2)).toBe("adjustment,2026-10,Bonus for October,2026-11-01 08:30:00,150");
      expect(csv.at(-1)).toBe("total,,,,950");
      const amounts = csv.slice(1, -1).map((line) => Number(line.split(",").at(-1)));
      expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBe(950);
      // Taken once: the October run left nothing, and November's adjustment waits.
      expect(await unpaidEarnings(test.storage, OCTOBER)).toEqual([]);
      await markPayoutPaid(test.storage, run.id, "month-a", "REF-1", {
        actor: admin,
        now: new Date("2026-11-05T04:00:00Z"),
      });
      const entry = await test.storage.db
        .selectFrom("audit_log")
        .selectAll()
        .where("action", "=", "payout.adjust")
        .orderBy("at")
        .executeTakeFirstOrThrow();
      expect(entry).toMatchObject({ actor: "statements test", subject: "partner:month-a" });
      expect(JSON.parse(entry.after ?? "{}")).toMatchObject({ month: "2026-10", rupees: 150 });
    });

    it("lists each month with what was earned, adjusted and paid, and the balance carried", async () => {
      const a = await statementMonths(test.storage, "month-a", NOW);
      expect(a).toEqual([
        {
          month: "2026-12",
          openingRupees: 300,
          earnedItems: 0,
          earnedRupees: 0,
          adjustmentsRupees: 0,
          paidRupees: 0,
          closingRupees: 300,
        },
        {
          month: "2026-11",
          openingRupees: 950,
          earnedItems: 1,
          earnedRupees: 400,
          adjustmentsRupees: -100,
          paidRupees: 950,
          closingRupees: 300,
        },
        {
          month: "2026-10",
          openingRupees: 0,
          earnedItems: 2,
          earnedRupees: 800,
          adjustmentsRupees: 150,
          paidRupees: 0,
          closingRupees: 950,
        },
        {
          month: "2026-09",
          openingRupees: 0,
          earnedItems: 0,
          earnedRupees: 0,
          adjustmentsRupees: 0,
          paidRupees: 0,
          closingRupees: 0,
        },
      ]);
      const b = await statementMonths(test.storage, "month-b", NOW);
      expect(b.map((month) => [month.month, month.earnedRupees, month.closingRupees])).toEqual([
        ["2026-12", 0, 2_500],
        ["2026-11", 0, 2_500],
        ["2026-10", 2_500, 2_500],
        ["2026-09", 0, 0],
      ]);
    });

    it("earns in a month what the dashboard counts as the month's earnings", async () => {
      for (const partner of ["month-a", "month-b"]) {
        const months = await statementMonths(test.storage, partner, NOW);
        for (const month of months) {
          const from = `${month.month}-01` as CalendarDate;
          const last = new Date(
            Date.UTC(Number(month.month.slice(0, 4)), Number(month.month.slice(5)), 0),
          );
          const to = last.toISOString().slice(0, 10) as CalendarDate;
          const stats = await portalStats(test.storage, partner, from, to);
          expect(month.earnedRupees, `${partner} ${month.month}`).toBe(stats.totals.earnings);
        }
      }
    });

    it("gives a month's lines, only the partner's own, and its CSV adding up", async () => {
      const november = await monthStatement(test.storage, "month-a", "2026-11", NOW);
      expect(
        november?.earnings.map((item) => [item.clickId, item.status, item.rupees, item.run]),
      ).toEqual([[clicks[2], "approved", 400, null]]);
      expect(november?.adjustments.map((item) => [item.rupees, item.reason])).toEqual([
        [-100, "=HYPERLINK(chargeback)"],
      ]);
      expect(november?.payments).toEqual([
        {
          from: "2026-10-01",
          to: "2026-10-31",
          paidAt: "2026-11-05T04:00:00.000Z",
          reference: "REF-1",
          rupees: 950,
        },
      ]);
      const october = await monthStatement(test.storage, "month-a", "2026-10", NOW);
      expect(october?.earnings.map((item) => [item.clickId, item.rupees, item.run])).toEqual([
        [clicks[0], 400, { from: "2026-10-01", to: "2026-10-31" }],
        [clicks[1], 400, { from: "2026-10-01", to: "2026-10-31" }],
      ]);
      // B's October has B's sale only; B's November, nothing of A's.
      const b = await monthStatement(test.storage, "month-b", "2026-11", NOW);
      expect(b?.earnings).toEqual([]);
      expect(b?.adjustments).toEqual([]);
      expect(b?.payments).toEqual([]);
      const bOctober = await monthStatement(test.storage, "month-b", "2026-10", NOW);
      expect(bOctober?.earnings.map((item) => [item.status, item.rupees])).toEqual([
        ["issued", 2_500],
      ]);
      expect(bOctober?.earnings.map((item) => item.clickId)).not.toContain(clicks[0]);

      const csv = monthStatementCsv(november ?? expect.fail("no month"));
      expect(
        csv.startsWith("\uFEFFline,click_id,lead_id,status,at_colombo,note,amount_lkr\r\n"),
      ).toBe(true);
      const lines = csv.slice(1).trimEnd().split("\r\n");
      expect(lines[1]).toBe("opening_balance,,,,,,950");
      expect(lines.at(-1)).toBe("closing_balance,,,,,,300");
      // The reason cannot run as a formula; the negative amounts stay numbers.
      expect(lines).toContain("adjustment,,,,2026-11-20 08:30:00,'=HYPERLINK(chargeback),-100");
      expect(lines).toContain(
        "paid,,,,2026-11-05 09:30:00,REF-1 (payout run 2026-10-01 to 2026-10-31),-950",
      );
      const amounts = lines.slice(1, -1).map((line) => Number(line.split(",").at(-1)));
      expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBe(300);
    });

    it("answers no month for one that is not the account's", async () => {
      for (const month of [
        "2026-08",
        "2027-01",
        "2026-13",
        "2026-1",
        "",
        "../2026-11",
        "2026-11 ",
      ]) {
        expect(await monthStatement(test.storage, "month-a", month, NOW), month).toBeUndefined();
      }
      expect(await monthStatement(test.storage, "nobody", "2026-11", NOW)).toBeUndefined();
    });

    it("never pays a negative sum: a partner owed nothing above zero waits", async () => {
      await addAdjustment(test.storage, adjustment("month-b", "2026-11", "-3000", "Chargeback"), {
        actor: admin,
        now: new Date("2026-12-01T03:00:00Z"),
      });
      expect(await unpaidEarnings(test.storage, NOVEMBER)).toEqual([
        { partnerId: "month-a", partnerName: "month-a name", items: 1, totalRupees: 300 },
      ]);
      const run = await createPayoutRun(test.storage, NOVEMBER, { actor: admin, now: NOW });
      expect(run.partners.map((one) => [one.partnerId, one.totalRupees])).toEqual([
        ["month-a", 300],
      ]);
      const waiting = await test.storage.db
        .selectFrom("partner_adjustments")
        .select(["partner_id", "run_id"])
        .where("partner_id", "=", "month-b")
        .execute();
      expect(waiting).toEqual([{ partner_id: "month-b", run_id: null }]);
      const b = await statementMonths(test.storage, "month-b", NOW);
      expect(b[1]).toMatchObject({
        month: "2026-11",
        adjustmentsRupees: -3_000,
        closingRupees: -500,
      });
    });

    it("refuses an adjustment for no partner or a month to come", async () => {
      await expect(
        addAdjustment(test.storage, adjustment("nobody", "2026-11", "10", "Test"), {
          actor: admin,
          now: NOW,
        }),
      ).rejects.toBeInstanceOf(AdjustmentError);
      await expect(
        addAdjustment(test.storage, adjustment("month-a", "2027-01", "10", "Test"), {
          actor: admin,
          now: NOW,
        }),
      ).rejects.toMatchObject({ field: "month" });
      for (const rupees of ["0", "1.5", "1000001", "", "--5", "1e3"]) {
        expect(
          adjustmentFormSchema.safeParse({
            partner: "month-a",
            month: "2026-11",
            rupees,
            reason: "Test",
          }).success,
          rupees,
        ).toBe(false);
      }
      for (const reason of ["", "ab", "x".repeat(201), "line\nbreak"]) {
        expect(
          adjustmentFormSchema.safeParse({
            partner: "month-a",
            month: "2026-11",
            rupees: "5",
            reason,
          }).success,
          reason,
        ).toBe(false);
      }
    });
  });
});
