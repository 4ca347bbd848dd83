import inject from "light-my-request";
import { beforeAll, describe, expect, it } from "vitest";
import { quoteLoan } from "../../core/domain/loan";
import { validApplication } from "../../core/domain/schemas/application.fixtures";
import {
  applyVerified,
  codeSentTo,
  cookieIn,
  enterCode,
  postJsonTo,
  smsCount,
} from "../borrowers/applicant.test-support";
import { loadCatalogues } from "../lenders/catalogue";
import { COMMAND_LINE } from "../staff/audit";
import { setUpTestApp, testOutbox } from "../test-support";
import {
  leadCreatedSchema,
  leadStatusSchema,
  leadVerifiedSchema,
  offersResponseSchema,
  statsResponseSchema,
} from "./api-schemas";
import { createPartner, rotateKeys, setPartnerDisabled } from "./partners";

const RATE_LIMIT = 40;
const outbox = testOutbox();
const context = setUpTestApp({
  partnerRateLimit: { limit: RATE_LIMIT, windowMs: 60_000 },
  messenger: outbox.messenger,
});
const offers = loadCatalogues().get("lk") ?? [];
const ORIGIN = "https://lankadeals.lk";

const keys = { secret: "", publishable: "", otherSecret: "" };

beforeAll(async () => {
  const storage = context.test.storage;
  const partner = await createPartner(storage, {
    id: "lanka-deals",
    name: "Lanka Deals",
    payoutModel: "lead",
    payoutRupees: 400,
    origins: [ORIGIN],
    postbackUrl: null,
  });
  keys.secret = partner.keys.secretKey;
  keys.publishable = partner.keys.publishableKey;
  const other = await createPartner(storage, {
    id: "other-partner",
    name: "Other",
    payoutModel: "sale",
    payoutRupees: 2_000,
    origins: [],
    postbackUrl: null,
  });
  keys.otherSecret = other.keys.secretKey;
});

async function call(
  method: "GET" | "POST",
  url: string,
  options: { key?: string | null; body?: unknown; headers?: Record<string, string> } = {},
) {
  const key = options.key === undefined ? keys.secret : options.key;
  return inject(context.app, {
    method,
    url: `/api/partner/v1${url}`,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
  });
}

function expectError(res: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ error: { code, message: expect.any(String) } });
}

describe("authentication", () => {
  it("answers 401 missing_key without a key and invalid_key for a wrong one", async () => {
    const none = await call("GET", "/offers?amount=50000&term=91", { key: null });
    expectError(none, 401, "missing_key");
    expect(none.headers["www-authenticate"]).toMatch(/^Bearer/);
    expectError(
      await call("GET", "/offers?amount=50000&term=91", { key: "sk_nope" }),
      401,
      "invalid_key",
    );
    // A publishable key is for browsers and the feed only.
    expectError(
      await call("GET", "/offers?amount=50000&term=91", { key: keys.publishable }),
      401,
      "invalid_key",
    );
    expectError(
      await call("GET", "/offers", {
        key: null,
        headers: { authorization: `Basic ${keys.secret}` },
      }),
      401,
      "missing_key",
    );
  });

  it("answers 403 when a browser sends the key from an origin the partner did not register", async () => {
    const elsewhere = await call("GET", "/offers?amount=50000&term=91", {
      headers: { origin: "https://evil.example" },
    });
    expectError(elsewhere, 403, "origin_not_allowed");
    const registered = await call("GET", "/offers?amount=50000&term=91", {
      headers: { origin: ORIGIN },
    });
    expect(registered.statusCode).toBe(200);
  });

  it("stops a rotated secret key and a disabled partner's key at once", async () => {
    const { keys: issued } = await createPartner(context.test.storage, {
      id: "short-lived",
      name: "Short",
      payoutModel: "lead",
      payoutRupees: 1,
      origins: [],
      postbackUrl: null,
    });
    expect(
      (await call("GET", "/stats?from=2026-11-01&to=2026-11-02", { key: issued.secretKey }))
        .statusCode,
    ).toBe(200);
    const rotated = await rotateKeys(context.test.storage, "short-lived", ["secret"], {
      actor: COMMAND_LINE,
    });
    if (!rotated.secretKey) throw new Error("no new secret key");
    expectError(
      await call("GET", "/stats?from=2026-11-01&to=2026-11-02", { key: issued.secretKey }),
      401,
      "invalid_key",
    );
    expect(
      (
        await call("GET", "/stats?from=2026-11-01&to=2026-11-02", {
          key: rotated.secretKey as string,
        })
      ).statusCode,
    ).toBe(200);
    await setPartnerDisabled(context.test.storage, "short-lived", true, { actor: COMMAND_LINE });
    expectError(
      await call("GET", "/stats?from=2026-11-01&to=2026-11-02", {
        key: rotated.secretKey as string,
      }),
      401,
      "invalid_key",
    );
  });
});

describe("GET offers", () => {
  it("answers the offers for the loan, cheapest total first, each priced from its own terms", async () => {
    const res = await call("GET", "/offers?amount=50000&term=91&lang=en");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const body = offersResponseSchema.parse(res.json());
    expect(body).toMatchObject({ amount: 50_000, term: 91, lang: "en", currency: "LKR" });
    expect(body.offers.length).toBeGreaterThan(1);
    const catalogueIds = offers
      .filter(
        (offer) =>
          offer.amount.min <= 50_000 &&
          offer.amount.max >= 50_000 &&
          offer.termDays.min <= 91 &&
          offer.termDays.max >= 91,
      )
      .map((offer) => offer.offer_id);
    expect(body.offers.map((offer) => offer.offerId).sort()).toEqual(catalogueIds.sort());
    // Issue 15: ranked by the total to pay (it was by header).
    const totals = body.offers.map((offer) => offer.total);
    expect(totals).toEqual(totals.toSorted((left, right) => left - right));
    expect(body.offers.map((offer) => offer.rank)).toEqual(
      body.offers.map((_, index) => index + 1),
    );
    for (const item of body.offers) {
      const offer = offers.find((candidate) => candidate.offer_id === item.offerId);
      if (!offer) throw new Error(`unknown offer ${item.offerId}`);
      const quote = quoteLoan({
        amount: 50_000,
        termDays: 91,
        terms: offer.terms,
        startDate: body.startDate as `${number}-${number}-${number}`,
      });
      expect(item).toMatchObject({
        apr: quote.apr,
        total: quote.total,
        returnDate: quote.returnDate,
        fees: quote.fees,
      });
      expect(item.applyUrl).toContain("/en/application/?");
      expect(new URL(item.applyUrl ?? "").searchParams.get("partner")).toBe("lanka-deals");
      expect(item.lender.pageUrl).toMatch(
        /^https:\/\/nayacompare\.test\/en\/lenders\/[a-z0-9-]+\/$/,
      );
    }
  });

  it("labels tags in the language asked, Sinhala by default", async () => {
    const english = offersResponseSchema.parse(
      (await call("GET", "/offers?amount=50000&term=91&lang=en")).json(),
    );
    const sinhala = offersResponseSchema.parse(
      (await call("GET", "/offers?amount=50000&term=91")).json(),
    );
    expect(sinhala.lang).toBe("si");
    const tag = (body: typeof english) =>
      body.offers.flatMap((offer) => offer.tags).find((item) => item.code === "single-repayment");
    expect(tag(english)?.label).toBe("One repayment");
    expect(tag(sinhala)?.label).not.toBe("One repayment");
    expect(sinhala.offers[0]?.applyUrl).toMatch(/^https:\/\/nayacompare\.test\/application\/\?/);
  });

  it("answers 400 with the fields at fault for a bad query", async () => {
    const res = await call("GET", "/offers?amount=abc&term=165&colour=red");
    expectError(res, 400, "invalid_query");
    expect(Object.keys(res.json().error.fields).sort()).toEqual(["amount", "colour", "term"]);
    expectError(await call("GET", "/offers?amount=50000&term=91&lang=fr"), 400, "invalid_query");
    expectError(
      await call("GET", "/offers?amount=50000&amount=60000&term=91"),
      400,
      "invalid_query",
    );
    expectError(await call("GET", "/offers?amount=1000&term=91"), 400, "invalid_query");
  });
});

const PERSONAL = [validApplication.fullName.trim(), "853400937", "771234567", "kamal.perera"];

function applicant(overrides: Record<string, unknown> = {}) {
  return { ...validApplication, term: 90, sub1: "pk-campaign", ...overrides };
}

/** The partner's page asks its visitor for the code that came by SMS, and posts it. */
async function verifyLead(leadId: string, phone: string, key = keys.secret, lang = "en") {
  return call("POST", `/leads/${leadId}/verification?lang=${lang}`, {
    key,
    body: { code: codeSentTo(outbox.messages(), phone) },
  });
}

describe("POST leads", () => {
  it("makes an unverified lead of the partner, texts the applicant a code, and answers its id and the code's state", async () => {
    // Issue 14: the answer used to carry the offers and an offers link at once.
    const res = await call("POST", "/leads?lang=en", {
      body: applicant({ phone: "0711000001", nic: "853400101V" }),
    });
    expect(res.statusCode).toBe(201);
    const body = leadCreatedSchema.parse(res.json());
    expect(Object.keys(res.json()).sort()).toEqual(["leadId", "verification"]);
    expect(body.verification).toMatchObject({ channel: "sms", triesLeft: 5 });
    const row = await context.test.storage.db
      .selectFrom("leads")
      .select(["partner_id", "offer_ids", "attribution", "verified_at"])
      .where("id", "=", body.leadId)
      .executeTakeFirstOrThrow();
    expect(row.partner_id).toBe("lanka-deals");
    expect(row.verified_at).toBeNull();
    expect(JSON.parse(row.attribution)).toMatchObject({
      partner: "lanka-deals",
      sub1: "pk-campaign",
    });
    const sms = outbox.messages().filter((message) => message.to === "+94711000001");
    expect(sms).toHaveLength(1);
    expect(sms[0]?.text).toMatch(/^NayaCompare: your code is \d{6}\./);
    for (const text of PERSONAL) expect(res.body.toLowerCase()).not.toContain(text.toLowerCase());

    // The applicant types the code on the partner's page; the partner's server posts it.
    const verified = await verifyLead(body.leadId, "0711000001");
    expect(verified.statusCode).toBe(200);
    const lead = leadVerifiedSchema.parse(verified.json());
    expect(lead).toMatchObject({ leadId: body.leadId, status: "matched", duplicate: false });
    expect(lead.offers.map((offer) => offer.offerId).sort()).toEqual(
      (JSON.parse(row.offer_ids) as number[]).sort(),
    );
    expect(lead.offers.every((offer) => offer.applyUrl === undefined)).toBe(true);
    // The offers link is opaque and leads the visitor to this lead's offers.
    const link = new URL(lead.offersUrl);
    expect(link.origin + link.pathname).toBe("https://nayacompare.test/en/landing/offers/");
    const token = link.searchParams.get("token") ?? "";
    expect(token).not.toContain(body.leadId);
    const landing = await inject(context.app, { method: "GET", url: link.pathname + link.search });
    expect(cookieIn(landing, "lead")).toBe(body.leadId);
    for (const text of PERSONAL) {
      expect(verified.body.toLowerCase()).not.toContain(text.toLowerCase());
    }
  });

  it("answers a repeat like a new lead, whoever sent the first; its code tells it is a duplicate", async () => {
    // Issue 14: a repeat used to answer 200 with the same lead, or 409 duplicate_application
    // for another's applicant, which told anyone that the applicant had applied.
    const first = await call("POST", "/leads", {
      body: applicant({ phone: "0711000002", nic: "853400102V" }),
    });
    await verifyLead(first.json().leadId, "0711000002");
    const again = await call("POST", "/leads", {
      body: applicant({ phone: "0711000002", nic: "853400102V" }),
    });
    expect(again.statusCode).toBe(201);
    expect(Object.keys(again.json()).sort()).toEqual(["leadId", "verification"]);
    expect(again.json().leadId).not.toBe(first.json().leadId);
    expect((await call("GET", `/leads/${again.json().leadId}`)).json()).toMatchObject({
      verified: false,
      duplicate: false,
      offerIds: [],
    });
    const repeated = leadVerifiedSchema.parse(
      (await verifyLead(again.json().leadId, "0711000002")).json(),
    );
    expect(repeated.duplicate).toBe(true);

    const direct = await applyVerified(
      context.app,
      outbox.messages,
      applicant({ phone: "0711000003", nic: "853400103V" }),
    );
    const viaPartner = await call("POST", "/leads", {
      body: applicant({ phone: "0711000003", nic: "853400103V" }),
    });
    expect(viaPartner.statusCode).toBe(201);
    expect(viaPartner.body).not.toContain(direct.leadId);
    const joined = leadVerifiedSchema.parse(
      (await verifyLead(viaPartner.json().leadId, "0711000003")).json(),
    );
    expect(joined.duplicate).toBe(true);
    expect(joined.leadId).toBe(viaPartner.json().leadId);
    // The applicant's link opens their one application.
    const link = new URL(joined.offersUrl);
    const landing = await inject(context.app, { method: "GET", url: link.pathname + link.search });
    expect(cookieIn(landing, "lead")).toBe(direct.leadId);
  });

  it("takes a code only from the partner that made the lead, and only through the partner API", async () => {
    const made = await call("POST", "/leads", {
      body: applicant({ phone: "0711000006", nic: "853400106V" }),
    });
    const { leadId } = made.json();
    const code = codeSentTo(outbox.messages(), "0711000006");
    const byOther = await call("POST", `/leads/${leadId}/verification`, {
      key: keys.otherSecret,
      body: { code },
    });
    expectError(byOther, 404, "unknown_lead");
    // Our pages' endpoint does not take a partner's lead either.
    expect((await enterCode(context.app, leadId, code)).statusCode).toBe(404);
    expectError(
      await call("POST", `/leads/${leadId}/verification/resend`, { key: keys.otherSecret }),
      404,
      "unknown_lead",
    );
    // Nor does the partner API take a lead of our pages.
    const site = await postJsonTo(
      context.app,
      "/api/applications",
      applicant({ phone: "0711000007", nic: "853400107V" }),
    );
    const siteCode = codeSentTo(outbox.messages(), "0711000007");
    expectError(
      await call("POST", `/leads/${site.json().leadId}/verification`, { body: { code: siteCode } }),
      404,
      "unknown_lead",
    );
    // The lead is still waiting, and its own partner's call verifies it.
    expect(
      (await call("POST", `/leads/${leadId}/verification`, { body: { code } })).statusCode,
    ).toBe(200);
  });

  it("counts wrong codes, and sends a new one only after the wait", async () => {
    const made = await call("POST", "/leads", {
      body: applicant({ phone: "0711000008", nic: "853400108V" }),
    });
    const { leadId } = made.json();
    const code = codeSentTo(outbox.messages(), "0711000008");
    const wrong = await call("POST", `/leads/${leadId}/verification`, {
      body: { code: code === "000000" ? "000001" : "000000" },
    });
    expectError(wrong, 400, "wrong_code");
    expect(wrong.json().verification.triesLeft).toBe(4);
    const soon = await call("POST", `/leads/${leadId}/verification/resend`);
    expectError(soon, 429, "resend_too_soon");
    expect(Number(soon.headers["retry-after"])).toBeGreaterThan(0);
    expect(smsCount(outbox.messages(), "0711000008")).toBe(1);
    expectError(
      await call("POST", `/leads/${leadId}/verification`, { body: { code: "12345" } }),
      400,
      "invalid_body",
    );
  });

  it("validates exactly as our form's endpoint does", async () => {
    const bad = applicant({ email: "kamal@", birthDate: "1985-12-06", term: 165, amount: "lots" });
    const ours = await inject(context.app, {
      method: "POST",
      url: "/api/applications",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(bad),
    });
    const theirs = await call("POST", "/leads", { body: bad });
    expect(ours.statusCode).toBe(400);
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json()).toEqual(ours.json());
    expect(Object.keys(theirs.json().error.fields).length).toBeGreaterThanOrEqual(3);
  });

  it("refuses an application naming another partner", async () => {
    const res = await call("POST", "/leads", {
      body: applicant({ phone: "0711000004", nic: "853400104V", partner: "other-partner" }),
    });
    expectError(res, 400, "invalid_application");
    expect(res.json().error.fields).toHaveProperty("partner");
  });
});

describe("GET leads/{id}", () => {
  it("answers the partner's own lead's status without personal data, and 404 to anyone else", async () => {
    const made = await call("POST", "/leads", {
      body: applicant({ phone: "0711000005", nic: "853400105V" }),
    });
    const { leadId } = made.json();
    const before = await call("GET", `/leads/${leadId}`);
    expect(before.json()).toMatchObject({ verified: false, offerIds: [] });
    await verifyLead(leadId, "0711000005");
    const res = await call("GET", `/leads/${leadId}`);
    expect(res.statusCode).toBe(200);
    const lead = leadStatusSchema.parse(res.json());
    expect(Object.keys(res.json()).sort()).toEqual(
      [
        "amount",
        "createdAt",
        "duplicate",
        "leadId",
        "offerIds",
        "status",
        "term",
        "verified",
      ].sort(),
    );
    expect(lead).toMatchObject({ status: "matched", verified: true, duplicate: false });
    for (const text of PERSONAL) expect(res.body.toLowerCase()).not.toContain(text.toLowerCase());

    // The visitor goes to a lender through our click-out: the status follows.
    const offerId = lead.offerIds[0];
    await inject(context.app, {
      method: "GET",
      url: `/go/${offerId}/`,
      headers: { cookie: `lead=${leadId}` },
    });
    expect((await call("GET", `/leads/${leadId}`)).json().status).toBe("clicked");

    expectError(
      await call("GET", `/leads/${leadId}`, { key: keys.otherSecret }),
      404,
      "unknown_lead",
    );
    expectError(await call("GET", "/leads/not-an-id"), 404, "unknown_lead");
    expectError(await call("GET", `/leads/${"A".repeat(22)}`), 404, "unknown_lead");
  });
});

describe("GET stats", () => {
  it("answers every day of the range with the schema's shape", async () => {
    const res = await call("GET", "/stats?from=2026-11-20&to=2026-11-22");
    expect(res.statusCode).toBe(200);
    const stats = statsResponseSchema.parse(res.json());
    expect(stats.days.map((day) => day.date)).toEqual(["2026-11-20", "2026-11-21", "2026-11-22"]);
    expect(stats).toMatchObject({ partnerId: "lanka-deals", timeZone: "Asia/Colombo" });
  });

  it("answers 400 for a reversed, too long or impossible range", async () => {
    expectError(await call("GET", "/stats?from=2026-11-22&to=2026-11-20"), 400, "invalid_query");
    expectError(await call("GET", "/stats?from=2025-01-01&to=2026-11-20"), 400, "invalid_query");
    expectError(await call("GET", "/stats?from=2026-02-29&to=2026-03-01"), 400, "invalid_query");
    expectError(await call("GET", "/stats"), 400, "invalid_query");
  });
});

describe("rate limits", () => {
  it("counts per partner, says so in RateLimit headers, and answers 429 with Retry-After", async () => {
    const { keys: issued } = await createPartner(context.test.storage, {
      id: "busy",
      name: "Busy",
      payoutModel: "lead",
      payoutRupees: 1,
      origins: [],
      postbackUrl: null,
    });
    const url = "/stats?from=2026-11-01&to=2026-11-01";
    const first = await call("GET", url, { key: issued.secretKey });
    expect(first.headers["ratelimit-limit"]).toBe(String(RATE_LIMIT));
    expect(first.headers["ratelimit-policy"]).toBe(`${RATE_LIMIT};w=60`);
    const remaining = Number(first.headers["ratelimit-remaining"]);
    expect(remaining).toBe(RATE_LIMIT - 1);
    const reset = Number(first.headers["ratelimit-reset"]);
    expect(reset).toBeGreaterThanOrEqual(1);
    expect(reset).toBeLessThanOrEqual(60);
    for (let index = 1; index < RATE_LIMIT; index += 1) {
      const res = await call("GET", url, { key: issued.secretKey });
      expect(res.statusCode, `request ${index + 1}`).toBe(200);
    }
    const over = await call("GET", url, { key: issued.secretKey });
    expectError(over, 429, "too_many_requests");
    expect(Number(over.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(over.headers["ratelimit-remaining"]).toBe("0");
    // Another partner has its own count.
    expect((await call("GET", url)).statusCode).toBe(200);
  });
});

describe("the OpenAPI document and the reference", () => {
  it("serves an OpenAPI 3.1 document of the seven operations, the feed's three and the odds without a key", async () => {
    const res = await call("GET", "/openapi.json", { key: null });
    expect(res.statusCode).toBe(200);
    const document = res.json();
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths).sort()).toEqual([
      "/approval-odds",
      "/feed/config",
      "/feed/config/{name}",
      "/feed/leads",
      "/leads",
      "/leads/{id}",
      "/leads/{id}/offers",
      "/leads/{id}/verification",
      "/leads/{id}/verification/resend",
      "/offers",
      "/stats",
    ]);
    expect(document.servers[0].url).toBe("https://nayacompare.test/api/partner/v1");
    const application = document.components.schemas.Application;
    expect(application.required).toEqual(
      expect.arrayContaining(["nic", "phone", "consents", "term"]),
    );
    expect(application.properties.term.enum).toContain(91);
    expect(application.additionalProperties).toBe(false);
    const offersParameters = document.paths["/offers"].get.parameters.map(
      (parameter: { name: string; required: boolean }) => [parameter.name, parameter.required],
    );
    expect(offersParameters).toEqual([
      ["amount", true],
      ["term", true],
      ["lang", false],
    ]);
    expect(document.components.schemas.Offers.properties.offers.items.properties).toHaveProperty(
      "apr",
    );
    // Issue 30: a lead's decisions and offers, waiting for them if asked; told when complete.
    const leadOffersParameters = document.paths["/leads/{id}/offers"].get.parameters.map(
      (parameter: { name: string; required: boolean; schema: Record<string, unknown> }) => [
        parameter.name,
        parameter.required,
      ],
    );
    expect(leadOffersParameters).toEqual([
      ["id", true],
      ["lang", false],
      ["wait", false],
    ]);
    const wait = document.paths["/leads/{id}/offers"].get.parameters.find(
      (parameter: { name: string }) => parameter.name === "wait",
    );
    expect(wait.schema).toMatchObject({ type: "integer", minimum: 0, maximum: 30 });
    const leadOffers = document.components.schemas.LeadOffers;
    expect(Object.keys(leadOffers.properties.decisions.anyOf[0].properties).sort()).toEqual(
      ["answered", "asked", "complete", "deadline", "lenders"].sort(),
    );
    // Issue 36: a lender still to answer may carry its approval odds, with an example.
    const lenderItem = leadOffers.properties.decisions.anyOf[0].properties.lenders.items;
    expect(lenderItem.required).not.toContain("approvalOdds");
    const odds = lenderItem.properties.approvalOdds;
    expect(Object.keys(odds.properties).sort()).toEqual([
      "basis",
      "inTen",
      "likelihood",
      "windowDays",
    ]);
    expect(odds.properties.basis.minimum).toBe(30);
    expect(odds.examples).toEqual([{ inTen: 7, likelihood: "likely", basis: 214, windowDays: 90 }]);
    expect(odds.description).toContain("/approval-odds/");
    expect(Object.keys(document.webhooks).sort()).toEqual(["leadStatus", "offersReady"]);
  });

  it("serves a readable reference page written from it, without scripts", async () => {
    const res = await call("GET", "/reference", { key: null });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["content-security-policy"]).toContain("default-src 'none'");
    for (const text of [
      "GET /offers",
      "POST /leads",
      "POST /leads/{id}/verification",
      "POST /leads/{id}/verification/resend",
      "GET /leads/{id}",
      "GET /leads/{id}/offers",
      "offers?lang=en&amp;wait=10",
      "&quot;preApproved&quot;: true",
      "offers_ready",
      "autocomplete=&quot;one-time-code&quot;",
      "GET /stats",
      "X-Signature",
      "RateLimit-Remaining",
      "monthlyIncome",
      "returnDate",
      "approvalOdds",
      "/en/approval-odds/",
    ]) {
      expect(res.body).toContain(text);
    }
    expect(res.body).not.toContain("<script");
  });
});
