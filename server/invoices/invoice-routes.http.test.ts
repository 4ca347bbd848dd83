import inject from "light-my-request";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOTP_PERIOD_SECONDS } from "../accounts/totp";
import { seedSampleLenders } from "../lenders/lenders";
import { createPartner } from "../partners/partners";
import { seedConversion } from "../partners/payouts.test-support";
import {
  addStaffMember,
  formHeaders,
  type SignedIn,
  signInOverHttp,
} from "../staff/staff.test-support";
import { appWith, openTestSqlite, type TestStorage } from "../test-support";

/**
 * The invoices' pages over HTTP as an admin (issue 34): a price refused by
 * field with the values kept, then saved and audited; October's billable
 * loans beside what partners earned; the run; the invoice as a page, CSV
 * and a PDF whose text (read back by a PDF parser) carries the total; a
 * second run refused; a member of another role refused.
 */
let test: TestStorage;
let app: ReturnType<typeof appWith>;
let clock = new Date("2026-11-21T06:00:00.000Z");
let admin: SignedIn;
let analyst: SignedIn;

beforeAll(async () => {
  test = await openTestSqlite();
  app = appWith(test.storage, { now: () => clock });
  await seedSampleLenders(test.storage);
  const member = await addStaffMember(test.storage, {
    email: "invoices.admin@nayacompare.test",
    role: "admin",
    twoFactor: true,
    now: clock,
  });
  const reader = await addStaffMember(test.storage, {
    email: "invoices.analyst@nayacompare.test",
    role: "analyst",
    twoFactor: true,
    now: clock,
  });
  clock = new Date(clock.getTime() + TOTP_PERIOD_SECONDS * 1000);
  admin = await signInOverHttp(app, member, { at: clock });
  analyst = await signInOverHttp(app, reader, { at: clock });
  await createPartner(test.storage, {
    id: "cash-finder",
    name: "Cash Finder",
    payoutModel: "sale",
    payoutRupees: 2_500,
    origins: [],
    postbackUrl: null,
  });
  // Two loans Kandy Lane issued in October (Colombo), each a sale of the partner's.
  await seedConversion(test.storage, "cash-finder", new Date("2026-10-03T06:00:00Z"), ["issued"]);
  await seedConversion(test.storage, "cash-finder", new Date("2026-10-29T06:00:00Z"), [
    "approved",
    "issued",
  ]);
});
afterAll(async () => {
  await test?.cleanup();
});

const get = (url: string, as = admin) =>
  inject(app, { method: "GET", url, headers: { cookie: as.cookie } });
const post = (url: string, form: Record<string, string>, as = admin) =>
  inject(app, {
    method: "POST",
    url,
    headers: formHeaders(as),
    payload: new URLSearchParams({ csrf: as.csrf, ...form }).toString(),
  });

describe("/admin/invoices/", () => {
  it("refuses a price by its fields, keeping what was typed, and without CSRF", async () => {
    const refused = await post("/admin/invoices/prices", {
      lender: "No Lender!",
      model: "sale",
      rupees: "-5",
      from: "2026-13-01",
    });
    expect(refused.statusCode).toBe(400);
    for (const text of [
      "Choose one of the lenders.",
      "Choose what the lender pays for.",
      "Give whole rupees, 0 to 1,000,000.",
      "Give a day as 2026-11-01.",
    ]) {
      expect(refused.body).toContain(text);
    }
    expect(refused.body).toContain('id="price-rupees"');
    expect(refused.body).toMatch(/aria-invalid="true"[^>]*value="-5"|value="-5"[^>]*aria-invalid/);
    const unknown = await post("/admin/invoices/prices", {
      lender: "no-such-lender",
      model: "lead",
      rupees: "100",
      from: "2026-10-01",
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain("Choose one of the lenders.");
    const noCsrf = await inject(app, {
      method: "POST",
      url: "/admin/invoices/prices",
      headers: formHeaders(admin),
      payload: new URLSearchParams({
        lender: "kandy-lane",
        model: "issued",
        rupees: "1",
      }).toString(),
    });
    expect(noCsrf.statusCode).toBe(403);
    const stored = await test.storage.db.selectFrom("lender_prices").selectAll().execute();
    expect(stored).toEqual([]);
  });

  it("saves a price, audited, and shows October's loans beside the partners' payouts", async () => {
    const saved = await post("/admin/invoices/prices", {
      lender: "kandy-lane",
      model: "issued",
      rupees: "6000",
      from: "2026-10-01",
    });
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe("/admin/invoices/?priced=1#prices");
    const page = await get("/admin/invoices/?priced=1");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("The price is saved.");
    expect(page.body).toContain("Billable in 2026-10, not yet invoiced");
    // Two loans at 6,000; the partner earned 2 × 2,500 on them: a margin of 7,000.
    const match = /<table class="match">(.*?)<\/table>/s.exec(page.body)?.[1] ?? "";
    const cells = [...match.matchAll(/<td class="number">([^<]*)<\/td>/g)].map((m) => m[1]);
    expect(cells).toEqual(["0", "12,000", "-5,000", "0", "7,000"]);
    const audit = await test.storage.db
      .selectFrom("audit_log")
      .select(["actor", "subject"])
      .where("action", "=", "lender.price")
      .execute();
    expect(audit).toEqual([
      { actor: "invoices.admin@nayacompare.test", subject: "lender:kandy-lane" },
    ]);
    expect((await get("/admin/invoices/?month=2026-1")).statusCode).toBe(400);
  });

  it("invoices a month once ended, as a page, a CSV and a PDF; never twice", async () => {
    const open = await post("/admin/invoices/", { month: "2026-11" });
    expect(open.statusCode).toBe(400);
    expect(open.body).toContain("A month is invoiced once it has ended (Colombo time).");
    const made = await post("/admin/invoices/", { month: "2026-10" });
    expect(made.statusCode).toBe(303);
    const path = /^\/admin\/invoices\/([A-Za-z0-9_-]+)\/\?created=1$/.exec(
      made.headers.location ?? "",
    );
    expect(path).not.toBeNull();
    const base = `/admin/invoices/${path?.[1]}/`;
    const page = await get(`${base}?created=1`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("The invoices are made.");
    expect(page.body).toContain("Kandy Lane Credit (kandy-lane), 2026-10: Rs. 12,000 for 2 items");
    expect(page.body.match(/<td>issued loan<\/td>/g)).toHaveLength(2);

    const csv = await get(`${base}invoice.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toMatch(
      /^attachment; filename=invoice-kandy-lane-2026-10-[A-Za-z0-9_-]{8}\.csv$/,
    );
    const lines = csv.body.trimEnd().split("\r\n");
    expect(lines).toHaveLength(4);
    expect(lines.slice(1, 3).map((line) => line.split(",")[0])).toEqual(["issued", "issued"]);
    expect(lines.at(-1)).toBe("total,,,12000");

    const pdf = await get(`${base}invoice.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const bytes = new Uint8Array(pdf.rawPayload);
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const document = await getDocumentProxy(bytes);
    const { totalPages, text } = await extractText(document, { mergePages: true });
    expect(totalPages).toBe(1);
    for (const part of [
      "Invoice",
      "Month billed: 2026-10",
      "Kandy Lane Credit",
      "Loans issued: 2 x Rs. 6,000 = Rs. 12,000",
      "Total: Rs. 12,000",
    ]) {
      expect(text).toContain(part);
    }

    const again = await post("/admin/invoices/", { month: "2026-10" });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain("Nothing in that month is left to bill, so no invoice was made.");
    const list = await get("/admin/invoices/?month=2026-10");
    expect(list.body).toContain(`href="${base}"`);
    expect(list.body).toContain("Nothing in that month is left to bill.");
    expect((await get("/admin/invoices/not-an-invoice/")).statusCode).toBe(404);
    expect((await get("/admin/invoices/not-an-invoice/invoice.pdf")).statusCode).toBe(404);
    expect((await get(`${base}invoice.pdf`, analyst)).statusCode).toBe(403);
  });
});
