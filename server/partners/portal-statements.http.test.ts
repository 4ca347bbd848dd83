import inject from "light-my-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOTP_PERIOD_SECONDS } from "../accounts/totp";
import {
  addStaffMember,
  formHeaders,
  type SignedIn,
  signInOverHttp,
} from "../staff/staff.test-support";
import { appWith, openTestSqlite, type TestStorage } from "../test-support";
import { createPartner } from "./partners";
import { createPayoutRun, markPayoutPaid } from "./payouts";
import { seedConversion } from "./payouts.test-support";
import { claimedPortalSession } from "./portal.test-support";

/**
 * The portal's statements over HTTP (issue 18, decisions 0244, 0245): an
 * operator adds an adjustment in the back office; each partner reads its
 * months and a month's lines in both languages and as CSV; partner B
 * never reads A's, whatever it puts in the address; hostile months answer
 * 404, never 5xx.
 */
let test: TestStorage;
let app: ReturnType<typeof appWith>;
let clock = new Date("2026-11-21T06:00:00.000Z");
let admin: SignedIn;
const cookies: Record<string, string> = {};
const clicks: Record<string, string> = {};

beforeAll(async () => {
  test = await openTestSqlite();
  app = appWith(test.storage, { now: () => clock });
  const created = new Date("2026-09-20T06:00:00.000Z");
  for (const [id, payoutModel, payoutRupees] of [
    ["galle-a", "lead", 400],
    ["matara-b", "sale", 2_500],
  ] as const) {
    await createPartner(
      test.storage,
      { id, name: `${id} name`, payoutModel, payoutRupees, origins: [], postbackUrl: null },
      { now: created },
    );
  }
  clicks.a = (
    await seedConversion(test.storage, "galle-a", new Date("2026-10-05T06:00:00Z"), ["approved"])
  ).clickId;
  clicks.aNovember = (
    await seedConversion(test.storage, "galle-a", new Date("2026-11-02T06:00:00Z"), ["approved"])
  ).clickId;
  clicks.b = (
    await seedConversion(test.storage, "matara-b", new Date("2026-10-06T06:00:00Z"), [
      "approved",
      "issued",
    ])
  ).clickId;
  const run = await createPayoutRun(
    test.storage,
    { from: "2026-10-01", to: "2026-10-31" },
    { actor: { id: null, label: "test" }, now: new Date("2026-11-02T06:00:00Z") },
  );
  await markPayoutPaid(test.storage, run.id, "galle-a", "GALLE-REF-1", {
    actor: { id: null, label: "test" },
    now: new Date("2026-11-04T06:00:00Z"),
  });
  const member = await addStaffMember(test.storage, {
    email: "statements.admin@nayacompare.test",
    role: "admin",
    twoFactor: true,
    now: clock,
  });
  clock = new Date(clock.getTime() + TOTP_PERIOD_SECONDS * 1000);
  admin = await signInOverHttp(app, member, { at: clock });
  cookies.a = await claimedPortalSession(test.storage, "galle-a", clock);
  cookies.b = await claimedPortalSession(test.storage, "matara-b", clock);
});
afterAll(async () => {
  await test?.cleanup();
});

const get = (url: string, cookie?: string) =>
  inject(app, { method: "GET", url, headers: cookie ? { cookie } : {} });

function adminPost(url: string, form: Record<string, string>) {
  return inject(app, {
    method: "POST",
    url,
    headers: formHeaders(admin),
    payload: new URLSearchParams({ csrf: admin.csrf, ...form }).toString(),
  });
}

describe("an operator's adjustment in the back office", () => {
  it("refuses a wrong one field by field with what was typed, and stores nothing", async () => {
    const res = await adminPost("/admin/payouts/adjustments", {
      partner: "galle-a",
      month: "2026-13",
      rupees: "0",
      reason: "<b>x</b>",
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("The adjustment was not added");
    expect(res.body).toContain("Enter this month or an earlier one");
    expect(res.body).toContain("Enter whole rupees, not 0");
    expect(res.body).toContain("&lt;b&gt;x&lt;/b&gt;");
    expect(res.body).not.toContain("<b>x</b>");
    const later = await adminPost("/admin/payouts/adjustments", {
      partner: "galle-a",
      month: "2026-12",
      rupees: "100",
      reason: "Too early",
    });
    expect(later.statusCode).toBe(400);
    const stored = await test.storage.db.selectFrom("partner_adjustments").selectAll().execute();
    expect(stored).toEqual([]);
  });

  it("refuses one without the session's CSRF token", async () => {
    const res = await inject(app, {
      method: "POST",
      url: "/admin/payouts/adjustments",
      headers: formHeaders(admin),
      payload: new URLSearchParams({
        partner: "galle-a",
        month: "2026-11",
        rupees: "100",
        reason: "No token",
      }).toString(),
    });
    expect(res.statusCode).toBe(403);
    expect(await test.storage.db.selectFrom("partner_adjustments").selectAll().execute()).toEqual(
      [],
    );
  });

  it("adds one, audited, shown on the payouts page and in the partner's month", async () => {
    const res = await adminPost("/admin/payouts/adjustments", {
      partner: "galle-a",
      month: "2026-11",
      rupees: "-150",
      reason: "Chargeback: loan cancelled",
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/admin/payouts/?adjusted=1");
    const page = await get(res.headers.location as string, admin.cookie);
    expect(page.body).toContain("The adjustment is added");
    expect(page.body).toContain("galle-a name, 2026-11: -Rs. 150");
    expect(page.body).toContain("Chargeback: loan cancelled");
    expect(page.body).toContain("Waiting for the next run.");
    const audit = await test.storage.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "payout.adjust")
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor: "statements.admin@nayacompare.test",
      subject: "partner:galle-a",
    });
  });
});

describe("the portal's statements", () => {
  it("send a visitor who is not signed in to sign in", async () => {
    for (const url of ["/partner/portal/statements/", "/en/partner/portal/statements/2026-10/"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(300);
      expect(res.statusCode, url).toBeLessThan(400);
    }
    const csv = await get("/en/partner/portal/statements/2026-10/statement.csv");
    expect(csv.statusCode).toBeLessThan(400);
    expect(csv.headers["content-type"]).not.toMatch(/csv/);
  });

  it("list the months with their totals, in Sinhala and in English", async () => {
    const en = await get("/en/partner/portal/statements/", cookies.a);
    expect(en.statusCode).toBe(200);
    expect(en.headers["cache-control"]).toContain("no-store");
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain("Your terms today: Rs. 400 per lead.");
    for (const month of ["November 2026", "October 2026", "September 2026"]) {
      expect(en.body).toContain(month);
    }
    expect(en.body).not.toContain("December 2026");
    // November: Rs. 400 carried in (October, paid in November), Rs. 400 earned, -150, paid 400.
    expect(en.body).toContain('href="/en/partner/portal/statements/2026-11/"');
    const si = await get("/partner/portal/statements/", cookies.a);
    expect(si.statusCode).toBe(200);
    expect(si.body).toContain('<html lang="si">');
    expect(si.body).toContain("2026 නොවැම්බර්");
    expect(si.body).toContain("ඔබේ වත්මන් කොන්දේසි: ලීඩ් එකකට Rs. 400.");
  });

  it("show a month's earnings, adjustments and payments, and its CSV", async () => {
    const november = await get("/en/partner/portal/statements/2026-11/", cookies.a);
    expect(november.statusCode).toBe(200);
    const text = november.body.replaceAll("<!-- -->", "");
    expect(text).toContain(`click ${clicks.aNovember}`);
    expect(text).not.toContain(`click ${clicks.a}`);
    expect(text).toContain("Chargeback: loan cancelled");
    expect(text).toContain("Run of 2026-10-01 to 2026-10-31, reference GALLE-REF-1");
    expect(text).toMatch(
      /We owe you at the month&#x27;s end<\/dt><dd><strong>-?Rs\. 250<\/strong>/,
    );
    const october = await get("/partner/portal/statements/2026-10/", cookies.a);
    expect(october.body).toContain(`ක්ලික් ${clicks.a}`);
    expect(october.body).toContain("2026-10-01 සිට 2026-10-31 දක්වා ගෙවීම් වාරයට ඇතුළත්.");

    const csv = await get("/en/partner/portal/statements/2026-11/statement.csv", cookies.a);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe(
      "attachment; filename=statement-galle-a-2026-11.csv",
    );
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("line,click_id,lead_id,status,at_colombo,note,amount_lkr");
    expect(lines[1]).toBe("opening_balance,,,,,,400");
    expect(lines.at(-1)).toBe("closing_balance,,,,,,250");
    const amounts = lines.slice(1, -1).map((line) => Number(line.split(",").at(-1)));
    expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBe(250);
  });

  it("never show partner B anything of A's, whatever the address says", async () => {
    const tries = [
      "/en/partner/portal/statements/?partner=galle-a",
      "/en/partner/portal/statements/?partner_id=galle-a&partnerId=galle-a",
      "/en/partner/portal/statements/2026-10/?partner=galle-a",
      "/en/partner/portal/statements/2026-11/?partner=galle-a&id=galle-a",
      "/en/partner/portal/statements/2026-10/statement.csv?partner=galle-a",
      "/en/partner/portal/statements/2026-11/statement.csv?partner=galle-a",
      "/partner/portal/statements/2026-11/?partner[]=galle-a",
      "/en/partner/portal/statements/galle-a/",
      "/en/partner/portal/statements/2026-11/galle-a/statement.csv",
    ];
    for (const url of tries) {
      const res = await get(url, cookies.b);
      expect(res.statusCode, url).toBeLessThan(500);
      for (const secret of [clicks.a, clicks.aNovember, "GALLE-REF-1", "Chargeback", "Rs. 400"]) {
        expect(res.body, `${url} shows ${secret}`).not.toContain(secret as string);
      }
    }
    const own = await get("/en/partner/portal/statements/2026-10/statement.csv", cookies.b);
    expect(own.body).toContain(`earned,${clicks.b},`);
    expect(own.body).toContain("2500");
    expect(own.headers["content-disposition"]).toContain("statement-matara-b-2026-10.csv");
  });

  it("answer 404, never 5xx, for months that are not the account's", async () => {
    const months = [
      "2026-08",
      "2026-12",
      "2026-13",
      "2026-00",
      "2026-1",
      "26-11",
      "%2e%2e%2f2026-11",
      "2026-11%00",
      "%3Cscript%3E",
      "2026-11%0d%0aSet-Cookie:x=1",
      "%F0%9F%92%B0",
      "x".repeat(3_000),
      "2026-11'%20or%201=1--",
      "%ff",
      "-1",
      "9999-12",
    ];
    for (const month of months) {
      for (const suffix of ["/", "/statement.csv"]) {
        const url = `/en/partner/portal/statements/${month}${suffix}`;
        const res = await get(url, cookies.a);
        expect(res.statusCode, url).toBeLessThan(500);
        expect(res.statusCode, url).not.toBe(200);
        expect(res.headers["set-cookie"] ?? "", url).not.toContain("x=1");
      }
    }
    const page = await get("/en/partner/portal/statements/2026-13/", cookies.a);
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain("There is no page at this address.");
  });
});
