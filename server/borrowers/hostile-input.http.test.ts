import fc from "fast-check";
import inject from "light-my-request";
import { describe, expect, it } from "vitest";
import { validApplication } from "../../core/domain/schemas/application.fixtures";
import { boundedRuns, PROPERTY_TEST_TIMEOUT_MS, setUpTestApp } from "../test-support";

/**
 * Issues 5 and 7's "Bad input": every write (the borrower's path, the
 * community) answers a malformed or hostile body with a 4xx and the error
 * envelope, never a 500, and stores nothing. fast-check generates the bodies.
 */
const context = setUpTestApp({ lenderSecrets: new Map([["kandy-lane", "k".repeat(32)]]) });

const WRITES = [
  "/api/applications",
  "/api/postback",
  "/api/unsubscribe",
  "/api/unsubscribe/confirm",
  "/api/comments",
  "/api/reviews",
  "/api/articles/are-you-ready-to-apply-for-personal-loans/rating",
  "/api/offers-link",
] as const;

async function rowCounts(): Promise<string> {
  const db = context.test.storage.db;
  const counts = await Promise.all(
    (
      [
        "leads",
        "clicks",
        "conversions",
        "suppressions",
        "erasure_requests",
        "erasure_confirmations",
        "comments",
        "reviews",
        "article_ratings",
        "landing_tokens",
      ] as const
    ).map(async (table) => (await db.selectFrom(table).selectAll().execute()).length),
  );
  return counts.join(",");
}

async function post(url: string, payload: string, contentType = "application/json") {
  return inject(context.app, {
    method: "POST",
    url,
    headers: { "content-type": contentType },
    payload,
  });
}

function expectEnvelope(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  const body = res.json() as { error?: { code?: unknown; message?: unknown } };
  expect(typeof body.error?.code).toBe("string");
  expect(typeof body.error?.message).toBe("string");
}

/** Keys that have hurt JavaScript servers: prototype pollution, constructor tricks. */
const hostileKey = fc.constantFrom(
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
);

/** Any value in a JSON body, big strings and deep nesting included. */
const jsonValue = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.string({ minLength: 5_000, maxLength: 20_000 }),
  fc.constant("<script>alert(1)</script>"),
);

describe("hostile bodies on every write", { timeout: PROPERTY_TEST_TIMEOUT_MS }, () => {
  it.each(WRITES)(
    "%s answers arbitrary JSON with a 4xx envelope and stores nothing",
    async (url) => {
      const before = await rowCounts();
      await fc.assert(
        fc.asyncProperty(fc.jsonValue({ maxDepth: 5 }), async (value) => {
          // A body that happens to be a valid request is not hostile; none of these can be.
          fc.pre(
            typeof value !== "object" ||
              value === null ||
              Array.isArray(value) ||
              !("email" in value),
          );
          expectEnvelope(await post(url, JSON.stringify(value)));
        }),
        boundedRuns(150),
      );
      expect(await rowCounts()).toBe(before);
    },
  );

  it.each(WRITES)("%s refuses prototype-pollution keys and text that is not JSON", async (url) => {
    const before = await rowCounts();
    await fc.assert(
      fc.asyncProperty(hostileKey, jsonValue, async (key, value) => {
        const body = `{${JSON.stringify(key)}:${JSON.stringify(value)},"email":"a@b.lk"}`;
        expectEnvelope(await post(url, body));
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      boundedRuns(60),
    );
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (text) => {
        fc.pre(!isJsonObject(text));
        expectEnvelope(await post(url, text));
      }),
      boundedRuns(60),
    );
    expectEnvelope(await post(url, `{"a":"${"x".repeat(200_000)}"}`));
    expect(await rowCounts()).toBe(before);
  });
});

describe("POST /api/applications with one field made hostile", {
  timeout: PROPERTY_TEST_TIMEOUT_MS,
}, () => {
  const fields = Object.keys(validApplication) as (keyof typeof validApplication)[];

  it("answers 4xx naming the field (or 413), or 2xx when the value happens to be valid", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...fields), jsonValue, async (field, value) => {
        const before = await rowCounts();
        const res = await post(
          "/api/applications",
          JSON.stringify({ ...validApplication, phone: "0770001111", [field]: value }),
        );
        if (res.statusCode < 300) return;
        expectEnvelope(res);
        // A body over the size limit is refused before anyone reads its fields.
        if (res.statusCode !== 413) {
          expect(Object.keys(res.json().error.fields ?? {}).join(" ")).toContain(field);
        }
        expect(await rowCounts()).toBe(before);
      }),
      boundedRuns(150),
    );
  });

  it("refuses unknown fields, prototype keys among them", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(hostileKey, fc.string({ minLength: 1, maxLength: 40 })),
        jsonValue,
        async (key, value) => {
          fc.pre(!(key in validApplication) && !/^(partner|sub[1-8]|utm_\w+)$/.test(key));
          const before = await rowCounts();
          const body = `${JSON.stringify(validApplication).slice(0, -1)},${JSON.stringify(key)}:${JSON.stringify(value)}}`;
          const res = await post("/api/applications", body);
          expectEnvelope(res);
          expect(await rowCounts()).toBe(before);
        },
      ),
      boundedRuns(100),
    );
  });
});

describe("GET endpoints with hostile queries", { timeout: PROPERTY_TEST_TIMEOUT_MS }, () => {
  it("the lead feed and the click-out never answer 500", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), async (text) => {
        const feed = await inject(context.app, {
          method: "GET",
          url: `/api/feed/leads?lead_id=${encodeURIComponent(text)}&page=all`,
        });
        expect([400, 404]).toContain(feed.statusCode);
        const go = await inject(context.app, {
          method: "GET",
          url: `/go/${encodeURIComponent(text)}/`,
        });
        expect(go.statusCode).toBeLessThan(500);
      }),
      boundedRuns(100),
    );
  });
});

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null;
  } catch {
    return false;
  }
}
