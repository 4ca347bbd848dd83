import inject from "light-my-request";
import { beforeAll, describe, expect, it } from "vitest";
import { setUpTestApp } from "../test-support";
import { statsResponseSchema } from "./api-schemas";
import { createPartner } from "./partners";
import { seedConversion } from "./payouts.test-support";
import { portalStats } from "./portal-stats";

const context = setUpTestApp();
const keys: Record<string, string> = {};

beforeAll(async () => {
  const { storage } = context.test;
  for (const [id, payoutModel, payoutRupees] of [
    ["portal-a", "lead", 300],
    ["portal-b", "sale", 1_800],
  ] as const) {
    const partner = await createPartner(storage, {
      id,
      name: id,
      payoutModel,
      payoutRupees,
      origins: [],
      postbackUrl: null,
    });
    keys[id] = partner.keys.secretKey;
  }
  await seedConversion(storage, "portal-a", new Date("2026-11-20T20:00:00Z"), ["approved"]);
  await seedConversion(storage, "portal-a", new Date("2026-11-21T18:29:00Z"), [
    "approved",
    "issued",
  ]);
  await seedConversion(storage, "portal-b", new Date("2026-11-21T05:00:00Z"), [
    "approved",
    "issued",
  ]);
  await seedConversion(storage, "portal-b", new Date("2026-11-22T05:00:00Z"), ["rejected"]);
});

describe("the portal's daily figures", () => {
  it("equal GET /api/partner/v1/stats's for each partner's own key", async () => {
    for (const partner of ["portal-a", "portal-b"]) {
      const res = await inject(context.app, {
        method: "GET",
        url: "/api/partner/v1/stats?from=2026-11-20&to=2026-11-22",
        headers: { authorization: `Bearer ${keys[partner]}` },
      });
      expect(res.statusCode).toBe(200);
      const api = statsResponseSchema.parse(res.json());
      const portal = await portalStats(context.test.storage, partner, "2026-11-20", "2026-11-22");
      expect(
        portal.rows.map((row) => ({
          date: row.key,
          leads: row.verifiedLeads,
          clicks: row.clicks,
          approvals: row.approvals,
          sales: row.issued,
          payouts: row.earnings,
        })),
      ).toEqual(api.days);
      expect(api.totals.payouts).toBe(portal.totals.earnings);
    }
    const a = await portalStats(context.test.storage, "portal-a", "2026-11-20", "2026-11-22");
    expect(a.totals).toMatchObject({ verifiedLeads: 2, approvals: 2, issued: 1, earnings: 600 });
    const b = await portalStats(context.test.storage, "portal-b", "2026-11-20", "2026-11-22");
    expect(b.totals).toMatchObject({ verifiedLeads: 2, approvals: 1, issued: 1, earnings: 1_800 });
  });
});
