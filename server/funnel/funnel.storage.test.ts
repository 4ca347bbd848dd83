import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onEachEngine, type TestStorage } from "../test-support";
import { countRecentClosedDays, funnelReport, funnelToday } from "./funnel";
import {
  FUNNEL_FROM,
  FUNNEL_LENDERS,
  FUNNEL_PARTNER,
  FUNNEL_TO,
  seedFunnelRecords,
} from "./funnel.test-support";

// Steps: visits, calculator, applications, verified, asked, approved, click-outs, issued, payouts.
onEachEngine((engine, open) => {
  describe(`the funnel on ${engine}`, () => {
    let test: TestStorage;
    beforeAll(async () => {
      test = await open();
      await seedFunnelRecords(test.storage);
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it("counts every step from the stored records", async () => {
      const report = await funnelReport(test.storage, FUNNEL_FROM, FUNNEL_TO);
      expect(report.totals).toEqual({
        key: [],
        counts: [5, 3, 2, 1, 2, 1, 2, 1, 1],
        payoutRupees: 1500,
      });
    });

    it("gives the key figures: the range's applications, verified and approved of them, revenue", async () => {
      await test.storage.db
        .insertInto("lender_invoices")
        .values({
          id: "funnel-invoice",
          lender_id: FUNNEL_LENDERS.lanka,
          month: "2026-11",
          items: 2,
          total_rupees: 1250,
          created_by: "staff",
          created_at: "2026-12-01T00:00:00.000Z",
        })
        .execute();
      const item = { invoice_id: "funnel-invoice", lender_id: FUNNEL_LENDERS.lanka };
      await test.storage.db
        .insertInto("lender_invoice_items")
        .values([
          // 00:10 on the 10th in Colombo: in the range; 00:10 on the 11th: not.
          {
            ...item,
            model: "lead",
            source_id: "d-in",
            rupees: 750,
            occurred_at: "2026-11-09T18:40:00.000Z",
          },
          {
            ...item,
            model: "lead",
            source_id: "d-out",
            rupees: 500,
            occurred_at: "2026-11-10T18:40:00.000Z",
          },
        ])
        .execute();
      const { kpis } = await funnelReport(test.storage, FUNNEL_FROM, FUNNEL_TO);
      expect(kpis).toEqual({
        applications: 2,
        verified: 1,
        approved: 1,
        clickouts: 2,
        issued: 1,
        revenueRupees: 750,
      });
      // A range without the applications: no rates to give, and no revenue.
      const later = await funnelReport(test.storage, "2026-11-12", "2026-11-12");
      expect(later.kpis).toMatchObject({
        applications: 0,
        verified: 0,
        approved: 0,
        revenueRupees: 0,
      });
    });

    it("puts 18:29 and 18:31 UTC on two Colombo days", async () => {
      const report = await funnelReport(test.storage, FUNNEL_FROM, FUNNEL_TO);
      expect(report.daily).toEqual([
        { key: ["2026-11-09"], counts: [1, 1, 1, 0, 0, 0, 1, 0, 0], payoutRupees: 0 },
        { key: ["2026-11-10"], counts: [4, 2, 1, 1, 2, 1, 1, 1, 1], payoutRupees: 1500 },
      ]);
      const tenth = await funnelReport(test.storage, "2026-11-10", "2026-11-10");
      expect(tenth.totals.counts).toEqual([4, 2, 1, 1, 2, 1, 1, 1, 1]);
      const eleventh = await funnelReport(test.storage, "2026-11-11", "2026-11-11");
      expect(eleventh.totals.counts).toEqual([1, 1, 1, 0, 0, 0, 0, 0, 0]);
    });

    it("counts today from the records and closed days from their counts, alike", async () => {
      // The 10th as today: the 9th is closed (counted once), the 10th live.
      const live = await funnelReport(test.storage, FUNNEL_FROM, FUNNEL_TO, "2026-11-10");
      const closed = await funnelReport(test.storage, FUNNEL_FROM, FUNNEL_TO, "2026-11-25");
      expect(live).toEqual(closed);
      const counted = await test.storage.db
        .selectFrom("funnel_days_counted")
        .select("day")
        .orderBy("day")
        .execute();
      expect(counted.map((row) => row.day)).toContain("2026-11-09");
      const calculatorCounts = await test.storage.db
        .selectFrom("funnel_day_counts")
        .select(["grouping", "key", "count"])
        .where("step", "=", "calculator")
        .where("day", "=", "2026-11-09")
        .orderBy("grouping")
        .orderBy("key")
        .execute();
      expect(calculatorCounts.map((row) => ({ ...row, count: Number(row.count) }))).toEqual([
        { grouping: "day", key: "[]", count: 1 },
        { grouping: "device", key: '["mobile"]', count: 1 },
        { grouping: "locale", key: '["en"]', count: 1 },
        { grouping: "partner", key: JSON.stringify([FUNNEL_PARTNER.id]), count: 1 },
        { grouping: "source", key: '["google","cpc","nov"]', count: 1 },
        { grouping: "sub1", key: "[null]", count: 1 },
      ]);
    });

    it("breaks the funnel down by lender, partner, source, sub id, language and device", async () => {
      const { breakdowns } = await funnelReport(test.storage, FUNNEL_FROM, FUNNEL_TO);
      expect(breakdowns.lender).toEqual([
        {
          key: [FUNNEL_LENDERS.lanka],
          label: "Lanka Finance",
          counts: [null, null, null, null, 1, 1, 1, 1, 1],
          payoutRupees: 1500,
        },
        {
          key: [FUNNEL_LENDERS.ceylon],
          label: "Ceylon Finance",
          counts: [null, null, null, null, 1, 0, 1, 0, 0],
          payoutRupees: 0,
        },
      ]);
      expect(breakdowns.partner).toEqual([
        {
          key: [FUNNEL_PARTNER.id],
          label: FUNNEL_PARTNER.name,
          counts: [2, 2, 1, 1, 2, 1, 1, 1, 1],
          payoutRupees: 1500,
        },
        { key: [null], counts: [3, 1, 1, 0, 0, 0, 1, 0, 0], payoutRupees: 0 },
      ]);
      expect(breakdowns.source).toEqual([
        {
          key: ["google", "cpc", "nov"],
          counts: [2, 2, 1, 1, 2, 1, 1, 1, 1],
          payoutRupees: 1500,
        },
        { key: [null, null, null], counts: [3, 1, 1, 0, 0, 0, 1, 0, 0], payoutRupees: 0 },
      ]);
      expect(breakdowns.sub1).toEqual([
        // The calculator's events carry no sub1 here: its uses are all under (none).
        { key: [null], counts: [5, 3, 1, 0, 0, 0, 1, 0, 0], payoutRupees: 0 },
        { key: ["aff-7"], counts: [0, 0, 1, 1, 2, 1, 1, 1, 1], payoutRupees: 1500 },
      ]);
      // Visits and calculator uses only: leads store neither language nor device.
      const visitsOnly = (visits: number, calculator: number) => [
        ...[visits, calculator],
        ...[null, null, null, null, null, null, null],
      ];
      expect(breakdowns.locale).toEqual([
        { key: ["en"], counts: visitsOnly(2, 2), payoutRupees: null },
        { key: ["si"], counts: visitsOnly(1, 1), payoutRupees: null },
        { key: [null], counts: visitsOnly(2, 0), payoutRupees: null },
      ]);
      expect(breakdowns.device).toEqual([
        { key: ["mobile"], counts: visitsOnly(2, 2), payoutRupees: null },
        { key: ["desktop"], counts: visitsOnly(1, 1), payoutRupees: null },
        { key: [null], counts: visitsOnly(2, 0), payoutRupees: null },
      ]);
    });
  });
});

onEachEngine((engine, open) => {
  describe(`the funnel's counting of closed days on ${engine}`, () => {
    let test: TestStorage;
    beforeAll(async () => {
      test = await open();
      await seedFunnelRecords(test.storage);
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    const countedDays = async () =>
      (
        await test.storage.db
          .selectFrom("funnel_days_counted")
          .select("day")
          .orderBy("day")
          .execute()
      ).map((row) => row.day);

    it("counts a Colombo day once it has ended and settled, in the background", async () => {
      // 00:03 in Colombo on the 11th: the 10th has ended but is still settling.
      const early = new Date("2026-11-10T18:33:00.000Z");
      expect(funnelToday(early)).toBe("2026-11-10");
      await countRecentClosedDays(test.storage, early);
      expect((await countedDays()).at(-1)).toBe("2026-11-09");
      expect(await countedDays()).toHaveLength(366);
      // 00:06: the 10th is closed, and counted.
      const later = new Date("2026-11-10T18:36:00.000Z");
      await countRecentClosedDays(test.storage, later);
      expect((await countedDays()).at(-1)).toBe("2026-11-10");
      // A read then finds both days counted, with the figures the records give.
      const report = await funnelReport(test.storage, FUNNEL_FROM, FUNNEL_TO, funnelToday(later));
      expect(report.totals.counts).toEqual([5, 3, 2, 1, 2, 1, 2, 1, 1]);
    });
  });
});
