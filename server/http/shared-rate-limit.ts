import type { RequestHandler, Response } from "express";
import { sql } from "kysely";
import type { Storage } from "../storage/database";
import { sendError } from "./errors";

export interface SharedRateLimit {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Milliseconds until the window ends. */
  resetMs: number;
  allowed: boolean;
}

/** Every this many hits, a process deletes the windows that are over. */
const CLEANUP_EVERY = 200;

/**
 * Fixed windows counted in storage (table rate_limits), aligned on the
 * epoch so that every server instance agrees where a window starts. One
 * atomic upsert per hit (INSERT … ON CONFLICT DO UPDATE … RETURNING): on
 * PostgreSQL several instances share one count without a lost update; on
 * SQLite the same statement serializes within the file.
 */
export function sharedRateLimiter(storage: Storage, rule: SharedRateLimit) {
  let hits = 0;
  return async function hit(key: string, now: number = Date.now()): Promise<RateLimitState> {
    const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
    const row = await storage.db
      .insertInto("rate_limits")
      .values({ key, window_start: windowStart, count: 1 })
      .onConflict((conflict) =>
        conflict
          .columns(["key", "window_start"])
          .doUpdateSet({ count: sql<number>`rate_limits.count + 1` }),
      )
      .returning("count")
      .executeTakeFirstOrThrow();
    hits += 1;
    if (hits % CLEANUP_EVERY === 0) {
      await storage.db.deleteFrom("rate_limits").where("window_start", "<", windowStart).execute();
    }
    const count = Number(row.count);
    return {
      limit: rule.limit,
      remaining: Math.max(0, rule.limit - count),
      resetMs: windowStart + rule.windowMs - now,
      allowed: count <= rule.limit,
    };
  };
}

/**
 * The IETF draft's headers as most clients read them today
 * (draft-ietf-httpapi-ratelimit-headers-06): RateLimit-Limit,
 * RateLimit-Remaining, RateLimit-Reset (seconds), and RateLimit-Policy.
 */
export function setRateLimitHeaders(res: Response, state: RateLimitState, windowMs: number): void {
  const resetSeconds = Math.max(1, Math.ceil(state.resetMs / 1000));
  res.setHeader("RateLimit-Limit", String(state.limit));
  res.setHeader("RateLimit-Remaining", String(state.remaining));
  res.setHeader("RateLimit-Reset", String(resetSeconds));
  res.setHeader("RateLimit-Policy", `${state.limit};w=${Math.round(windowMs / 1000)}`);
}

/** A middleware limiting by the key that keyOf gives (a partner's id); 429 with Retry-After. */
export function sharedRateLimit(
  storage: Storage,
  rule: SharedRateLimit,
  keyOf: (res: Response) => string,
  now: () => number = Date.now,
): RequestHandler {
  const hit = sharedRateLimiter(storage, rule);
  return async (_req, res, next) => {
    const state = await hit(keyOf(res), now());
    setRateLimitHeaders(res, state, rule.windowMs);
    if (!state.allowed) {
      res.setHeader("Retry-After", String(Math.max(1, Math.ceil(state.resetMs / 1000))));
      sendError(res, 429, "too_many_requests", "Too many requests for this key; try again later.");
      return;
    }
    next();
  };
}
