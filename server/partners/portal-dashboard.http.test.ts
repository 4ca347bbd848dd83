import fc from "fast-check";
import inject from "light-my-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, type CalendarDate, colomboToday } from "../../core/helpers/dates";
import {
  appWith,
  boundedRuns,
  openTestSqlite,
  PROPERTY_TEST_TIMEOUT_MS,
  type TestStorage,
} from "../test-support";
import { statsResponseSchema } from "./api-schemas";
import type { ApprovedPortalPartner } from "./portal.test-support";
import {
  csvAsApiDays,
  dashboardPartner,
  twoDashboardPartners,
} from "./portal-dashboard.test-support";
import { PORTAL_GROUPINGS, portalStats, portalStatsCsv } from "./portal-stats";

/**
 * The dashboard over HTTP (issue 18, decision 0223): the CSV and the page's
 * totals equal GET /api/partner/v1/stats with the partner's secret key for
 * the same range; every grouping's CSV is portal-stats.ts's; partner B's
 * session never sees partner A's figures, whatever the query names; bad
 * ranges are a 400 in the page's language; hostile query strings never 5xx;
 * only an approved partner's session opens it; only this page runs a script.
 */
let test: TestStorage;
let app: ReturnType<typeof appWith>;
const clock = new Date("2026-11-25T06:00:00.000Z");
const TODAY = colomboToday(clock);
const FROM = addDays(TODAY, -29);
let a: ApprovedPortalPartner;
let b: ApprovedPortalPartner;

beforeAll(async () => {
  test = await openTestSqlite();
  app = appWith(test.storage, { now: () => clock });
  ({ a, b } = await twoDashboardPartners(test.storage, TODAY, clock));
});
afterAll(async () => {
  await test?.cleanup();
});

const get = (url: string, who?: ApprovedPortalPartner) =>
  inject(app, {
    method: "GET",
    url,
    headers: who ? { cookie: `partner_session=${who.session}` } : {},
  });

/** The totals the page shows, in its order: leads, verified, clicks, approvals, issued, earnings. */
const pageTotals = (html: string) =>
  [...html.matchAll(/<dd>([\d,]+)<\/dd>/g)].map((match) => Number(match[1]?.replaceAll(",", "")));

async function apiStats(who: ApprovedPortalPartner, from: CalendarDate, to: CalendarDate) {
  const res = await inject(app, {
    method: "GET",
    url: `/api/partner/v1/stats?from=${from}&to=${to}`,
    headers: { authorization: `Bearer ${who.secretKey}` },
  });
  expect(res.statusCode).toBe(200);
  return statsResponseSchema.parse(res.json());
}

describe("the dashboard's figures", () => {
  it("equal GET /api/partner/v1/stats's for the same range, in the CSV and in the page", async () => {
    for (const [who, from, to] of [
      [a, FROM, TODAY],
      [b, FROM, TODAY],
      [a, addDays(TODAY, -14), addDays(TODAY, -2)],
      [b, addDays(TODAY, -60), TODAY],
    ] as const) {
      const api = await apiStats(who, from, to);
      const csv = await get(`/partner/portal/dashboard/download?from=${from}&to=${to}&by=day`, who);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(csv.headers["content-disposition"]).toBe(
        `attachment; filename="partner-${who.partnerId}-day-${from}-to-${to}.csv"`,
      );
      expect(csvAsApiDays(csv.body)).toEqual(api.days);

      const page = await get(`/en/partner/portal/dashboard/?from=${from}&to=${to}`, who);
      expect(page.statusCode).toBe(200);
      const [leads, clicks, approvals, issued, earnings] = pageTotals(page.body);
      expect({ leads, clicks, approvals, sales: issued, payouts: earnings }).toEqual(api.totals);
    }
    // Pinned, so that the comparison cannot pass on two empty reports.
    expect((await apiStats(a, FROM, TODAY)).totals).toEqual({
      leads: 8,
      clicks: 12,
      approvals: 4,
      sales: 2,
      payouts: 1_750,
    });
    const page = await get("/partner/portal/dashboard/", a);
    expect(pageTotals(page.body)).toEqual([8, 12, 4, 2, 1_750]);
  });

  it("gives every grouping's CSV as portal-stats.ts makes it, its total the days' total", async () => {
    const days = await portalStats(test.storage, a.partnerId, FROM, TODAY, "day");
    for (const by of PORTAL_GROUPINGS) {
      const res = await get(
        `/partner/portal/dashboard/download?from=${FROM}&to=${TODAY}&by=${by}`,
        a,
      );
      expect(res.statusCode, by).toBe(200);
      const report = await portalStats(test.storage, a.partnerId, FROM, TODAY, by);
      expect(res.body, by).toBe(portalStatsCsv(report));
      expect(report.totals, by).toEqual(days.totals);
    }
    const bySub1 = await get(`/en/partner/portal/dashboard/?by=sub1`, a);
    expect(bySub1.body).toContain("Sub ID 1 (sub1)");
    for (const value of ["facebook", "google", "tiktok", "Not given"]) {
      expect(bySub1.body).toContain(`<th scope="row">${value}</th>`);
    }
    const byChannel = await get("/en/partner/portal/dashboard/", a);
    expect(byChannel.body).toContain('<th scope="row">Partner API</th>');
  });

  it("embeds the days' figures for the chart as JSON that runs nothing", async () => {
    const res = await get("/en/partner/portal/dashboard/", a);
    const json = /<script type="application\/json" id="dashboard-data">(.*?)<\/script>/s.exec(
      res.body,
    )?.[1];
    const data = JSON.parse(json ?? "null") as {
      days: string[];
      series: Record<string, number[]>;
    };
    expect(data.days).toHaveLength(30);
    expect(data.days[0]).toBe(FROM);
    expect(data.series.clicks?.reduce((sum, n) => sum + n, 0)).toBe(12);
    expect(res.body).toContain('<script src="/en/partner/portal/dashboard/chart.js" defer="">');
  });

  it("shows the partner's own terms at the top of its figures and its home (issue 35)", async () => {
    for (const [path, words] of [
      ["/partner/portal/dashboard/", "ඔබේ කොන්දේසි: තහවුරු කළ සෑම ලීඩ් එකකටම Rs. 350."],
      ["/en/partner/portal/dashboard/", "Your terms: Rs. 350 for each verified lead."],
      ["/ta/partner/portal/dashboard/", "உங்கள் நியதிகள்: உறுதிப்படுத்தப்பட்ட ஒவ்வொரு லீட்டுக்கும் Rs. 350."],
      ["/en/partner/portal/", "Your terms: Rs. 350 for each verified lead."],
    ] as const) {
      const page = await get(path, a);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`<p class="portal-your-terms">${words}</p>`);
    }
  });

  it("says when a range has nothing in it, with no chart", async () => {
    const res = await get("/en/partner/portal/dashboard/?from=2020-01-01&to=2020-01-31", a);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Nothing yet from 2020-01-01 to 2020-01-31");
    expect(res.body).not.toContain("dashboard-data");
    expect(res.body).not.toContain("<canvas");
  });
});

describe("partner B", () => {
  it("never sees partner A's figures, whatever the query names", async () => {
    const own = await portalStats(test.storage, b.partnerId, FROM, TODAY, "sub1");
    const tries = [
      `partner=${a.partnerId}`,
      `partnerId=${a.partnerId}`,
      `partner_id=${a.partnerId}`,
      `id=${a.partnerId}`,
      `by=sub1&partner=${a.partnerId}`,
      `by=sub1&by=sub1`,
      `from=${FROM}&to=${TODAY}&by=sub1&account=${a.email}`,
    ];
    for (const query of tries) {
      for (const path of ["/partner/portal/dashboard/", "/en/partner/portal/dashboard/download"]) {
        const res = await get(`${path}?${query}`, b);
        expect(res.statusCode, query).toBeLessThan(500);
        for (const secret of ["facebook", "google", "tiktok", a.partnerId]) {
          expect(res.body, `${path}?${query}`).not.toContain(secret);
        }
      }
    }
    const csv = await get(`/partner/portal/dashboard/download?from=${FROM}&to=${TODAY}&by=sub1`, b);
    expect(csv.body).toBe(portalStatsCsv(own));
    expect(csv.body).toContain("beta-only");
    expect(csv.headers["content-disposition"]).toContain(`partner-${b.partnerId}-sub1-`);
  });

  it("show on the portal's home as the last 30 days' verified leads and earnings", async () => {
    const { totals } = await apiStats(a, FROM, TODAY);
    const home = await get("/en/partner/portal/", a);
    expect(home.statusCode).toBe(200);
    expect(pageTotals(home.body)).toEqual([totals.leads, totals.payouts]);
    expect(home.body).toContain('href="/en/partner/portal/dashboard/"');
  });

  it("and nobody signed out, or not yet approved, opens the dashboard, its CSV or its script", async () => {
    const pending = await dashboardPartner(test.storage, {
      email: "gamma@matara-loans.example",
      name: "Gamma Loans",
      now: clock,
    });
    await test.storage.db
      .updateTable("partners")
      .set({ status: "pending" })
      .where("id", "=", pending.partnerId)
      .execute();
    for (const path of ["dashboard/", "dashboard/download?by=day", "dashboard/chart.js"]) {
      const out = await get(`/partner/portal/${path}`);
      expect(out.statusCode, path).toBe(303);
      expect(out.headers.location, path).toBe("/partner/portal/");
      expect(out.body, path).not.toContain("verified");
      const waiting = await get(`/partner/portal/${path}`, pending);
      expect(waiting.statusCode, path).toBe(303);
      expect(waiting.headers.location, path).toBe("/partner/portal/");
    }
    // Its home has no figures and no tools yet.
    const home = await get("/en/partner/portal/", pending);
    expect(pageTotals(home.body)).toEqual([]);
    expect(home.body).not.toContain('href="/en/partner/portal/dashboard/"');
  });
});

describe("a range the dashboard refuses", () => {
  it("is a 400 saying why in the page's language, for the page and the CSV", async () => {
    const cases = [
      ["from=2026-02-30&to=2026-03-01", "Please give both days as dates", "2026-11-01 වැනි"],
      ["from=2026-03-02&to=2026-03-01", "must not be after", "අවසන් දිනයට පසු"],
      ["from=2024-01-01&to=2026-01-01", "at most 366 days", "උපරිම දින 366"],
      ["by=partner_id", "choose a breakdown", "බෙදීමක් තෝරන්න"],
      ["from=2026-01-01&from=2026-01-02", "Please give both days as dates", "2026-11-01 වැනි"],
    ] as const;
    for (const [query, english, sinhala] of cases) {
      for (const path of ["dashboard/", "dashboard/download"]) {
        const en = await get(`/en/partner/portal/${path}?${query}`, a);
        expect(en.statusCode, query).toBe(400);
        expect(en.headers["content-type"], query).toContain("text/html");
        expect(en.body, query).toContain(english);
        const si = await get(`/partner/portal/${path}?${query}`, a);
        expect(si.statusCode, query).toBe(400);
        expect(si.body, query).toContain(sinhala);
      }
    }
  });

  it("takes the last day a date may be (9999-12-31), which has no next day, as an empty range", async () => {
    for (const path of ["dashboard/", "dashboard/download"]) {
      const res = await get(`/en/partner/portal/${path}?from=9999-12-31&to=9999-12-31`, a);
      expect(res.statusCode, path).toBe(200);
    }
  });

  it("nor does any query string at all make it fail", {
    timeout: PROPERTY_TEST_TIMEOUT_MS,
  }, async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.constantFrom("", "2026-11-01", "0000-00-00", "9999-12-31", "day", "sub1", "domain"),
      fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
    );
    const query = fc.array(
      fc.tuple(fc.constantFrom("from", "to", "by", "__proto__", "constructor", "x[y]"), value),
      { maxLength: 6 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.constantFrom("dashboard/", "dashboard/download"),
        query,
        async (english, path, pairs) => {
          const search = new URLSearchParams(pairs).toString();
          const res = await get(`${english ? "/en" : ""}/partner/portal/${path}?${search}`, b);
          expect([200, 400], search).toContain(res.statusCode);
        },
      ),
      boundedRuns(150),
    );
  });
});

describe("the dashboard's page", () => {
  it("alone runs a script of ours, and none inline", async () => {
    const page = await get("/partner/portal/dashboard/", a);
    const policy = String(page.headers["content-security-policy"]);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain("unsafe-inline");
    expect(page.headers["cache-control"]).toBe("no-store");
    const home = await get("/partner/portal/", a);
    expect(String(home.headers["content-security-policy"])).not.toContain("script-src");
    // No build in this app: the script is a 404 in the portal, not an error.
    const script = await get("/partner/portal/dashboard/chart.js", a);
    expect(script.statusCode).toBe(404);
  });

  it("defaults to the last 30 Colombo days", async () => {
    const page = await get("/en/partner/portal/dashboard/", a);
    expect(page.body).toContain(`name="from" value="${FROM}"`);
    expect(page.body).toContain(`${FROM} to ${TODAY}, Colombo time`);
  });
});
