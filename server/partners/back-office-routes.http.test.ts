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
import { createPartner, findPartner, hashSecretKey } from "./partners";
import { seedConversion } from "./payouts.test-support";

/**
 * The partners' and payouts' pages over HTTP as an admin (issue 16): a
 * sign-up approved, terms refused by field with the values kept and then
 * saved, keys rotated with the secret shown on that answer only, disabling,
 * and a payout run from seeded conversions to its statement and CSV; every
 * change in the audit log under the member's e-mail, with no secret in it.
 */
let test: TestStorage;
let app: ReturnType<typeof appWith>;
let clock = new Date("2026-11-21T06:00:00.000Z");
let admin: SignedIn;
let publishableKey = "";

beforeAll(async () => {
  test = await openTestSqlite();
  app = appWith(test.storage, { now: () => clock });
  const member = await addStaffMember(test.storage, {
    email: "partners.admin@nayacompare.test",
    role: "admin",
    twoFactor: true,
    now: clock,
  });
  clock = new Date(clock.getTime() + TOTP_PERIOD_SECONDS * 1000);
  admin = await signInOverHttp(app, member, { at: clock });
  const waiting = await createPartner(
    test.storage,
    {
      id: "lanka-deals",
      name: "Lanka Deals",
      // As a portal sign-up starts: no rate until an operator approves it with one.
      payoutModel: "lead",
      payoutRupees: 0,
      origins: ["https://lankadeals.lk"],
      postbackUrl: null,
    },
    { status: "pending" },
  );
  publishableKey = waiting.keys.publishableKey;
  await createPartner(test.storage, {
    id: "cash-finder",
    name: "Cash Finder",
    payoutModel: "sale",
    payoutRupees: 2_500,
    origins: [],
    postbackUrl: null,
  });
  // October in Colombo: the month before the clock's, what the payouts page offers first.
  await seedConversion(test.storage, "cash-finder", new Date("2026-10-03T06:00:00Z"), ["issued"]);
  await seedConversion(test.storage, "cash-finder", new Date("2026-10-29T06:00:00Z"), [
    "approved",
    "issued",
  ]);
  await seedConversion(test.storage, "cash-finder", new Date("2026-10-30T06:00:00Z"), ["approved"]);
});
afterAll(async () => {
  await test?.cleanup();
});

const get = (url: string) => inject(app, { method: "GET", url, headers: { cookie: admin.cookie } });
const post = (url: string, form: Record<string, string | string[]> = {}, csrf = admin.csrf) => {
  const body = new URLSearchParams();
  if (csrf) body.append("csrf", csrf);
  for (const [key, value] of Object.entries(form)) {
    for (const one of [value].flat()) body.append(key, one);
  }
  return inject(app, {
    method: "POST",
    url,
    headers: formHeaders(admin),
    payload: body.toString(),
  });
};

async function auditOf(subject: string) {
  return test.storage.db
    .selectFrom("audit_log")
    .selectAll()
    .where("subject", "=", subject)
    .orderBy("at")
    .execute();
}

describe("the partners' pages", () => {
  it("list partners with the period's figures and only a key's last four characters", async () => {
    const res = await get("/admin/partners/?from=2026-10-01&to=2026-10-31");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Sign-ups waiting for approval (1)");
    expect(res.body).toContain(`publishable key ending ${publishableKey.slice(-4)}`);
    expect(res.body).not.toContain(publishableKey);
    // Three verified leads, two issued loans at Rs. 2,500 in October.
    expect(res.body).toContain("3 leads, 2 sales, Rs. 5,000 earned");
    const wrong = await get("/admin/partners/?from=2026-10-31&to=2026-10-01");
    expect(wrong.body).toContain("That period could not be read");
  });

  it("refuses a change without the session's CSRF token, and changes nothing", async () => {
    const res = await post("/admin/partners/lanka-deals/approve", {}, "");
    expect(res.statusCode).toBe(403);
    expect((await findPartner(test.storage, "lanka-deals"))?.status).toBe("pending");
  });

  it("asks terms to approve: the default prefilled, refused inline without a valid rate", async () => {
    const list = await get("/admin/partners/");
    // The programme's default (testSite: Rs. 400 per lead, Rs. 2,500 per loan) in the form.
    expect(list.body).toMatch(/id="approve-lanka-deals-rupees"[^>]*value="400"/);
    expect(list.body).toContain(
      "The programme&#x27;s terms: Rs. 400 per lead, Rs. 2,500 per loan issued",
    );
    for (const form of [
      {},
      { payoutModel: "lead", payoutRupees: "0" },
      { payoutModel: "lead", payoutRupees: "" },
      { payoutModel: "click", payoutRupees: "400" },
    ]) {
      const refused = await post("/admin/partners/lanka-deals/approve", form);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain("Not approved: a sign-up is approved with its terms.");
      expect(refused.body).toMatch(/id="approve-lanka-deals-(rupees|model)-error"/);
    }
    // A NUL byte: the back office's forms refuse it whole (400), and nothing is approved.
    const nul = await post("/admin/partners/lanka-deals/approve", {
      payoutModel: "lead",
      payoutRupees: "4\u0000",
    });
    expect(nul.statusCode).toBe(400);
    const zero = await post("/admin/partners/lanka-deals/approve", {
      payoutModel: "sale",
      payoutRupees: "0",
    });
    // What was typed is kept, the error beside the field.
    expect(zero.body).toMatch(/id="approve-lanka-deals-rupees"[^>]*value="0"/);
    expect(zero.body).toContain(
      "Enter this partner&#x27;s rate: whole rupees from 1 to 1,000,000, digits only.",
    );
    expect((await findPartner(test.storage, "lanka-deals"))?.status).toBe("pending");
  });

  it("approves a sign-up with its terms, once, and logs who did", async () => {
    const res = await post("/admin/partners/lanka-deals/approve", {
      payoutModel: "lead",
      payoutRupees: "400",
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/admin/partners/?done=approved&partner=lanka-deals");
    expect((await get(res.headers.location as string)).body).toContain(
      "Lanka Deals is approved: its keys work now.",
    );
    expect(await findPartner(test.storage, "lanka-deals")).toMatchObject({
      status: "active",
      payoutModel: "lead",
      payoutRupees: 400,
    });
    const again = await post("/admin/partners/lanka-deals/reject");
    expect(again.headers.location).toBe("/admin/partners/?problem=not_pending");
    const entries = await auditOf("partner:lanka-deals");
    expect(entries.find((entry) => entry.action === "partner.create")?.actor).toBe("command line");
    expect(entries.find((entry) => entry.action === "partner.approve")).toMatchObject({
      action: "partner.approve",
      actor: "partners.admin@nayacompare.test",
    });
    expect((await post("/admin/partners/nobody/approve")).statusCode).toBe(404);
  });

  it("refuses payout terms by field, keeps what was typed, then saves valid ones", async () => {
    const refused = await post("/admin/partners/lanka-deals/terms", {
      payoutModel: "click",
      payoutRupees: "12.50",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("Choose lead or sale.");
    expect(refused.body).toContain("Enter whole rupees from 0 to 1,000,000, digits only.");
    expect(refused.body).toContain('value="12.50"');
    expect(refused.body).toMatch(/id="terms-rupees"[^>]*aria-invalid="true"/);
    expect((await findPartner(test.storage, "lanka-deals"))?.payoutRupees).toBe(400);

    const saved = await post("/admin/partners/lanka-deals/terms", {
      payoutModel: "sale",
      payoutRupees: "1800",
    });
    expect(saved.statusCode).toBe(303);
    expect(await findPartner(test.storage, "lanka-deals")).toMatchObject({
      payoutModel: "sale",
      payoutRupees: 1_800,
    });
    const entry = (await auditOf("partner:lanka-deals")).find(
      (row) => row.action === "partner.update",
    );
    expect(JSON.parse(entry?.before ?? "{}")).toMatchObject({
      payoutModel: "lead",
      payoutRupees: 400,
    });
    expect(JSON.parse(entry?.after ?? "{}")).toMatchObject({
      payoutModel: "sale",
      payoutRupees: 1_800,
    });
  });

  it("rotates the chosen keys and shows the new secret on that answer only", async () => {
    const none = await post("/admin/partners/lanka-deals/keys");
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain("Choose at least one key to rotate.");

    const res = await post("/admin/partners/lanka-deals/keys", { key: ["secret", "postback"] });
    expect(res.statusCode).toBe(200);
    const secretKey = /sk_[A-Za-z0-9_-]{43}/.exec(res.body)?.[0] ?? "";
    const postbackSecret = /whsec_[A-Za-z0-9_-]{43}/.exec(res.body)?.[0] ?? "";
    expect(secretKey).not.toBe("");
    expect(postbackSecret).not.toBe("");
    const row = await test.storage.db
      .selectFrom("partners")
      .select(["secret_key_hash", "postback_secret", "publishable_key"])
      .where("id", "=", "lanka-deals")
      .executeTakeFirstOrThrow();
    expect(row.secret_key_hash).toBe(hashSecretKey(secretKey));
    expect(row.postback_secret).toBe(postbackSecret);
    expect(row.publishable_key).toBe(publishableKey);
    expect(res.headers["cache-control"]).toMatch(/no-store/);

    const later = await get("/admin/partners/lanka-deals/");
    expect(later.body).not.toContain(secretKey);
    expect(later.body).not.toContain(postbackSecret);
    const logged = (await auditOf("partner:lanka-deals"))
      .map((entry) => `${entry.before}${entry.after}`)
      .join("");
    expect(logged).toContain('"rotated":["secret","postback"]');
    expect(logged).not.toContain(secretKey);
    expect(logged).not.toContain(postbackSecret);
  });

  it("disables and enables a partner", async () => {
    const disabled = await post("/admin/partners/lanka-deals/disable");
    expect(disabled.headers.location).toBe("/admin/partners/lanka-deals/?done=disabled");
    expect((await findPartner(test.storage, "lanka-deals"))?.disabledAt).not.toBeNull();
    expect((await get(disabled.headers.location as string)).body).toContain("Enable Lanka Deals");
    clock = new Date(clock.getTime() + 1_000);
    await post("/admin/partners/lanka-deals/enable");
    expect((await findPartner(test.storage, "lanka-deals"))?.disabledAt).toBeNull();
    const actions = (await auditOf("partner:lanka-deals")).map((entry) => entry.action);
    expect(actions.filter((action) => /able$/.test(action))).toEqual([
      "partner.disable",
      "partner.enable",
    ]);
  });
});

describe("the payouts' pages", () => {
  let runPath = "";

  it("offer last month's unpaid earnings and make a run of them", async () => {
    const page = await get("/admin/payouts/");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Earned from 2026-10-01 to 2026-10-31, not yet in a run");
    expect(page.body).toMatch(
      /Cash Finder<\/th><td class="number">2<\/td><td class="number">5,000</,
    );

    const bad = await post("/admin/payouts/", { from: "2026-10-31", to: "2026-10-01" });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("The period must be at most a year");

    const made = await post("/admin/payouts/", { from: "2026-10-01", to: "2026-10-31" });
    expect(made.statusCode).toBe(303);
    runPath = (made.headers.location as string).replace(/\?created=1$/, "");
    const run = await get(made.headers.location as string);
    expect(run.body).toContain("The run is made.");
    expect(run.body).toContain("Total Rs. 5,000;");
    expect(run.body).toContain("Rs. 5,000 for 2 items");

    const twice = await post("/admin/payouts/", { from: "2026-10-01", to: "2026-10-31" });
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toContain("Nothing in that period is left to pay, so no run was made.");
  });

  it("marks a partner paid with a reference, refusing a bad one with the value kept", async () => {
    const bad = await post(`${runPath}cash-finder/paid`, { reference: "<b>x</b>" });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("Enter the transfer&#x27;s reference");
    expect(bad.body).toContain('value="&lt;b&gt;x&lt;/b&gt;"');
    const paid = await post(`${runPath}cash-finder/paid`, { reference: "TT 4471/26" });
    expect(paid.statusCode).toBe(303);
    const page = await get(paid.headers.location as string);
    expect(page.body).toContain("Cash Finder is marked paid.");
    expect(page.body).toContain("reference TT 4471/26, by partners.admin@nayacompare.test");
    const again = await post(`${runPath}cash-finder/paid`, { reference: "TT 4472/26" });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain("That payout is marked paid already.");
  });

  it("gives each partner's statement as a page and a CSV that add up to the run's figure", async () => {
    const page = await get(`${runPath}cash-finder/`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Total Rs. 5,000.");
    expect(page.body.match(/, issued<\/td>/g)).toHaveLength(2);
    const csv = await get(`${runPath}cash-finder/statement.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe(
      "attachment; filename=payout-cash-finder-2026-10-01-2026-10-31.csv",
    );
    const lines = csv.body.trimEnd().split("\r\n");
    expect(lines).toHaveLength(4);
    const amounts = lines.slice(1, -1).map((line) => Number(line.split(",").at(-1)));
    expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBe(5_000);
    expect(lines.at(-1)).toBe("total,,,,5000");
    expect((await get(`${runPath}lanka-deals/`)).statusCode).toBe(404);
    expect((await get("/admin/payouts/not-a-run/")).statusCode).toBe(404);
  });
});
