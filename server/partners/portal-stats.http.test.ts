import inject from "light-my-request";
import { beforeAll, describe, expect, it } from "vitest";
import { validApplication } from "../../core/domain/schemas/application.fixtures";
import { colomboToday } from "../../core/helpers/dates";
import { codeSentTo, postJsonTo } from "../borrowers/applicant.test-support";
import { setUpTestApp, testOutbox } from "../test-support";
import { statsResponseSchema } from "./api-schemas";
import { createPartner } from "./partners";
import { seedConversion } from "./payouts.test-support";
import { portalStats } from "./portal-stats";

const outbox = testOutbox();
const context = setUpTestApp({ messenger: outbox.messenger });
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
          leads: row.leads,
          clicks: row.clicks,
          approvals: row.approvals,
          sales: row.issued,
          payouts: row.earnings,
        })),
      ).toEqual(api.days);
      expect(api.totals.payouts).toBe(portal.totals.earnings);
    }
    const a = await portalStats(context.test.storage, "portal-a", "2026-11-20", "2026-11-22");
    expect(a.totals).toMatchObject({ leads: 2, approvals: 2, issued: 1, earnings: 600 });
    const b = await portalStats(context.test.storage, "portal-b", "2026-11-20", "2026-11-22");
    expect(b.totals).toMatchObject({ leads: 2, approvals: 1, issued: 1, earnings: 1_800 });
  });
});

describe("the portal's channels and domains, from real requests", () => {
  it("tell a widget's lead (with its page's host name) from a link's and the API's, the API's stats unchanged", async () => {
    const today = colomboToday(new Date());
    const person = (phone: string, extra: Record<string, string>) => ({
      ...validApplication,
      term: 90,
      phone,
      ...extra,
    });
    // The widget's "Apply now" link brings widget_domain to our form, which sends it on.
    const widget = await postJsonTo(
      context.app,
      "/api/applications",
      person("0765000001", { partner: "portal-a", widget_domain: "Blog.Example.LK" }),
    );
    expect(widget.statusCode).toBe(201);
    const link = await postJsonTo(
      context.app,
      "/api/applications",
      person("0765000002", { partner: "portal-a", sub1: "mail" }),
    );
    expect(link.statusCode).toBe(201);
    // A host name is a code; a full address is not an attribution value at all.
    const path = await postJsonTo(
      context.app,
      "/api/applications",
      person("0765000003", { partner: "portal-a", widget_domain: "https://blog.example.lk/x" }),
    );
    expect(path.statusCode).toBe(400);
    const api = await inject(context.app, {
      method: "POST",
      url: "/api/partner/v1/leads",
      headers: { authorization: `Bearer ${keys["portal-a"]}`, "content-type": "application/json" },
      payload: JSON.stringify(person("0765000004", { widget_domain: "blog.example.lk" })),
    });
    expect(api.statusCode).toBe(201);
    // Only verified applications are leads (issue 30): each applicant enters the code.
    for (const [res, phone, path] of [
      [widget, "0765000001", "/api/applications"],
      [link, "0765000002", "/api/applications"],
      [api, "0765000004", "/api/partner/v1/leads"],
    ] as const) {
      const { leadId } = res.json() as { leadId: string };
      const verified = await inject(context.app, {
        method: "POST",
        url: `${path}/${leadId}/verification`,
        headers: {
          "content-type": "application/json",
          ...(path.includes("partner") ? { authorization: `Bearer ${keys["portal-a"]}` } : {}),
        },
        payload: JSON.stringify({ code: codeSentTo(outbox.messages(), phone) }),
      });
      expect(verified.statusCode).toBe(200);
    }

    const storage = context.test.storage;
    const byChannel = await portalStats(storage, "portal-a", today, today, "channel");
    expect(byChannel.rows.map((row) => [row.key, row.leads])).toEqual([
      ["link", 1],
      ["partner_api", 1],
      ["widget", 1],
    ]);
    const byDomain = await portalStats(storage, "portal-a", today, today, "domain");
    expect(byDomain.rows.map((row) => [row.key, row.leads])).toEqual([
      [null, 2],
      ["blog.example.lk", 1],
    ]);
    // Partner B made none of them.
    const other = await portalStats(storage, "portal-b", today, today, "domain");
    expect(other.rows).toEqual([]);

    const stats = await inject(context.app, {
      method: "GET",
      url: `/api/partner/v1/stats?from=${today}&to=${today}`,
      headers: { authorization: `Bearer ${keys["portal-a"]}` },
    });
    expect(stats.statusCode).toBe(200);
    const body = stats.json();
    expect(Object.keys(body).sort()).toEqual(Object.keys(statsResponseSchema.parse(body)).sort());
    expect(Object.keys(body.days[0]).sort()).toEqual([
      "approvals",
      "clicks",
      "date",
      "leads",
      "payouts",
      "sales",
    ]);
  });
});
