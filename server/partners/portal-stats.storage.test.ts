import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationSchema } from "../../core/domain/schemas/application";
import { TEST_TODAY, validApplication } from "../../core/domain/schemas/application.fixtures";
import type { CalendarDate } from "../../core/helpers/dates";
import { recordClick, recordPostback } from "../borrowers/clicks";
import { loadCatalogues } from "../lenders/catalogue";
import { newOpaqueId } from "../storage/opaque-ids";
import { onEachEngine, silentLog, type TestStorage } from "../test-support";
import { createLead, createVerifiedLead } from "./leads.test-support";
import { createPartner } from "./partners";
import { createPayoutRun } from "./payouts";
import { PORTAL_BREAKDOWNS, type PortalReport, portalStats } from "./portal-stats";
import { createPartnerPostbacks } from "./postbacks";
import { partnerStats } from "./stats";

const offers = loadCatalogues().get("lk") ?? [];
const LENDER_SECRET = "kandy-lane-secret-0123456789";
const secrets = new Map([["kandy-lane", LENDER_SECRET]]);
const FROM: CalendarDate = "2026-11-20";
const TO: CalendarDate = "2026-11-22";

/** The portal's daily rows in the partner API's words (both count verified leads only). */
function asApiDays(report: PortalReport) {
  return report.rows.map((row) => ({
    date: row.key,
    leads: row.leads,
    clicks: row.clicks,
    approvals: row.approvals,
    sales: row.issued,
    payouts: row.earnings,
  }));
}

onEachEngine((name, open) => {
  describe(`the partner portal's figures on ${name}`, () => {
    let test: TestStorage;
    let phone = 0;

    /** A lead of the partner at `at` with these attribution values, verified or not, and its clicks. */
    async function lead(
      partner: string,
      at: string,
      attribution: Record<string, string>,
      {
        verified = true,
        clicks = 1,
        statuses = [] as ("approved" | "rejected" | "issued")[],
        via = "site" as "site" | "partner_api",
      } = {},
    ) {
      phone += 1;
      const application = applicationSchema(TEST_TODAY).parse({
        ...validApplication,
        term: 90,
        partner,
        ...attribution,
        phone: `0771${String(phone).padStart(6, "0")}`,
      });
      const now = new Date(at);
      if (!verified) {
        await createLead(test.storage, application, offers, { now, via });
        return;
      }
      const { leadId } = await createVerifiedLead(test.storage, application, offers, { now, via });
      const offer = offers.find((candidate) => candidate.offer_id === 101);
      if (!offer) throw new Error("offer 101 is missing");
      const postbacks = createPartnerPostbacks({ storage: test.storage, log: silentLog });
      for (let index = 0; index < clicks; index += 1) {
        const { clickId } = await recordClick(test.storage, offer, leadId, now);
        if (index > 0) continue;
        for (const status of statuses) {
          const outcome = await recordPostback(
            test.storage,
            secrets,
            { click_id: clickId, status },
            { token: LENDER_SECRET },
            now,
          );
          if (outcome.kind !== "recorded") throw new Error(outcome.kind);
          if (!outcome.duplicate) await postbacks.listener(outcome.change);
        }
      }
      // A real-time lender's approval: a decision, not a lender's postback; no step counts it.
      await test.storage.db
        .insertInto("lender_decisions")
        .values({
          decision_id: newOpaqueId(),
          lead_id: leadId,
          lender_id: "kandy-lane",
          status: "approved",
          offer_id: 101,
          amount: 30_000,
          term_days: 90,
          terms: null,
          expires_at: null,
          apply_url: null,
          reason: null,
          error: null,
          attempts: 1,
          latency_ms: 5,
          asked_at: at,
          deadline_at: at,
          answered_at: at,
          decided_at: at,
        })
        .execute();
    }

    beforeAll(async () => {
      test = await open();
      for (const [id, payoutModel, payoutRupees] of [
        ["alpha-media", "lead", 400],
        ["beta-ads", "sale", 2_500],
      ] as const) {
        await createPartner(test.storage, {
          id,
          name: id,
          payoutModel,
          payoutRupees,
          origins: [],
          postbackUrl: null,
        });
      }
      const subs = (prefix: string) =>
        Object.fromEntries(
          [1, 2, 3, 4, 5, 6, 7, 8].map((index) => [`sub${index}`, `${prefix}-s${index}`]),
        );
      // Partner A. The last minute of the 21st in Colombo, and the first of the 22nd.
      await lead(
        "alpha-media",
        "2026-11-21T18:29:59.000Z",
        {
          ...subs("a"),
          utm_source: "fb",
          utm_medium: "cpc",
          utm_campaign: "nov",
          // Made through the partner's widget on this page (decision 0256).
          widget_domain: "blog.alpha.lk",
        },
        { clicks: 2, statuses: ["approved", "issued"] },
      );
      await lead(
        "alpha-media",
        "2026-11-21T18:30:00.000Z",
        { sub1: "shared", utm_source: "fb" },
        {
          statuses: ["rejected"],
        },
      );
      await lead(
        "alpha-media",
        "2026-11-20T03:00:00.000Z",
        { sub1: "shared", widget_domain: "Deals.Alpha.LK" },
        { verified: false },
      );
      // The API's lead is the API's, whatever its attribution says.
      await lead(
        "alpha-media",
        "2026-11-20T04:00:00.000Z",
        { widget_domain: "api.alpha.lk" },
        { clicks: 0, via: "partner_api" },
      );
      // Outside the range on either side.
      await lead("alpha-media", "2026-11-19T18:29:59.000Z", { sub1: "shared" }, { clicks: 1 });
      await lead("alpha-media", "2026-11-22T18:30:00.000Z", { sub1: "shared" }, { clicks: 1 });
      // Partner B, on the same days, with a sub1 value of A's too.
      await lead(
        "beta-ads",
        "2026-11-21T10:00:00.000Z",
        { ...subs("b"), utm_source: "tt", widget_domain: "b.example" },
        {
          clicks: 3,
          statuses: ["approved", "issued"],
        },
      );
      await lead(
        "beta-ads",
        "2026-11-22T10:00:00.000Z",
        { sub1: "shared" },
        {
          statuses: ["approved"],
        },
      );
      await lead("beta-ads", "2026-11-20T10:00:00.000Z", { sub1: "shared" }, { verified: false });
      // B's lead of the 22nd as a lead made before 0021 recorded the channel: not recorded.
      await test.storage.db
        .updateTable("leads")
        .set({ channel: null, page_domain: null })
        .where("partner_id", "=", "beta-ads")
        .where("created_at", "=", "2026-11-22T10:00:00.000Z")
        .execute();
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it("count each step per Colombo day, the day's edges included", async () => {
      const report = await portalStats(test.storage, "alpha-media", FROM, TO);
      expect(
        report.rows.map((row) => [
          row.key,
          row.clicks,
          row.leads,
          row.approvals,
          row.issued,
          row.earnings,
        ]),
      ).toEqual([
        // The 20th's second application was never verified: no lead (issue 30).
        ["2026-11-20", 0, 1, 0, 0, 0],
        ["2026-11-21", 2, 1, 1, 1, 400],
        ["2026-11-22", 1, 1, 0, 0, 400],
      ]);
      expect(report.totals).toMatchObject({ clicks: 3, leads: 3, earnings: 800 });
      expect(report.totals.rates).toEqual({
        clickedOut: 3 / 3,
        approved: 1 / 3,
        issued: 1,
      });
      const beta = await portalStats(test.storage, "beta-ads", FROM, TO);
      expect(beta.totals).toMatchObject({
        clicks: 4,
        leads: 2,
        approvals: 2,
        issued: 1,
        earnings: 2_500,
      });
    });

    it("equal the partner API's stats for the same range, for each partner, before and after a payout run", async () => {
      const compare = async () => {
        for (const partner of ["alpha-media", "beta-ads"]) {
          for (const [from, to] of [
            [FROM, TO],
            ["2026-11-19", "2026-11-23"],
            ["2026-11-21", "2026-11-21"],
          ] as const) {
            const portal = await portalStats(test.storage, partner, from, to);
            const api = await partnerStats(test.storage, partner, from, to);
            expect(asApiDays(portal)).toEqual(api.days);
            const { leads, clicks, approvals, sales, payouts } = api.totals;
            expect([leads, clicks, approvals, sales, payouts]).toEqual([
              portal.totals.leads,
              portal.totals.clicks,
              portal.totals.approvals,
              portal.totals.issued,
              portal.totals.earnings,
            ]);
          }
        }
      };
      await compare();
      await createPayoutRun(
        test.storage,
        { from: "2026-11-01", to: "2026-11-30" },
        { actor: { id: null, label: "portal stats test" } },
      );
      await compare();
    });

    it("break down by every sub and utm value, adding up to the day totals", async () => {
      for (const partner of ["alpha-media", "beta-ads"]) {
        const byDay = await portalStats(test.storage, partner, FROM, TO);
        for (const breakdown of [...PORTAL_BREAKDOWNS, "channel", "domain"] as const) {
          const report = await portalStats(test.storage, partner, FROM, TO, breakdown);
          const { rates: _dayRates, ...dayTotals } = byDay.totals;
          const { rates: _rates, ...totals } = report.totals;
          expect(totals, `${partner} by ${breakdown}`).toEqual(dayTotals);
        }
      }
      const bySub1 = await portalStats(test.storage, "alpha-media", FROM, TO, "sub1");
      expect(bySub1.rows.map((row) => [row.key, row.leads, row.clicks])).toEqual([
        ["a-s1", 1, 2],
        ["shared", 1, 1],
        [null, 1, 0],
      ]);
      const bySub8 = await portalStats(test.storage, "beta-ads", FROM, TO, "sub8");
      expect(bySub8.rows.map((row) => [row.key, row.leads, row.approvals, row.earnings])).toEqual([
        ["b-s8", 1, 1, 2_500],
        [null, 1, 1, 0],
      ]);
      const bySource = await portalStats(test.storage, "alpha-media", FROM, TO, "utm_source");
      expect(bySource.rows.map((row) => [row.key, row.leads, row.approvals, row.issued])).toEqual([
        ["fb", 2, 1, 1],
        [null, 1, 0, 0],
      ]);
    });

    it("break down by channel: the partner's widget, a link to our site, or the partner API", async () => {
      const byChannel = await portalStats(test.storage, "alpha-media", FROM, TO, "channel");
      expect(byChannel.rows.map((row) => [row.key, row.leads, row.clicks, row.earnings])).toEqual([
        ["widget", 1, 2, 400],
        ["link", 1, 1, 400],
        ["partner_api", 1, 0, 0],
      ]);
      // A lead made before 0021 has no channel: null, with its click and postback.
      const beta = await portalStats(test.storage, "beta-ads", FROM, TO, "channel");
      expect(beta.rows.map((row) => [row.key, row.leads, row.clicks, row.approvals])).toEqual([
        ["widget", 1, 3, 1],
        [null, 1, 1, 1],
        // The link's one application was never verified: no lead, no row (issue 30).
      ]);
    });

    it("break down by the host name of the page the widget ran on, lower case, nothing more", async () => {
      const byDomain = await portalStats(test.storage, "alpha-media", FROM, TO, "domain");
      expect(byDomain.rows.map((row) => [row.key, row.leads, row.clicks])).toEqual([
        [null, 2, 1],
        ["blog.alpha.lk", 1, 2],
        // deals.alpha.lk's one application was never verified: no row.
      ]);
      const beta = await portalStats(test.storage, "beta-ads", FROM, TO, "domain");
      expect(beta.rows.map((row) => [row.key, row.leads, row.issued])).toEqual([
        ["b.example", 1, 1],
        [null, 1, 0],
      ]);
      const stored = await test.storage.db
        .selectFrom("leads")
        .select(["channel", "page_domain"])
        .where("partner_id", "=", "alpha-media")
        .where("via", "=", "partner_api")
        .execute();
      expect(stored).toEqual([{ channel: "partner_api", page_domain: null }]);
    });

    it("never include another partner's rows", async () => {
      for (const [partner, other] of [
        ["alpha-media", "b-"],
        ["beta-ads", "a-"],
      ] as const) {
        for (const breakdown of PORTAL_BREAKDOWNS) {
          const report = await portalStats(test.storage, partner, FROM, TO, breakdown);
          for (const row of report.rows) expect(row.key ?? "").not.toMatch(new RegExp(`^${other}`));
        }
      }
      const alphaDomains = await portalStats(test.storage, "alpha-media", FROM, TO, "domain");
      expect(alphaDomains.rows.map((row) => row.key)).not.toContain("b.example");
      const betaDomains = await portalStats(test.storage, "beta-ads", FROM, TO, "domain");
      expect(betaDomains.rows.map((row) => row.key)).toEqual(["b.example", null]);
      // "shared" is a sub1 of both: each sees only its own.
      const alpha = await portalStats(test.storage, "alpha-media", FROM, TO, "sub1");
      const beta = await portalStats(test.storage, "beta-ads", FROM, TO, "sub1");
      expect(alpha.rows.find((row) => row.key === "shared")).toMatchObject({
        leads: 1,
        approvals: 0,
      });
      expect(beta.rows.find((row) => row.key === "shared")).toMatchObject({
        leads: 1,
        approvals: 1,
      });
      const nobody = await portalStats(test.storage, "gamma-none", FROM, TO);
      expect(nobody.totals).toMatchObject({ clicks: 0, leads: 0, earnings: 0 });
    });
  });
});
