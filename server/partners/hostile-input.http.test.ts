import fc from "fast-check";
import inject from "light-my-request";
import { beforeAll, describe, expect, it } from "vitest";
import { validApplication } from "../../core/domain/schemas/application.fixtures";
import { boundedRuns, PROPERTY_TEST_TIMEOUT_MS, setUpTestApp } from "../test-support";
import { createPartner } from "./partners";

/**
 * Issue 8's endpoints under hostile input, as hostile-input.http.test.ts
 * does for the others: every answer to garbage is a 4xx with the error
 * envelope, never a 500, and stores nothing.
 */
const context = setUpTestApp({ partnerRateLimit: { limit: 100_000, windowMs: 60_000 } });
let secretKey = "";
let publishableKey = "";

beforeAll(async () => {
  const { keys } = await createPartner(context.test.storage, {
    id: "hostile-test",
    name: "Hostile",
    payoutModel: "lead",
    payoutRupees: 1,
    origins: ["https://partner.example"],
    postbackUrl: null,
  });
  secretKey = keys.secretKey;
  publishableKey = keys.publishableKey;
});

function expectEnvelope(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  const body = res.json() as { error?: { code?: unknown; message?: unknown } };
  expect(typeof body.error?.code).toBe("string");
  expect(typeof body.error?.message).toBe("string");
}

async function leadCount(): Promise<number> {
  return (await context.test.storage.db.selectFrom("leads").select("id").execute()).length;
}

const postLead = (payload: string) =>
  inject(context.app, {
    method: "POST",
    url: "/api/partner/v1/leads",
    headers: { authorization: `Bearer ${secretKey}`, "content-type": "application/json" },
    payload,
  });

const hostileKey = fc.constantFrom("__proto__", "constructor", "prototype", "toString");
const jsonValue = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.string({ minLength: 5_000, maxLength: 20_000 }),
  fc.constant("<script>alert(1)</script>"),
);

describe("POST /api/partner/v1/leads with hostile bodies", {
  timeout: PROPERTY_TEST_TIMEOUT_MS,
}, () => {
  it("answers arbitrary JSON with a 4xx envelope and stores nothing", async () => {
    const before = await leadCount();
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 5 }), async (value) => {
        expectEnvelope(await postLead(JSON.stringify(value)));
      }),
      boundedRuns(150),
    );
    expect(await leadCount()).toBe(before);
  });

  it("answers one hostile field, prototype keys and non-JSON with a 4xx, or 2xx when valid", async () => {
    const before = await leadCount();
    const fields = Object.keys(validApplication);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(...fields), hostileKey),
        jsonValue,
        async (field, value) => {
          const body = `${JSON.stringify({ ...validApplication, phone: "0770009999" }).slice(0, -1)},${JSON.stringify(field)}:${JSON.stringify(value)}}`;
          const res = await postLead(body);
          if (res.statusCode < 300) return;
          expectEnvelope(res);
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        },
      ),
      boundedRuns(150),
    );
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (text) => {
        fc.pre(!/^\s*[[{]/.test(text));
        expectEnvelope(await postLead(text));
      }),
      boundedRuns(60),
    );
    expectEnvelope(await postLead(`{"a":"${"x".repeat(200_000)}"}`));
    // Only a valid application may have made a lead: at most the one phone above.
    expect(await leadCount()).toBeLessThanOrEqual(before + 1);
  });
});

describe("GET endpoints of the partner API with hostile queries and keys", {
  timeout: PROPERTY_TEST_TIMEOUT_MS,
}, () => {
  it("never answer 500", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/offers", "/stats", "/leads/", "/leads"),
        fc.string({ maxLength: 200 }),
        fc.string({ maxLength: 200 }),
        async (path, name, value) => {
          const query =
            path === "/leads/"
              ? encodeURIComponent(value)
              : `?${encodeURIComponent(name)}=${encodeURIComponent(value)}&amount=${encodeURIComponent(value)}&from=${encodeURIComponent(value)}`;
          const res = await inject(context.app, {
            method: "GET",
            url: `/api/partner/v1${path}${query}`,
            headers: { authorization: `Bearer ${secretKey}` },
          });
          expect(res.statusCode).toBeLessThan(500);
          if (res.statusCode >= 400) expectEnvelope(res);
        },
      ),
      boundedRuns(200),
    );
  });

  it("answer any Authorization header with 401 or 403, never 500", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (header) => {
        fc.pre(!header.includes(secretKey));
        const res = await inject(context.app, {
          method: "GET",
          url: "/api/partner/v1/offers?amount=50000&term=91",
          // Header values are sent as bytes; keep them to what HTTP allows.
          headers: { authorization: header.replace(/[^\t\x20-\x7e]/g, "") },
        });
        expectEnvelope(res);
        expect(res.statusCode).toBe(401);
      }),
      boundedRuns(150),
    );
  });

  it("answer any publishable key and origin on the feed with 200, 401 or 403, never 500", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 100 }), fc.constant(publishableKey)),
        fc.oneof(fc.webUrl(), fc.constant("https://partner.example"), fc.constant("null")),
        async (key, origin) => {
          const res = await inject(context.app, {
            method: "GET",
            url: `/api/feed/config/lk?key=${encodeURIComponent(key)}`,
            headers: { origin },
          });
          expect([200, 401, 403]).toContain(res.statusCode);
          if (res.statusCode !== 200) expectEnvelope(res);
        },
      ),
      boundedRuns(150),
    );
  });
});
