import inject from "light-my-request";
import { beforeAll, describe, expect, it } from "vitest";
import { setUpTestApp } from "../test-support";
import { createPartner } from "./partners";

/**
 * Issue 8: a partner's publishable key on the public feed and event
 * endpoints, as the widget sends it (query `key`, since sendBeacon cannot
 * set headers, or X-Publishable-Key). Without a key nothing changes.
 */
const context = setUpTestApp();
const ORIGIN = "https://lankadeals.lk";
let publishableKey = "";
let secretKey = "";

beforeAll(async () => {
  const { keys } = await createPartner(context.test.storage, {
    id: "lanka-deals",
    name: "Lanka Deals",
    payoutModel: "lead",
    payoutRupees: 400,
    origins: [ORIGIN, "http://localhost:8080"],
    postbackUrl: null,
  });
  publishableKey = keys.publishableKey;
  secretKey = keys.secretKey;
});

async function get(url: string, headers: Record<string, string> = {}) {
  return inject(context.app, { method: "GET", url, headers });
}

async function sendEvent(url: string, headers: Record<string, string> = {}) {
  return inject(context.app, {
    method: "POST",
    url,
    headers: { "content-type": "text/plain;charset=UTF-8", ...headers },
    payload: JSON.stringify({ event_id: 5, sub1: "pk-test" }),
  });
}

async function storedEvents(): Promise<number> {
  await context.events.flush();
  return (await context.test.storage.db.selectFrom("events").select("id").execute()).length;
}

describe("the feed with a publishable key", () => {
  it("answers as today from a registered origin, by query or by header", async () => {
    const plain = await get("/api/feed/config/lk");
    const byQuery = await get(`/api/feed/config/lk?key=${publishableKey}`, { origin: ORIGIN });
    const byHeader = await get("/api/feed/config/lk", {
      origin: "http://localhost:8080",
      "x-publishable-key": publishableKey,
    });
    expect([plain.statusCode, byQuery.statusCode, byHeader.statusCode]).toEqual([200, 200, 200]);
    expect(byQuery.body).toBe(plain.body);
    expect(byHeader.body).toBe(plain.body);
    expect(byQuery.headers.vary).toMatch(/Origin/);
    expect(byQuery.headers["access-control-allow-origin"]).toBe("*");
  });

  it("answers 403 from an unregistered origin or without one, and 401 for an unknown key", async () => {
    for (const headers of [{ origin: "https://evil.example" }, { origin: "null" }, {}]) {
      const res = await get(`/api/feed/config/lk?key=${publishableKey}`, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe("origin_not_allowed");
      // The widget can read why.
      expect(res.headers["access-control-allow-origin"]).toBe("*");
    }
    const leads = await get(`/api/feed/leads?lead_id=x&key=${publishableKey}`, {
      origin: "https://evil.example",
    });
    expect(leads.statusCode).toBe(403);
    for (const key of ["pk_unknown", secretKey, ""]) {
      const res = await get(`/api/feed/config/lk?key=${encodeURIComponent(key)}`, {
        origin: ORIGIN,
      });
      expect(res.statusCode, key).toBe(401);
      expect(res.json().error.code).toBe("invalid_key");
    }
    const twice = await get(`/api/feed/config/lk?key=${publishableKey}&key=${publishableKey}`, {
      origin: ORIGIN,
    });
    expect(twice.statusCode).toBe(401);
  });

  it("answers the preflight of a request with X-Publishable-Key", async () => {
    const res = await inject(context.app, {
      method: "OPTIONS",
      url: "/api/feed/config/lk",
      headers: {
        origin: ORIGIN,
        "access-control-request-method": "GET",
        "access-control-request-headers": "x-publishable-key",
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers["access-control-allow-headers"]).toMatch(/X-Publishable-Key/i);
    expect(res.headers["access-control-allow-origin"]).toBe("*");
  });
});

describe("events with a publishable key", () => {
  it("takes the event from a registered origin, refuses it from another, and stores nothing then", async () => {
    const before = await storedEvents();
    const accepted = await sendEvent(`/api/event?key=${publishableKey}`, { origin: ORIGIN });
    expect(accepted.statusCode).toBe(202);
    expect(await storedEvents()).toBe(before + 1);
    // The event counts for the key's partner.
    const stored = await context.test.storage.db
      .selectFrom("events")
      .select("attribution")
      .where("id", "=", accepted.json().id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.attribution)).toMatchObject({ partner: "lanka-deals" });

    const refused = await sendEvent(`/api/event?key=${publishableKey}`, {
      origin: "https://evil.example",
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("origin_not_allowed");
    const unknown = await sendEvent("/api/event", {
      origin: ORIGIN,
      "x-publishable-key": "pk_nope",
    });
    expect(unknown.statusCode).toBe(401);
    expect(await storedEvents()).toBe(before + 1);
  });

  it("behaves exactly as before without a key", async () => {
    const before = await storedEvents();
    const res = await sendEvent("/api/event", { origin: "https://anyone.example" });
    expect(res.statusCode).toBe(202);
    // Events are readable from any page with or without a key (issue 6).
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(await storedEvents()).toBe(before + 1);
  });
});
