import inject from "light-my-request";
import { afterAll, describe, expect, it } from "vitest";
import {
  approval,
  lenderSpec,
  namedUrl,
  setUpDecisionApp,
  startTestLender,
  type TestLender,
} from "../sandbox/lender.test-support";
import { decisionSignature } from "./decision-api";

/**
 * A pending lender's callback, POST /api/lenders/v1/decisions (issue 15):
 * signed with the lender's own secret over the exact body, for a decision
 * that is its own and still open; and the decision API's OpenAPI document.
 */

const lenders: TestLender[] = [];
afterAll(async () => {
  await Promise.all(lenders.map((lender) => lender.close()));
});

/** The app's clock runs this far ahead of the real one (a day later, for the closed window). */
let shiftMs = 0;
const clock = () => new Date(Date.now() + shiftMs);

type App = Parameters<typeof inject>[0];

function callback(
  app: App,
  body: unknown,
  secret: string,
  options: { timestamp?: string; signature?: string } = {},
) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  const timestamp = options.timestamp ?? String(Math.floor(clock().getTime() / 1000));
  return inject(app, {
    method: "POST",
    url: "/api/lenders/v1/decisions",
    headers: {
      "content-type": "application/json",
      "x-timestamp": timestamp,
      "x-signature": options.signature ?? decisionSignature(secret, timestamp, text),
    },
    payload: text,
  });
}

async function pendingLender(id: string, offerIds: number[]) {
  const lender = await startTestLender(() => ({ status: 200, body: { decision: "pending" } }));
  lenders.push(lender);
  return lenderSpec(id, namedUrl(lender), offerIds);
}

describe("a pending lender's callback", () => {
  const context = setUpDecisionApp({}, { now: clock });

  async function pendingDecision(id: string, offerId: number) {
    const spec = await pendingLender(id, [offerId]);
    await context.onlyLenders([spec]);
    const leadId = await context.apply();
    await context.network.idle();
    const row = await context.test.storage.db
      .selectFrom("lender_decisions")
      .select(["decision_id", "status"])
      .where("lead_id", "=", leadId)
      .where("lender_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("pending");
    return { leadId, decisionId: row.decision_id, secret: spec.apiSecret };
  }

  it("records the lender's signed decision, once; a different one after it is a conflict", async () => {
    const { leadId, decisionId, secret } = await pendingDecision("calls-back", 970_001);
    const pending = await context.offersOf(leadId);
    expect(pending.decisions.decisions[0]).toEqual({ lenderId: "calls-back", status: "pending" });
    expect(pending.decisions.complete).toBe(false);

    const body = { decisionId, ...approval(970_001, { amount: 45_000 }) };
    const first = await callback(context.app, body, secret);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ recorded: true, duplicate: false, late: false });
    const offers = await context.offersOf(leadId);
    expect(offers.decisions.decisions[0]).toMatchObject({
      lenderId: "calls-back",
      status: "approved",
      offer: { offerId: 970_001, amount: 45_000 },
    });
    expect(offers.activeOfferIds[0]).toBe(970_001);

    expect((await callback(context.app, body, secret)).json()).toMatchObject({ duplicate: true });
    const declined = await callback(
      context.app,
      { decisionId, decision: "declined", reason: "other" },
      secret,
    );
    expect(declined.statusCode).toBe(409);
    expect(declined.json().error.code).toBe("already_decided");
  });

  it("takes only the deciding lender's signature, fresh", async () => {
    const { leadId, decisionId, secret } = await pendingDecision("signs", 970_011);
    const body = { decisionId, decision: "declined", reason: "policy" };
    const other = lenderSpec("other-lender", "", []).apiSecret;
    const old = String(Math.floor(clock().getTime() / 1000) - 10 * 60);
    for (const res of [
      await callback(context.app, body, other),
      await callback(context.app, body, secret, { timestamp: old }),
      await callback(context.app, body, secret, { signature: "0".repeat(64) }),
      await inject(context.app, {
        method: "POST",
        url: "/api/lenders/v1/decisions",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify(body),
      }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe("bad_signature");
    }
    // The signature covers the exact bytes: the same JSON spaced otherwise is another body.
    const spaced = JSON.stringify(body, null, 2);
    const timestamp = String(Math.floor(clock().getTime() / 1000));
    const tampered = await callback(context.app, spaced, secret, {
      timestamp,
      signature: decisionSignature(secret, timestamp, JSON.stringify(body)),
    });
    expect(tampered.statusCode).toBe(401);
    expect((await context.offersOf(leadId)).decisions.decisions[0]?.status).toBe("pending");
    expect((await callback(context.app, spaced, secret)).statusCode).toBe(200);
  });

  it("answers 404 for a decision we never asked for, 400 for a body it cannot read", async () => {
    const unknown = await callback(
      context.app,
      { decisionId: "AAAAAAAAAAAAAAAAAAAAAA", decision: "declined", reason: "other" },
      "any-secret",
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe("unknown_decision");
    expect((await callback(context.app, "{not json", "any")).json().error.code).toBe(
      "invalid_json",
    );
    expect(
      (await callback(context.app, { decision: "declined" }, "any")).json().error,
    ).toMatchObject({ code: "invalid_callback", fields: { decisionId: expect.any(String) } });
  });

  it("refuses an approval outside the product, recording the decision as failed with its rule", async () => {
    const { leadId, decisionId, secret } = await pendingDecision("approves-badly", 970_021);
    // A body that is not a decision is refused and changes nothing: the lender may send it right.
    const noReason = await callback(context.app, { decisionId, decision: "declined" }, secret);
    expect(noReason.statusCode).toBe(400);
    expect((await context.offersOf(leadId)).decisions.decisions[0]?.status).toBe("pending");
    // An approval outside the product is a decision, and a failed one (decision 0354).
    const tooMuch = await callback(
      context.app,
      { decisionId, ...approval(970_021, { amount: 80_000 }) },
      secret,
    );
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.fields).toEqual({
      amount: "more than the applicant asked for (amount_above_asked)",
    });
    const row = await context.test.storage.db
      .selectFrom("lender_decisions")
      .select(["status", "error", "broken_rule"])
      .where("decision_id", "=", decisionId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      status: "failed",
      error: "invalid_answer",
      broken_rule: "amount_above_asked",
    });
    const offers = await context.offersOf(leadId);
    expect(offers.decisions.decisions[0]?.status).toBe("failed");
    expect(offers.activeOfferIds).not.toContain(970_021);
    // Ended: a corrected approval after it is a conflict, never shown.
    const corrected = await callback(context.app, { decisionId, ...approval(970_021) }, secret);
    expect(corrected.statusCode).toBe(409);
  });

  it("names the rule for an approval of another lender's product", async () => {
    const { decisionId, secret } = await pendingDecision("approves-other", 970_022);
    const notYours = await callback(context.app, { decisionId, ...approval(970_999) }, secret);
    expect(notYours.statusCode).toBe(400);
    expect(notYours.json().error.fields).toEqual({
      offerId: "not one of your products (unknown_product)",
    });
  });

  it("closes a day after the deadline", async () => {
    const { decisionId, secret } = await pendingDecision("too-late", 970_031);
    shiftMs = 25 * 60 * 60 * 1000;
    try {
      const res = await callback(
        context.app,
        { decisionId, decision: "declined", reason: "other" },
        secret,
      );
      expect(res.statusCode).toBe(410);
      expect(res.json().error.code).toBe("decision_closed");
    } finally {
      shiftMs = 0;
    }
  });
});

describe("a callback after the deadline", () => {
  const context = setUpDecisionApp({ deadlineMs: 300 });

  it("is recorded as late, and the offers show it from then on", async () => {
    const spec = await pendingLender("late-lender", [971_001]);
    await context.onlyLenders([spec]);
    const leadId = await context.apply();
    await context.network.idle();
    // The deadline passes with the lender still pending: the page stops waiting.
    const until = Date.now() + 10_000;
    while (!(await context.offersOf(leadId)).decisions.complete) {
      if (Date.now() > until) throw new Error("the deadline never passed");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const row = await context.test.storage.db
      .selectFrom("lender_decisions")
      .select("decision_id")
      .where("lead_id", "=", leadId)
      .executeTakeFirstOrThrow();
    const res = await callback(
      context.app,
      { decisionId: row.decision_id, ...approval(971_001) },
      spec.apiSecret,
    );
    expect(res.json()).toEqual({ recorded: true, duplicate: false, late: true });
    expect((await context.offersOf(leadId)).decisions.decisions[0]?.status).toBe("approved");
  });
});

describe("GET /api/lenders/v1/openapi.json", () => {
  const context = setUpDecisionApp();

  it("is an OpenAPI 3.1 document of the request we send, the answers and the callback", async () => {
    const res = await inject(context.app, { method: "GET", url: "/api/lenders/v1/openapi.json" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    const document = res.json();
    expect(document.openapi).toBe("3.1.0");
    expect(document.servers[0].url).toBe("https://nayacompare.test/api/lenders/v1");
    expect(Object.keys(document.paths)).toEqual(["/decisions", "/openapi.json", "/postback"]);
    const webhook = document.webhooks.decisionRequest.post;
    expect(webhook.parameters.map((parameter: { name: string }) => parameter.name)).toEqual([
      "X-Timestamp",
      "X-Signature",
      "Idempotency-Key",
      // Only during a secret's rotation grace (decision 0412): not required.
      "X-Signature-Next",
    ]);
    expect(
      webhook.parameters.find(
        (parameter: { name: string }) => parameter.name === "X-Signature-Next",
      )?.required,
    ).toBe(false);
    const schemas = document.components.schemas;
    expect(Object.keys(schemas.DecisionRequest.properties)).toEqual([
      "decisionId",
      "lenderId",
      "sentAt",
      "answerBy",
      "callbackUrl",
      "loan",
      "productIds",
      "applicant",
      "consent",
      "test",
    ]);
    expect(schemas.Approved.required).toEqual([
      "decision",
      "offerId",
      "amount",
      "termDays",
      "terms",
      "expiresAt",
      "applyUrl",
    ]);
    expect(schemas.Declined.properties.reason.enum).toContain("income_too_low");
    expect(schemas.DecisionCallback.oneOf ?? schemas.DecisionCallback.anyOf).toHaveLength(2);
    expect(document.info.description).toContain("5000 ms");
  });
});
