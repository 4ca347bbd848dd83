import { randomUUID } from "node:crypto";
import inject from "light-my-request";
import { describe, expect, it } from "vitest";
import { setUpTestApp } from "../test-support";
import { EVENT_LIMITS } from "./event-limits";
import { countEvents } from "./event-rows";

/**
 * POST /api/event's limits (issue 31, decision 0342): per visitor (client
 * id, session id) and per address (IPv6 by /64), 429 with Retry-After
 * above them and nothing stored; below them, every event is stored.
 */
const defaults = setUpTestApp();
const small = setUpTestApp({
  eventLimits: {
    perVisitor: { limit: 5, windowMs: 60_000 },
    perAddress: { limit: 8, windowMs: 60_000 },
  },
});

const send = (
  app: typeof defaults.app,
  remoteAddress: string,
  ids: { client_id?: string; session_id?: string } = {},
) =>
  inject(app, {
    method: "POST",
    url: "/api/event",
    remoteAddress,
    headers: { "content-type": "text/plain;charset=UTF-8" },
    payload: JSON.stringify({ event_id: 5, sub4: "fieldFilled", sub5: "amount", ...ids }),
  });

describe("POST /api/event's limits", () => {
  it("stores every event of a visitor up to its limit a minute, then answers 429 and stores none", async () => {
    const visitor = { client_id: randomUUID(), session_id: randomUUID() };
    const before = await countEvents(defaults.test.storage.db);
    for (let sent = 0; sent < EVENT_LIMITS.perVisitor.limit; sent++) {
      expect((await send(defaults.app, "198.51.100.7", visitor)).statusCode).toBe(202);
    }
    const over = await send(defaults.app, "198.51.100.7", visitor);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(over.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect(over.headers["access-control-allow-origin"]).toBe("*");
    expect(over.json().error.code).toBe("too_many_requests");
    // The same client id with a new session is still the same visitor.
    const newSession = { ...visitor, session_id: randomUUID() };
    expect((await send(defaults.app, "198.51.100.7", newSession)).statusCode).toBe(429);
    expect(await countEvents(defaults.test.storage.db)).toBe(
      before + EVENT_LIMITS.perVisitor.limit,
    );
    // Another visitor behind the same address is not held back.
    const other = { client_id: randomUUID(), session_id: randomUUID() };
    expect((await send(defaults.app, "198.51.100.7", other)).statusCode).toBe(202);
  });

  it("holds an address to its own limit, whatever visitor ids its events make up", async () => {
    const statuses: number[] = [];
    for (let sent = 0; sent < 10; sent++) {
      const made = { client_id: randomUUID(), session_id: randomUUID() };
      statuses.push((await send(small.app, "203.0.113.50", made)).statusCode);
    }
    expect(statuses).toEqual([...Array(8).fill(202), 429, 429]);
    // Events without ids (cookies refused) count by their address alone.
    expect((await send(small.app, "203.0.113.50")).statusCode).toBe(429);
    expect((await send(small.app, "203.0.113.51")).statusCode).toBe(202);
  });

  it("counts a session id alone as a visitor", async () => {
    const session = { session_id: randomUUID() };
    const statuses: number[] = [];
    for (let sent = 0; sent < 6; sent++) {
      statuses.push((await send(small.app, `192.0.2.${sent + 1}`, session)).statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it("counts every address of an IPv6 /64 as one address", async () => {
    const statuses: number[] = [];
    for (let sent = 0; sent < 9; sent++) {
      statuses.push((await send(small.app, `2001:db8:aa:bb::${sent + 1}`)).statusCode);
    }
    expect(statuses).toEqual([...Array(8).fill(202), 429]);
    expect((await send(small.app, "2001:db8:aa:bc::1")).statusCode).toBe(202);
  });

  it("refuses an invalid event with a 400 before counting it", async () => {
    const address = "198.51.100.99";
    for (let sent = 0; sent < 12; sent++) {
      const res = await inject(small.app, {
        method: "POST",
        url: "/api/event",
        remoteAddress: address,
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ event_id: "not a number" }),
      });
      expect(res.statusCode).toBe(400);
    }
    expect((await send(small.app, address)).statusCode).toBe(202);
  });
});
