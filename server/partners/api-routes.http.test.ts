import inject from "light-my-request";
import { beforeAll, describe, expect, it } from "vitest";
import { quoteLoan } from "../../core/loan";
import { validApplication } from "../../core/schemas/application.fixtures";
import { loadCatalogues } from "../lenders/catalogue";
import { setUpTestApp } from "../test-support";
import {
  leadCreatedSchema,
  leadStatusSchema,
  offersResponseSchema,
  statsResponseSchema,
} from "./api-schemas";
import { createPartner, rotateKeys, setPartnerDisabled } from "./partners";

const RATE_LIMIT = 40;
const context = setUpTestApp({ partnerRateLimit: { limit: RATE_LIMIT, windowMs: 60_000 } });
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
    const rotated = await rotateKeys(context.test.storage, "short-lived", ["secret"]);
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
    await setPartnerDisabled(context.test.storage, "short-lived", true);
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
  it("answers the offers for the loan, ranked by header, each priced from its own terms", async () => {
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
    const headers = body.offers.map((offer) => offer.header.toLowerCase());
    expect(headers).toEqual([...headers].sort());
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

describe("POST leads", () => {
  it("makes a lead of the partner and answers its id, its matched offers and the offers link", async () => {
    const res = await call("POST", "/leads?lang=en", {
      body: applicant({ phone: "0711000001", nic: "853400101V" }),
    });
    expect(res.statusCode).toBe(201);
    const body = leadCreatedSchema.parse(res.json());
    expect(body.status).toBe("matched");
    expect(body.duplicate).toBe(false);
    expect(body.offersUrl).toBe(`https://nayacompare.test/en/landing/offers/?token=${body.leadId}`);
    const row = await context.test.storage.db
      .selectFrom("leads")
      .select(["partner_id", "offer_ids", "attribution"])
      .where("id", "=", body.leadId)
      .executeTakeFirstOrThrow();
    expect(row.partner_id).toBe("lanka-deals");
    expect(JSON.parse(row.attribution)).toMatchObject({
      partner: "lanka-deals",
      sub1: "pk-campaign",
    });
    expect(body.offers.map((offer) => offer.offerId).sort()).toEqual(
      (JSON.parse(row.offer_ids) as number[]).sort(),
    );
    expect(body.offers.every((offer) => offer.applyUrl === undefined)).toBe(true);
    for (const text of PERSONAL) expect(res.body.toLowerCase()).not.toContain(text.toLowerCase());
  });

  it("answers 200 and the same lead for the same applicant again, 409 for another's applicant", async () => {
    const first = await call("POST", "/leads", {
      body: applicant({ phone: "0711000002", nic: "853400102V" }),
    });
    const again = await call("POST", "/leads", {
      body: applicant({ phone: "0711000002", nic: "853400102V" }),
    });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ leadId: first.json().leadId, duplicate: true });

    const direct = await inject(context.app, {
      method: "POST",
      url: "/api/applications",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(applicant({ phone: "0711000003", nic: "853400103V" })),
    });
    expect(direct.statusCode).toBe(201);
    const viaPartner = await call("POST", "/leads", {
      body: applicant({ phone: "0711000003", nic: "853400103V" }),
    });
    expectError(viaPartner, 409, "duplicate_application");
    expect(viaPartner.body).not.toContain(direct.json().leadId);
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
    const res = await call("GET", `/leads/${leadId}`);
    expect(res.statusCode).toBe(200);
    const lead = leadStatusSchema.parse(res.json());
    expect(Object.keys(res.json()).sort()).toEqual(
      ["amount", "createdAt", "leadId", "offerIds", "status", "term"].sort(),
    );
    expect(lead.status).toBe("matched");
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
  it("serves an OpenAPI 3.1 document of the four operations without a key", async () => {
    const res = await call("GET", "/openapi.json", { key: null });
    expect(res.statusCode).toBe(200);
    const document = res.json();
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths).sort()).toEqual([
      "/leads",
      "/leads/{id}",
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
  });

  it("serves a readable reference page written from it, without scripts", async () => {
    const res = await call("GET", "/reference", { key: null });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["content-security-policy"]).toContain("default-src 'none'");
    for (const text of [
      "GET /offers",
      "POST /leads",
      "GET /leads/{id}",
      "GET /stats",
      "X-Signature",
      "RateLimit-Remaining",
      "monthlyIncome",
      "returnDate",
    ]) {
      expect(res.body).toContain(text);
    }
    expect(res.body).not.toContain("<script");
  });
});
