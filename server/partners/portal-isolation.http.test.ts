import inject from "light-my-request";
import { beforeAll, describe, expect, it } from "vitest";
import { COMMAND_LINE } from "../staff/audit";
import { setUpTestApp } from "../test-support";
import { findPartner, type Partner, updatePartner } from "./partners";
import { seedConversion } from "./payouts.test-support";
import { type ApprovedPortalPartner, approvedPortalPartner } from "./portal.test-support";

/**
 * Partners see only their own (issue 18): partner B, signed in, tries every
 * route of the portal, in both languages, with every query and form field
 * naming partner A's things; nothing of A's comes back and nothing of A's
 * changes. The routes are read from the app itself, so a section added
 * later is tried too.
 */
const context = setUpTestApp();
const ORIGIN = "https://nayacompare.test";
let a: ApprovedPortalPartner & { partner: Partner };
let b: ApprovedPortalPartner;
let aClick = "";
let aLead = "";

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every route of the app with its methods, nested routers included. */
function routesOf(stack: Layer[]): { path: string; method: string }[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const paths = [layer.route.path].flat();
      return paths.flatMap((path) =>
        Object.keys(layer.route?.methods ?? {}).map((method) => ({ path, method })),
      );
    }
    return layer.handle?.stack ? routesOf(layer.handle.stack) : [];
  });
}

const portalRoutes = () => {
  const router = (context.app as unknown as { router: { stack: Layer[] } }).router;
  return routesOf(router.stack).filter(({ path }) => /^\/(en\/)?partner\/portal\//.test(path));
};

/** A's things that must never show on B's pages. */
const markersOfA = () => [
  a.partner.id,
  a.partner.publishableKey,
  a.email,
  "a-secret-origin",
  "a-secret-postback",
  "a-secret-sub",
  aClick,
  aLead,
];

/** Query and form values that name A's things wherever a route might read an id. */
const namingA = () => ({
  partner: a.partner.id,
  partnerId: a.partner.id,
  partner_id: a.partner.id,
  id: a.partner.id,
  account: a.accountId,
  click: aClick,
  click_id: aClick,
  lead: aLead,
  lead_id: aLead,
  month: "2026-11",
  from: "2026-11-01",
  to: "2026-11-30",
  by: "sub1",
});

const withParams = (path: string) =>
  path.replace(/:(\w+)/g, (_match, name: string) =>
    name.toLowerCase().includes("month") ? "2026-11" : aClick,
  );

beforeAll(async () => {
  const { storage } = context.test;
  const made = await approvedPortalPartner(storage, {
    name: "Iso A",
    email: "owner@iso-a.example",
  });
  await updatePartner(
    storage,
    made.partnerId,
    { origins: ["https://a-secret-origin.example"] },
    { actor: COMMAND_LINE },
  );
  const partner = await findPartner(storage, made.partnerId);
  if (!partner) throw new Error("no partner A");
  a = { ...made, partner };
  // Written as stored: saving checks the host's addresses, and this one has none.
  await storage.db
    .updateTable("partners")
    .set({ postback_url: "https://a-secret-postback.example/pb?c={click_id}" })
    .where("id", "=", a.partner.id)
    .execute();
  b = await approvedPortalPartner(storage, { name: "Iso B", email: "owner@iso-b.example" });
  const seeded = await seedConversion(storage, a.partnerId, new Date("2026-11-10T05:00:00Z"), [
    "approved",
    "issued",
  ]);
  aClick = seeded.clickId;
  aLead = seeded.leadId;
  await storage.db
    .updateTable("clicks")
    .set({ attribution: JSON.stringify({ sub1: "a-secret-sub" }) })
    .where("id", "=", aClick)
    .execute();
});

describe("partner B in the portal", () => {
  it("finds routes to try in both languages", () => {
    const paths = portalRoutes().map(({ path }) => path);
    expect(paths).toContain("/partner/portal/");
    expect(paths).toContain("/en/partner/portal/dashboard/");
  });

  it("reads nothing of partner A's through any GET route and query", async () => {
    const query = new URLSearchParams(namingA()).toString();
    for (const { path, method } of portalRoutes()) {
      if (method !== "get") continue;
      for (const url of [withParams(path), `${withParams(path)}?${query}`]) {
        const res = await inject(context.app, {
          method: "GET",
          url,
          headers: { cookie: b.cookie },
        });
        expect(res.statusCode, url).toBeLessThan(500);
        for (const marker of markersOfA())
          expect(res.body, `${url}: ${marker}`).not.toContain(marker);
      }
    }
  });

  it("changes nothing of partner A's through any POST route and field", async () => {
    const before = await findPartner(context.test.storage, a.partner.id);
    const accountBefore = await context.test.storage.db
      .selectFrom("partner_accounts")
      .selectAll()
      .where("id", "=", a.accountId)
      .executeTakeFirstOrThrow();
    const form = new URLSearchParams({
      ...namingA(),
      csrf: b.csrf,
      origins: "https://b-took-over.example",
      postbackUrl: "https://b-took-over.example/pb",
      payoutDetails: "B's bank",
      confirm: "yes",
    }).toString();
    for (const { path, method } of portalRoutes()) {
      if (method !== "post") continue;
      const url = withParams(path);
      const res = await inject(context.app, {
        method: "POST",
        url,
        headers: {
          cookie: b.cookie,
          origin: ORIGIN,
          "content-type": "application/x-www-form-urlencoded",
        },
        payload: form,
      });
      expect(res.statusCode, url).toBeLessThan(500);
      for (const marker of markersOfA())
        expect(res.body, `${url}: ${marker}`).not.toContain(marker);
    }
    expect(await findPartner(context.test.storage, a.partner.id)).toEqual(before);
    const accountAfter = await context.test.storage.db
      .selectFrom("partner_accounts")
      .selectAll()
      .where("id", "=", a.accountId)
      .executeTakeFirstOrThrow();
    expect(accountAfter).toEqual(accountBefore);
    // A's secret key still opens the partner API.
    const api = await inject(context.app, {
      method: "GET",
      url: "/api/partner/v1/stats?from=2026-11-01&to=2026-11-30",
      headers: { authorization: `Bearer ${a.secretKey}` },
    });
    expect(api.statusCode).toBe(200);
  });

  it("is sent to sign in, or refused, on every route without a session", async () => {
    for (const { path, method } of portalRoutes()) {
      const url = withParams(path);
      const res = await inject(context.app, {
        method: method === "post" ? "POST" : "GET",
        url,
        headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
        ...(method === "post" ? { payload: new URLSearchParams(namingA()).toString() } : {}),
      });
      expect(res.statusCode, url).toBeLessThan(500);
      for (const marker of markersOfA())
        expect(res.body, `${url}: ${marker}`).not.toContain(marker);
    }
  });
});
