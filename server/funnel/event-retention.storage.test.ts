import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addDays,
  type CalendarDate,
  colomboDayStart,
  colomboToday,
} from "../../core/helpers/dates";
import { FUNNEL_BREAKDOWNS } from "../../core/views/back-office";
import { PORTAL_GROUPINGS, portalStats } from "../partners/portal-stats";
import { partnerStats } from "../partners/stats";
import { onEachEngine, type TestStorage } from "../test-support";
import { seedDashboard } from "./bench-library";
import { firstDayKept, foldOldEvents } from "./event-retention";
import { type FunnelGrouping, funnelTable } from "./funnel";

/**
 * The retention rule of events (issue 31, decision 0343): 700 days of
 * events, visits, calculator uses, leads, click-outs and postbacks; the
 * days older than 400 folded and their events deleted; every figure of the
 * funnel (every grouping) and of the partners (portal, every grouping, and
 * the API's stats) the same for every day before and after, on both engines.
 */
const NOW = new Date("2026-11-21T06:00:00.000Z");
const TODAY = colomboToday(NOW);
const FROM = addDays(TODAY, -700);
const TO = addDays(TODAY, -1);
const RETENTION_DAYS = 400;
const GROUPINGS: FunnelGrouping[] = ["day", ...FUNNEL_BREAKDOWNS];
const PARTNERS = ["bench-p1", "bench-p2", "bench-p3"];

onEachEngine((engine, open) => {
  describe(`events past their retention on ${engine}`, () => {
    let test: TestStorage;
    beforeAll(async () => {
      test = await open();
      await seedDashboard(test.storage, { events: 4_000, leads: 400, days: 700 }, NOW);
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    const count = async (table: "events" | "visits" | "calculator_uses", before: boolean) => {
      const keptFrom = firstDayKept(NOW, RETENTION_DAYS);
      const { db } = test.storage;
      const row =
        table === "events"
          ? await db
              .selectFrom("events")
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .where("created_at", before ? "<" : ">=", colomboDayStart(keptFrom))
              .executeTakeFirstOrThrow()
          : await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .where("day", before ? "<" : ">=", keptFrom)
              .executeTakeFirstOrThrow();
      return Number(row.n);
    };

    /** Every figure the funnel and the partners' statistics give for the 700 days. */
    const figures = async (today: CalendarDate) => ({
      funnel: await Promise.all(
        GROUPINGS.map((grouping) => funnelTable(test.storage, grouping, FROM, TO, today)),
      ),
      portal: await Promise.all(
        PARTNERS.flatMap((partner) =>
          PORTAL_GROUPINGS.map((grouping) =>
            portalStats(test.storage, partner, FROM, TO, grouping),
          ),
        ),
      ),
      api: await Promise.all(
        PARTNERS.map((partner) => partnerStats(test.storage, partner, FROM, TO)),
      ),
    });

    it("folds the old days into the funnel's counts and deletes their events, the figures unchanged", async () => {
      // Before: every day counted from its records (as if each were today), none folded yet.
      const fromRecords = await figures(FROM);
      expect(await test.storage.db.selectFrom("funnel_days_counted").selectAll().execute()).toEqual(
        [],
      );
      const old = {
        events: await count("events", true),
        visits: await count("visits", true),
        uses: await count("calculator_uses", true),
      };
      const kept = {
        events: await count("events", false),
        visits: await count("visits", false),
        uses: await count("calculator_uses", false),
      };
      expect(old.events).toBeGreaterThan(1_000);
      expect(old.visits).toBeGreaterThan(100);
      expect(kept.events).toBeGreaterThan(1_000);

      const folded = await foldOldEvents(test.storage, NOW, RETENTION_DAYS);
      expect(folded).toEqual({
        keptFrom: addDays(TODAY, -RETENTION_DAYS),
        events: old.events,
        visits: old.visits,
        calculatorUses: old.uses,
      });
      expect(await count("events", true)).toBe(0);
      expect(await count("visits", true)).toBe(0);
      expect(await count("calculator_uses", true)).toBe(0);
      expect(await count("events", false)).toBe(kept.events);
      expect(await count("visits", false)).toBe(kept.visits);
      expect(await count("calculator_uses", false)).toBe(kept.uses);

      // After: the closed days from their counts, the old ones' records gone.
      const afterFolding = await figures(TODAY);
      expect(afterFolding.funnel).toEqual(fromRecords.funnel);
      expect(afterFolding.portal).toEqual(fromRecords.portal);
      expect(afterFolding.api).toEqual(fromRecords.api);
      // The visits of the folded days are still in the funnel, from the counts.
      const daily = afterFolding.funnel[0] ?? [];
      const foldedVisits = daily
        .filter((row) => String(row.key[0]) < folded.keptFrom)
        .reduce((sum, row) => sum + (row.counts[0] ?? 0), 0);
      expect(foldedVisits).toBe(old.visits);
    });

    it("is done once: a second run deletes nothing and changes no figure", async () => {
      const before = await figures(TODAY);
      expect(await foldOldEvents(test.storage, NOW, RETENTION_DAYS)).toMatchObject({
        events: 0,
        visits: 0,
        calculatorUses: 0,
      });
      expect(await figures(TODAY)).toEqual(before);
    });
  });
});
