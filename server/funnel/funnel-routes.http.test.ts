import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import inject from "light-my-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addStaffMember, type SignedIn, signInOverHttp } from "../staff/staff.test-support";
import { appWith, openTestSqlite, type TestStorage } from "../test-support";
import { FUNNEL_FROM, FUNNEL_TO, seedFunnelRecords } from "./funnel.test-support";
import { FUNNEL_POLICY, rangeOf } from "./funnel-routes";

let test: TestStorage;
let app: ReturnType<typeof appWith>;
let analyst: SignedIn;
let moderator: SignedIn;
const clock = new Date("2026-11-21T06:00:00.000Z");
const distDir = mkdtempSync(path.join(tmpdir(), "nayacompare-dist-"));

beforeAll(async () => {
  test = await openTestSqlite();
  await seedFunnelRecords(test.storage);
  mkdirSync(path.join(distDir, "back-office"));
  writeFileSync(path.join(distDir, "back-office", "funnel-chart.js"), "/* the charts */");
  app = appWith(test.storage, { now: () => clock, distDir });
  const member = (role: "analyst" | "moderator") =>
    addStaffMember(test.storage, { email: `${role}@nayacompare.test`, role, now: clock });
  analyst = await signInOverHttp(app, await member("analyst"), { at: clock });
  moderator = await signInOverHttp(app, await member("moderator"), { at: clock });
});
afterAll(async () => {
  await test?.cleanup();
});

const get = (url: string, who: SignedIn = analyst) =>
  inject(app, { method: "GET", url, headers: { cookie: who.cookie } });
const range = `from=${FUNNEL_FROM}&to=${FUNNEL_TO}`;

describe("the funnel page", () => {
  it("shows an analyst the range's figures, with its one script allowed by its CSP", async () => {
    const res = await get(`/admin/funnel/?${range}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-security-policy"]).toBe(FUNNEL_POLICY);
    expect(res.body).toContain('<script src="/admin/funnel/chart.js" defer="">');
    const steps = /<table id="funnel-steps".*?<\/table>/s.exec(res.body)?.[0] ?? "";
    const cells = [...steps.matchAll(/<t[hd][^>]*>([^<]*)<\/t[hd]>/g)].map((match) => match[1]);
    expect(cells).toEqual([
      "Step",
      "Count",
      "Conversion from the step before",
      "Visits",
      "5",
      "—",
      "Calculator used",
      "3",
      "60.0 %",
      "Applications",
      "2",
      "66.7 %",
      "Verified",
      "1",
      "50.0 %",
    ]);
    // The lender fan-out apart (issue 35): lenders asked per verified application, not a rate.
    const fanOut = /<table id="funnel-fanout".*?<\/table>/s.exec(res.body)?.[0] ?? "";
    const fanOutCells = [...fanOut.matchAll(/<t[hd][^>]*>([^<]*)<\/t[hd]>/g)].map((m) => m[1]);
    expect(fanOutCells).toEqual([
      "Step",
      "Count",
      "Rate",
      "Lenders asked",
      "2",
      "2.0 per verified application",
      "Approved",
      "1",
      "50.0 % of lenders asked",
      "Click-outs",
      "2",
      "—",
      "Issued",
      "1",
      "50.0 % of click-outs",
      "Partner payouts",
      "1",
      "—",
      "Payouts owed (Rs.)",
      "1500",
      "—",
    ]);
    // The key figures: verified and approved of the range's own applications.
    const kpis = /<dl id="funnel-kpis".*?<\/dl>/s.exec(res.body)?.[0] ?? "";
    const tiles = [...kpis.matchAll(/<dd>([^<]*)/g)].map((m) => m[1]);
    expect(tiles).toEqual(["2", "50.0 %", "100.0 %", "2", "1", "0"]);
    // No rate above 100 % anywhere on the page.
    const rates = [...res.body.matchAll(/(\d+(?:\.\d+)?) %/g)].map((m) => Number(m[1]));
    expect(rates.length).toBeGreaterThan(5);
    expect(rates.filter((rate) => rate > 100)).toEqual([]);
    expect(res.body).toContain("Lanka Finance (funnel-lanka)");
  });

  it("defaults to the last 30 Colombo days, and says so when a range cannot be used", async () => {
    expect(rangeOf({}, new Date("2026-11-21T19:00:00.000Z"))).toEqual({
      from: "2026-10-24",
      to: "2026-11-22",
    });
    const backwards = await get(`/admin/funnel/?from=${FUNNEL_TO}&to=${FUNNEL_FROM}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain("the last 30 days are shown");
    expect((await get("/admin/funnel/?from=2025-01-01&to=2026-11-01")).statusCode).toBe(400);
  });

  it("is not for moderators", async () => {
    expect((await get(`/admin/funnel/?${range}`, moderator)).statusCode).toBe(403);
    expect((await get(`/admin/funnel/download?table=daily&${range}`, moderator)).statusCode).toBe(
      403,
    );
    expect((await get("/admin/funnel/chart.js", moderator)).statusCode).toBe(403);
  });
});

describe("the funnel's downloads", () => {
  it("give each table as CSV for Excel, named by its range, quoted where needed", async () => {
    const res = await get(`/admin/funnel/download?table=partner&${range}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="funnel-partner-${FUNNEL_FROM}-to-${FUNNEL_TO}.csv"`,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body.slice(1).split("\r\n")).toEqual([
      "Partner,Visits,Calculator used,Applications,Verified,Lenders asked,Approved,Click-outs,Issued,Partner payouts,Payouts owed (Rs.)",
      '"Lanka ""Deals"", Ltd (funnel-partner)",2,2,1,1,2,1,1,1,1,1500',
      "(none),3,1,1,0,0,0,1,0,0,0",
      "",
    ]);
    const daily = await get(`/admin/funnel/download?table=daily&${range}`);
    expect(daily.body.slice(1).split("\r\n").slice(1, 3)).toEqual([
      "2026-11-09,1,1,1,0,0,0,1,0,0,0",
      "2026-11-10,4,2,1,1,2,1,1,1,1,1500",
    ]);
  });

  it("refuse an unknown table or range", async () => {
    expect((await get(`/admin/funnel/download?table=people&${range}`)).statusCode).toBe(400);
    expect((await get("/admin/funnel/download?table=daily&from=x&to=y")).statusCode).toBe(400);
  });
});

describe("the chart script", () => {
  it("is served from the build to those who may read the funnel", async () => {
    const res = await get("/admin/funnel/chart.js");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(res.body).toBe("/* the charts */");
  });
});
