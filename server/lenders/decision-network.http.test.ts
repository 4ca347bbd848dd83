import inject from "light-my-request";
import { afterAll, describe, expect, it } from "vitest";
import { ageOn } from "../../core/domain/nic";
import { validApplication } from "../../core/domain/schemas/application.fixtures";
import { type CalendarDate, colomboToday } from "../../core/helpers/dates";
import { consentToShareText } from "../../site/server";
import { codeSentTo, enterCode, postJsonTo } from "../borrowers/applicant.test-support";
import { createPartner } from "../partners/partners";
import {
  approval,
  gate,
  lenderSpec,
  namedUrl,
  productFor,
  setUpDecisionApp,
  startTestLender,
  type TestLender,
} from "../sandbox/lender.test-support";
import { decisionSignature, verifyDecisionSignature } from "./decision-api";

/**
 * The decision network against real HTTP servers on loopback as lenders
 * (issue 15): who is asked, what they get, how it is signed, what is
 * recorded of each answer, retries, the deadline and the daily cap (the
 * breaker and the concurrency limit: decision-gate.http.test.ts). Each
 * lender here is named lender.test (resolved to 127.0.0.1 for these tests
 * only), as a real lender's public host would be, unless the test is about
 * sandbox lenders.
 */

const lenders: TestLender[] = [];
afterAll(async () => {
  await Promise.all(lenders.map((lender) => lender.close()));
});

async function lender(...args: Parameters<typeof startTestLender>): Promise<TestLender> {
  const started = await startTestLender(...args);
  lenders.push(started);
  return started;
}

async function waitFor(condition: () => Promise<boolean> | boolean, what: string) {
  const until = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function storedRows(
  storage: ReturnType<typeof setUpDecisionApp>["test"]["storage"],
  leadId: string,
) {
  return storage.db
    .selectFrom("lender_decisions")
    .selectAll()
    .where("lead_id", "=", leadId)
    .orderBy("lender_id")
    .execute();
}

describe("asking lenders about a verified application", () => {
  const context = setUpDecisionApp();

  it("asks every live API lender whose products admit the application, and records each answer", async () => {
    const approving = await lender(() => ({ status: 200, body: approval(910_001) }));
    const declining = await lender(() => ({
      status: 200,
      body: { decision: "declined", reason: "income_too_low" },
    }));
    const garbled = await lender(() => ({ status: 200, body: "<html>ok</html>" }));
    const tooSmall = await lender(() => ({ status: 200, body: approval(910_004) }));
    await context.onlyLenders([
      lenderSpec("a-approves", namedUrl(approving), [910_001]),
      lenderSpec("b-declines", namedUrl(declining), [910_002]),
      lenderSpec("c-garbles", namedUrl(garbled), [910_003]),
      // Lends at most 10,000: the fixture's 50,000 is not for it.
      lenderSpec("d-too-small", namedUrl(tooSmall), [910_004], {
        products: [productFor(910_004, { amount: { min: 5_000, max: 10_000 } })],
      }),
    ]);

    const leadId = await context.apply();
    // The rows are written before the code's answer: a page opened at once knows who is asked.
    const atOnce = await context.offersOf(leadId);
    expect(atOnce.decisions.asked).toBe(3);
    await context.network.idle();

    const offers = await context.offersOf(leadId);
    expect(offers.decisions).toMatchObject({ asked: 3, answered: 3, complete: true });
    expect(offers.decisions.decisions).toEqual([
      {
        lenderId: "a-approves",
        status: "approved",
        offer: {
          offerId: 910_001,
          amount: 50_000,
          termDays: 91,
          terms: { annualInterestRate: 0.24, feeFixed: 500, feePercent: 0, repayment: "single" },
          expiresAt: expect.any(String),
        },
      },
      { lenderId: "b-declines", status: "declined" },
      { lenderId: "c-garbles", status: "failed" },
    ]);
    // The approval leads the offers; the others' products are never "matched" by criteria.
    expect(offers.activeOfferIds[0]).toBe(910_001);
    for (const id of [910_002, 910_003, 910_004]) expect(offers.activeOfferIds).not.toContain(id);
    expect(tooSmall.received).toHaveLength(0);

    const rows = await storedRows(context.test.storage, leadId);
    expect(
      rows.map((row) => [row.lender_id, row.status, row.reason, row.error, row.attempts]),
    ).toEqual([
      ["a-approves", "approved", null, null, 1],
      ["b-declines", "declined", "income_too_low", null, 1],
      ["c-garbles", "failed", null, "invalid_answer", 1],
    ]);
    for (const row of rows) {
      expect(row.latency_ms).toBeGreaterThanOrEqual(0);
      expect(row.answered_at).not.toBeNull();
    }
  });

  it("asks them in parallel: each answers only once the other has been asked", async () => {
    const both = gate();
    let asked = 0;
    const waitForBoth = async () => {
      asked += 1;
      if (asked === 2) both.open();
      await both.promise;
      return { status: 200, body: { decision: "declined", reason: "policy" } } as const;
    };
    const first = await lender(waitForBoth);
    const second = await lender(waitForBoth);
    await context.onlyLenders([
      lenderSpec("parallel-1", namedUrl(first), [910_011]),
      lenderSpec("parallel-2", namedUrl(second), [910_012]),
    ]);
    const leadId = await context.apply();
    await context.network.idle();
    const offers = await context.offersOf(leadId);
    expect(offers.decisions.decisions.map((decision) => decision.status)).toEqual([
      "declined",
      "declined",
    ]);
  });

  it("shows a fast decision while a slow lender is still deciding", async () => {
    const slowAnswer = gate();
    const fast = await lender(() => ({ status: 200, body: approval(910_021) }));
    const slow = await lender(async () => {
      await slowAnswer.promise;
      return { status: 200, body: approval(910_022, { amount: 40_000 }) };
    });
    await context.onlyLenders([
      lenderSpec("fast", namedUrl(fast), [910_021]),
      lenderSpec("slow", namedUrl(slow), [910_022]),
    ]);
    const leadId = await context.apply();
    await waitFor(
      async () => (await context.offersOf(leadId)).decisions.answered === 1,
      "the fast decision",
    );
    const meanwhile = await context.offersOf(leadId);
    expect(meanwhile.decisions).toMatchObject({ asked: 2, answered: 1, complete: false });
    expect(meanwhile.decisions.decisions.map((decision) => decision.status)).toEqual([
      "approved",
      "waiting",
    ]);
    slowAnswer.open();
    await context.network.idle();
    const after = await context.offersOf(leadId);
    expect(after.decisions).toMatchObject({ answered: 2, complete: true });
    expect(after.decisions.decisions[1]).toMatchObject({
      lenderId: "slow",
      status: "approved",
      offer: { amount: 40_000 },
    });
  });

  it("sends only the fields the lender listed, the loan, the consent and an idempotency key, signed", async () => {
    const listening = await lender(() => ({
      status: 200,
      body: { decision: "declined", reason: "other" },
    }));
    const spec = lenderSpec("listed-fields", namedUrl(listening), [910_031], {
      apiFields: ["fullName", "monthlyIncome", "age"],
    });
    await context.onlyLenders([spec]);
    const before = Date.now();
    const leadId = await context.apply();
    await context.network.idle();

    expect(listening.received).toHaveLength(1);
    const [request] = listening.received;
    if (!request) throw new Error("no request");
    const sent = request.json;
    const age = ageOn(validApplication.birthDate as CalendarDate, colomboToday(new Date()));
    expect(sent.applicant).toEqual({ fullName: "Kamal Perera", monthlyIncome: 180_000, age });
    // Nothing else of the person: not the NIC, the phone, the e-mail or the birth date.
    for (const secret of [
      "853400937",
      "771234567",
      "2000",
      "kamal.perera@example.lk",
      "1985-12-05",
    ]) {
      expect(request.body.toLowerCase()).not.toContain(secret);
    }
    expect(sent.loan).toEqual({ amount: 50_000, termDays: 91, purpose: "medical" });
    expect(sent.productIds).toEqual([910_031]);
    expect(sent.lenderId).toBe("listed-fields");
    expect(sent.callbackUrl).toBe("https://nayacompare.test/api/lenders/v1/decisions");
    expect(sent.consent).toEqual({
      shareWithLenders: true,
      text: consentToShareText("si"),
      language: "si",
      givenAt: expect.any(String),
    });
    expect(Date.parse(sent.consent.givenAt)).toBeGreaterThanOrEqual(before - 1_000);
    expect(Date.parse(sent.answerBy) - Date.parse(sent.sentAt)).toBe(5_000);

    // The lender can check the request is ours and fresh, and use the key to answer repeats alike.
    expect(request.headers["idempotency-key"]).toBe(sent.decisionId);
    expect(request.headers["content-type"]).toBe("application/json");
    const timestamp = String(request.headers["x-timestamp"]);
    const signature = String(request.headers["x-signature"]);
    expect(signature).toBe(decisionSignature(spec.apiSecret, timestamp, request.body));
    expect(
      verifyDecisionSignature(spec.apiSecret, timestamp, request.body, signature, new Date()),
    ).toBe(true);
    expect(
      verifyDecisionSignature(
        "another-lenders-secret",
        timestamp,
        request.body,
        signature,
        new Date(),
      ),
    ).toBe(false);
    expect(
      verifyDecisionSignature(
        spec.apiSecret,
        timestamp,
        request.body,
        signature,
        new Date(Date.now() + 10 * 60 * 1000),
      ),
    ).toBe(false);
    const row = (await storedRows(context.test.storage, leadId))[0];
    expect(row?.decision_id).toBe(sent.decisionId);
  });

  it("retries a SPEC §7 status with the same body and idempotency key, and nothing else", async () => {
    const flaky = await lender((_request, index) =>
      index === 0 ? { status: 503, body: "busy" } : { status: 200, body: approval(910_041) },
    );
    const refusing = await lender(() => ({ status: 400, body: { error: "bad" } }));
    const failing = await lender(() => ({ status: 500, body: "down" }));
    await context.onlyLenders([
      lenderSpec("retry-flaky", namedUrl(flaky), [910_041]),
      lenderSpec("retry-no-400", namedUrl(refusing), [910_042]),
      lenderSpec("retry-500s", namedUrl(failing), [910_043]),
    ]);
    const leadId = await context.apply();
    await context.network.idle();

    expect(flaky.received).toHaveLength(2);
    const [first, second] = flaky.received;
    expect(second?.body).toBe(first?.body);
    expect(second?.headers["idempotency-key"]).toBe(first?.headers["idempotency-key"]);
    expect(refusing.received).toHaveLength(1);
    // The first try and two retries.
    expect(failing.received).toHaveLength(3);
    const rows = await storedRows(context.test.storage, leadId);
    expect(rows.map((row) => [row.lender_id, row.status, row.error, row.attempts])).toEqual([
      ["retry-500s", "failed", "http_500", 3],
      ["retry-flaky", "approved", null, 2],
      ["retry-no-400", "failed", "http_400", 1],
    ]);
  });

  it("refuses approvals outside the lender's own product, storing the rule each broke", async () => {
    const answering = (body: Record<string, unknown>) => lender(() => ({ status: 200, body }));
    const hostile: [string, Record<string, unknown>, string][] = [
      ["h-other-product", approval(101), "unknown_product"],
      ["h-more", approval(910_282, { amount: 60_000 }), "amount_above_asked"],
      // Outside testing's three: APR 0 % on a 24 % product, Rs 1 for a day, a 100 % fee.
      [
        "h-zero-rate",
        approval(910_283, { terms: { ...productFor(910_283).terms, annualInterestRate: 0 } }),
        "rate_not_product",
      ],
      ["h-one-rupee", approval(910_284, { amount: 1, termDays: 1 }), "amount_outside_product"],
      [
        "h-fees",
        approval(910_285, {
          terms: { ...productFor(910_285).terms, feePercent: 1, feeFixed: 100_000 },
        }),
        "fees_not_product",
      ],
      ["h-short", approval(910_286, { termDays: 30 }), "term_outside_product"],
      [
        "h-monthly",
        approval(910_287, { terms: { ...productFor(910_287).terms, repayment: "monthly" } }),
        "repayment_not_product",
      ],
      [
        "h-http",
        approval(910_288, { applyUrl: "http://apply.lender.test/offer" }),
        "apply_url_not_https",
      ],
      ["h-lapsed", approval(910_289, { expiresAt: "2020-01-01T00:00:00Z" }), "expired"],
    ];
    const specs = [];
    for (const [id, body] of hostile) {
      const offerId = Number(body.offerId) === 101 ? 910_281 : Number(body.offerId);
      specs.push(lenderSpec(id, namedUrl(await answering(body)), [offerId]));
    }
    const unreadable = await answering(
      approval(910_290, { terms: { annualInterestRate: 0.2, repayment: "weekly" } }),
    );
    specs.push(lenderSpec("h-unreadable", namedUrl(unreadable), [910_290]));
    await context.onlyLenders(specs);
    const leadId = await context.apply();
    await context.network.idle();
    const rows = await storedRows(context.test.storage, leadId);
    expect(rows.map((row) => [row.lender_id, row.status, row.error, row.broken_rule])).toEqual(
      [
        ...hostile.map(([id, , rule]) => [id, "failed", "invalid_answer", rule]),
        // Not an approval by the schema at all: no rule to name.
        ["h-unreadable", "failed", "invalid_answer", null],
      ].sort((left, right) => String(left[0]).localeCompare(String(right[0]))),
    );
    // Never to a borrower or a partner: no offer of theirs among the lead's.
    const offers = await context.offersOf(leadId);
    expect(offers.decisions.decisions.every((decision) => decision.offer === undefined)).toBe(true);
    const theirs = specs.flatMap((spec) => spec.products.map((product) => product.offer_id));
    expect(offers.activeOfferIds.filter((id) => theirs.includes(id))).toEqual([]);
  });

  it("keeps to a lender's daily lead cap", async () => {
    const capped = await lender(() => ({
      status: 200,
      body: { decision: "declined", reason: "policy" },
    }));
    await context.onlyLenders([
      lenderSpec("capped", namedUrl(capped), [910_061], { dailyLeadCap: 2 }),
    ]);
    const leads = [await context.apply(), await context.apply(), await context.apply()];
    await context.network.idle();
    expect(capped.received).toHaveLength(2);
    const asked = await Promise.all(
      leads.map(async (leadId) => (await context.offersOf(leadId)).decisions.asked),
    );
    expect(asked).toEqual([1, 1, 0]);
  });

  it("never sends an application before its code is entered, nor a repeat joined to one sent", async () => {
    const watching = await lender(() => ({
      status: 200,
      body: { decision: "declined", reason: "other" },
    }));
    await context.onlyLenders([lenderSpec("watching", namedUrl(watching), [910_071])]);
    const phone = "0779990001";
    const applied = await postJsonTo(context.app, "/api/applications", {
      ...validApplication,
      phone,
    });
    expect(applied.statusCode).toBe(201);
    await context.network.idle();
    expect(watching.received).toHaveLength(0);

    // The code is entered: now it goes, once.
    const { leadId } = applied.json() as { leadId: string };
    const code = codeSentTo(context.messages(), phone);
    expect((await enterCode(context.app, leadId, code)).statusCode).toBe(200);
    await context.network.idle();
    expect(watching.received).toHaveLength(1);

    // The same applicant again within a day: the repeat joins the lead already sent.
    const again = await postJsonTo(context.app, "/api/applications", {
      ...validApplication,
      phone,
    });
    const againId = (again.json() as { leadId: string }).leadId;
    const joined = await enterCode(context.app, againId, codeSentTo(context.messages(), phone));
    expect(joined.statusCode).toBe(200);
    await context.network.idle();
    expect(watching.received).toHaveLength(1);
  });

  it("asks about an application verified through the partner API too, in its language", async () => {
    const watching = await lender(() => ({
      status: 200,
      body: { decision: "declined", reason: "other" },
    }));
    await context.onlyLenders([lenderSpec("partner-watching", namedUrl(watching), [910_101])]);
    const { keys } = await createPartner(context.test.storage, {
      id: "decision-partner",
      name: "Decision Partner",
      payoutModel: "lead",
      payoutRupees: 100,
      origins: [],
      postbackUrl: null,
    });
    const auth = { authorization: `Bearer ${keys.secretKey}` };
    const phone = "0779990077";
    const created = await postJsonTo(
      context.app,
      "/api/partner/v1/leads?lang=en",
      { ...validApplication, phone },
      auth,
    );
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { leadId: string }).leadId;
    await context.network.idle();
    expect(watching.received).toHaveLength(0);
    const verified = await postJsonTo(
      context.app,
      `/api/partner/v1/leads/${id}/verification?lang=en`,
      { code: codeSentTo(context.messages(), phone) },
      auth,
    );
    expect(verified.statusCode).toBe(200);
    await context.network.idle();
    expect(watching.received).toHaveLength(1);
    expect(watching.received[0]?.json.consent).toMatchObject({
      language: "en",
      text: consentToShareText("en"),
    });
  });

  it("calls a real lender only on public addresses, a sandbox lender on loopback too", async () => {
    const onLoopback = await lender(() => ({ status: 200, body: approval(910_081) }));
    const sandbox = await lender(() => ({
      status: 200,
      body: approval(910_082, { applyUrl: "http://127.0.0.1:9/apply" }),
    }));
    // A real lender's URL on this machine is refused when it is registered…
    await expect(
      context.onlyLenders([lenderSpec("real-on-loopback", onLoopback.url, [910_081])]),
    ).rejects.toThrow(/decision\.url: 127\.0\.0\.1 is not a public address/);
    await context.onlyLenders([
      lenderSpec("real-on-loopback", namedUrl(onLoopback), [910_081]),
      lenderSpec("sandbox-on-loopback", sandbox.url, [910_082], {
        sandbox: true,
        licence: undefined,
      }),
    ]);
    // …and again before each request, should storage hold one all the same.
    await context.test.storage.db
      .updateTable("lenders")
      .set({ api_url: onLoopback.url })
      .where("id", "=", "real-on-loopback")
      .execute();
    await context.catalogue.refresh();
    const leadId = await context.apply();
    await context.network.idle();
    expect(onLoopback.received).toHaveLength(0);
    expect(sandbox.received).toHaveLength(1);
    const rows = await storedRows(context.test.storage, leadId);
    expect(rows.map((row) => [row.lender_id, row.status, row.error])).toEqual([
      ["real-on-loopback", "failed", "refused_address"],
      // A sandbox lender's apply page may be http on loopback.
      ["sandbox-on-loopback", "approved", null],
    ]);
  });

  it("answers the code with 200 whatever the lenders do", async () => {
    const down = await lender(() => ({ status: 502, body: "" }));
    await context.onlyLenders([lenderSpec("down", namedUrl(down), [910_091])]);
    const leadId = await context.apply();
    await context.network.idle();
    const res = await inject(context.app, {
      method: "GET",
      url: `/api/applications/${leadId}/offers`,
      headers: { cookie: `lead=${leadId}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().decisions.decisions).toEqual([{ lenderId: "down", status: "failed" }]);
  });
});

describe("a lender that does not answer in time", () => {
  const context = setUpDecisionApp({ deadlineMs: 400 });

  it("is recorded as timed out at the deadline; the others' decisions stand", async () => {
    const silent = await lender(() => "never");
    const prompt = await lender(() => ({ status: 200, body: approval(920_002) }));
    await context.onlyLenders([
      lenderSpec("deadline-silent", namedUrl(silent), [920_001]),
      lenderSpec("deadline-prompt", namedUrl(prompt), [920_002]),
    ]);
    const leadId = await context.apply();
    await context.network.idle();
    const rows = await storedRows(context.test.storage, leadId);
    expect(rows.map((row) => [row.lender_id, row.status, row.error])).toEqual([
      ["deadline-prompt", "approved", null],
      ["deadline-silent", "failed", "timeout"],
    ]);
    const silentRow = rows[1];
    // Given up at the deadline, not long after (the request's own timeout is what is left).
    expect(silentRow?.latency_ms).toBeGreaterThanOrEqual(300);
    expect(silentRow?.latency_ms).toBeLessThan(400 + 1_000);
    expect((await context.offersOf(leadId)).decisions).toMatchObject({
      asked: 2,
      answered: 2,
      complete: true,
    });
  });
});

describe("in production", () => {
  const context = setUpDecisionApp({ sandboxLoopback: false });

  it("never asks a sandbox lender, whatever the database holds (issue 30)", async () => {
    const sandbox = await lender(() => ({ status: 200, body: approval(950_001) }));
    await context.onlyLenders([
      lenderSpec("sandbox-in-production", sandbox.url, [950_001], {
        sandbox: true,
        licence: undefined,
      }),
    ]);
    const leadId = await context.apply();
    await context.network.idle();
    expect(sandbox.received).toHaveLength(0);
    // Not asked at all: no row, so nothing counts against it and no page waits for it.
    expect(await storedRows(context.test.storage, leadId)).toEqual([]);
    expect((await context.offersOf(leadId)).decisions.asked).toBe(0);
  });
});
