import inject from "light-my-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, colomboToday } from "../../core/helpers/dates";
import { appWith, onEachEngine, type TestStorage } from "../test-support";
import { statsResponseSchema } from "./api-schemas";
import type { ApprovedPortalPartner } from "./portal.test-support";
import { csvAsApiDays, twoDashboardPartners } from "./portal-dashboard.test-support";

/**
 * The dashboard's CSV against the partner API's GET stats on both engines
 * (issue 18, decision 0223): the same seeded partners, the same range, the
 * same figures; partner B's CSV never holds partner A's rows. The HTTP
 * details are portal-dashboard.http.test.ts's.
 */
onEachEngine((name, open) => {
  describe(`the dashboard's CSV on ${name}`, () => {
    let test: TestStorage;
    let app: ReturnType<typeof appWith>;
    const clock = new Date("2026-11-25T06:00:00.000Z");
    const today = colomboToday(clock);
    const from = addDays(today, -29);
    let a: ApprovedPortalPartner;
    let b: ApprovedPortalPartner;

    beforeAll(async () => {
      test = await open();
      app = appWith(test.storage, { now: () => clock });
      ({ a, b } = await twoDashboardPartners(test.storage, today, clock));
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    const csvOf = async (who: ApprovedPortalPartner, by: string) => {
      const res = await inject(app, {
        method: "GET",
        url: `/partner/portal/dashboard/download?from=${from}&to=${today}&by=${by}`,
        headers: { cookie: `partner_session=${who.session}` },
      });
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    const linesOf = (csv: string) =>
      csv
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n");

    it("equals GET /api/partner/v1/stats for each partner's own key", async () => {
      for (const who of [a, b]) {
        const api = await inject(app, {
          method: "GET",
          url: `/api/partner/v1/stats?from=${from}&to=${today}`,
          headers: { authorization: `Bearer ${who.secretKey}` },
        });
        expect(api.statusCode).toBe(200);
        const stats = statsResponseSchema.parse(api.json());
        const days = csvAsApiDays(await csvOf(who, "day"));
        expect(days).toEqual(stats.days);
      }
    });

    it("gives partner B its own rows only", async () => {
      const aRows = linesOf(await csvOf(a, "sub1"));
      expect(aRows.map((line) => line.split(",")[0])).toEqual([
        "sub1",
        "google",
        "facebook",
        "(not set)",
        "tiktok",
        "(total)",
      ]);
      const bRows = linesOf(await csvOf(b, "sub1"));
      expect(bRows.map((line) => line.split(",")[0])).toEqual(["sub1", "beta-only", "(total)"]);
      expect(bRows.at(-1)).toBe("(total),1,1,0,1,350,1.0000,0.0000,");
    });
  });
});
