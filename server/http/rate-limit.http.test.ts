import express from "express";
import { inject } from "light-my-request";
import { describe, expect, it } from "vitest";
import { memoryRateLimitStore, rateLimit, visitorAndIpRules } from "./rate-limit";

describe("the memory rate-limit store", () => {
  it("counts a key's hits in a window that starts at its first hit", async () => {
    const store = memoryRateLimitStore();
    expect(await store.hit("a", 60_000, 1_000)).toEqual({ count: 1, resetMs: 60_000 });
    expect(await store.hit("a", 60_000, 31_000)).toEqual({ count: 2, resetMs: 30_000 });
    expect(await store.hit("b", 60_000, 31_000)).toEqual({ count: 1, resetMs: 60_000 });
    expect(await store.hit("a", 60_000, 61_000)).toEqual({ count: 1, resetMs: 60_000 });
  });

  it("forgets windows that are over before it grows past its bound", async () => {
    const store = memoryRateLimitStore(2);
    await store.hit("a", 1_000, 0);
    await store.hit("b", 1_000, 0);
    await store.hit("a", 1_000, 500);
    // "a" and "b" are over at 1,000: a third key makes room by dropping them.
    expect(await store.hit("c", 1_000, 1_000)).toEqual({ count: 1, resetMs: 1_000 });
    expect(await store.hit("a", 1_000, 1_000)).toEqual({ count: 1, resetMs: 1_000 });
  });

  it("forgets the tenth of running windows that began first, not every count, when all run", async () => {
    const store = memoryRateLimitStore(10);
    await store.hit("k0", 10, 0);
    for (let key = 1; key < 10; key++) await store.hit(`k${key}`, 60_000, key);
    // k0's window is over and begins again: it goes to the end, the newest.
    await store.hit("k0", 60_000, 100);
    expect(await store.hit("k10", 60_000, 200)).toEqual({ count: 1, resetMs: 60_000 });
    // k2 and k0 kept their counts; k1, the oldest, was forgotten.
    expect((await store.hit("k2", 60_000, 300)).count).toBe(2);
    expect((await store.hit("k0", 60_000, 300)).count).toBe(2);
    expect((await store.hit("k1", 60_000, 300)).count).toBe(1);
  });
});

describe("rateLimit", () => {
  /** An app whose one route is limited to 2 a minute per IP and 1 per visitor header. */
  function limitedApp(now: () => number) {
    const app = express();
    app.set("trust proxy", "loopback");
    app.use(
      rateLimit({
        store: memoryRateLimitStore(),
        name: "test",
        rules: [
          { limit: 2, windowMs: 60_000, keyOf: (req) => req.ip },
          { limit: 1, windowMs: 60_000, keyOf: (req) => req.get("x-visitor") },
        ],
        headers: true,
        now,
      }),
    );
    app.get("/", (_req, res) => {
      res.send("ok");
    });
    return app;
  }
  const get = (app: express.Express, headers: Record<string, string> = {}) =>
    inject(app, { method: "GET", url: "/", headers });

  it("answers 429 with Retry-After and the error envelope over a limit", async () => {
    let time = 0;
    const app = limitedApp(() => time);
    expect((await get(app)).statusCode).toBe(200);
    time = 15_000;
    const second = await get(app);
    expect(second.statusCode).toBe(200);
    expect(second.headers["ratelimit-remaining"]).toBe("0");
    const third = await get(app);
    expect(third.statusCode).toBe(429);
    expect(third.headers["retry-after"]).toBe("45");
    expect(third.json()).toEqual({
      error: { code: "too_many_requests", message: "Too many test requests; try again later." },
    });
    time = 60_000;
    expect((await get(app)).statusCode).toBe(200);
  });

  it("applies a rule only to requests that have its key, and every rule counts", async () => {
    const app = limitedApp(() => 0);
    expect((await get(app, { "x-visitor": "v1" })).statusCode).toBe(200);
    // Over the visitor's limit of 1; the IP's hit still counts (2 of 2).
    expect((await get(app, { "x-visitor": "v1" })).statusCode).toBe(429);
    expect((await get(app)).statusCode).toBe(429);
  });

  it("counts every address of an IPv6 /64 as one client, and an IPv4-mapped one as IPv4", async () => {
    const app = express();
    app.use(
      rateLimit({
        store: memoryRateLimitStore(),
        name: "test",
        rules: visitorAndIpRules(
          () => undefined,
          { limit: 100, windowMs: 60_000 },
          { limit: 2, windowMs: 60_000 },
        ),
        now: () => 0,
      }),
    );
    app.get("/", (_req, res) => {
      res.send("ok");
    });
    const from = async (remoteAddress: string) =>
      (await inject(app, { method: "GET", url: "/", remoteAddress })).statusCode;
    expect(await from("2001:db8:1:2::1")).toBe(200);
    expect(await from("2001:db8:1:2::2")).toBe(200);
    // A third address of the same /64 is the same client, over its limit.
    expect(await from("2001:db8:1:2:dead:beef:0:1")).toBe(429);
    expect(await from("2001:db8:1:3::1")).toBe(200);
    expect(await from("203.0.113.9")).toBe(200);
    expect(await from("::ffff:203.0.113.9")).toBe(200);
    expect(await from("::ffff:cb00:7109")).toBe(429);
  });
});
