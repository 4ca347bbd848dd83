import type { Request, RequestHandler, Response } from "express";
import { sql } from "kysely";
import type { Storage } from "../storage/database";
import { clientAddressOf } from "./client-address";
import { sendError } from "./errors";

/** Requests allowed per window. */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

/** A key's count in its current window, this hit included. */
export interface WindowCount {
  count: number;
  /** Milliseconds until the window ends. */
  resetMs: number;
}

/**
 * Where counts live: one process's memory, or storage that every instance
 * shares. A store counts fixed windows; each decides where a window starts.
 */
export interface RateLimitStore {
  hit(key: string, windowMs: number, now: number): Promise<WindowCount>;
}

/** Keys a memory store keeps before it forgets the oldest windows: bounded memory under a flood. */
const MAX_KEYS = 50_000;

/**
 * Counts in this process only: a window starts at a key's first hit. With
 * several instances each counts its own, so a limit is per instance. At
 * its bound it forgets the windows that are over and, if every one is
 * still running, the tenth that began first (the map keeps windows in the
 * order they began): a flood of new keys costs the oldest counts, never
 * every count at once.
 */
export function memoryRateLimitStore(maxKeys = MAX_KEYS): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const makeRoom = (now: number) => {
    for (const [candidate, entry] of windows) {
      if (entry.resetAt <= now) windows.delete(candidate);
    }
    let extra = windows.size - Math.floor(maxKeys * 0.9);
    for (const candidate of windows.keys()) {
      if (extra-- <= 0) break;
      windows.delete(candidate);
    }
  };
  return {
    async hit(key, windowMs, now) {
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        // A new window goes to the end, so the order stays the order windows began.
        if (window) windows.delete(key);
        if (windows.size >= maxKeys) makeRoom(now);
        window = { count: 0, resetAt: now + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, resetMs: window.resetAt - now };
    },
  };
}

/** Every this many hits, a storage store deletes the windows that are over. */
const CLEANUP_EVERY = 200;

/**
 * The longest window a storage store counts. Rows do not say how long
 * their window is, so the clean-up deletes only windows that began longer
 * ago than this: they are over whatever their length (a day's count must
 * survive the clean-up an hourly hit runs).
 */
export const MAX_STORED_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Counts in storage (table rate_limits), in windows aligned on the epoch so
 * that every server instance agrees where a window starts. One atomic
 * upsert per hit (INSERT … ON CONFLICT DO UPDATE … RETURNING): on
 * PostgreSQL several instances share one count without a lost update; on
 * SQLite the same statement serializes within the file.
 */
export function storageRateLimitStore(storage: Storage): RateLimitStore {
  let hits = 0;
  return {
    async hit(key, windowMs, now) {
      if (windowMs > MAX_STORED_WINDOW_MS) {
        throw new Error(`A stored rate-limit window is at most a day, not ${windowMs} ms`);
      }
      const windowStart = Math.floor(now / windowMs) * windowMs;
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
        await storage.db
          .deleteFrom("rate_limits")
          .where("window_start", "<", now - MAX_STORED_WINDOW_MS)
          .execute();
      }
      return { count: Number(row.count), resetMs: windowStart + windowMs - now };
    },
  };
}

/** A rule applied to one key of a request (a visitor, an IP address, a partner). */
export interface KeyedRule extends RateLimitRule {
  /** What the rule counts by; undefined skips the rule for this request. */
  keyOf(req: Request, res: Response): string | undefined;
  /**
   * Where this rule counts, when not in the check's store: a rule whose keys
   * a client can make up (visitor ids) kept apart from one whose keys it
   * cannot (addresses), so a flood of made-up keys never pushes the others out.
   */
  store?: RateLimitStore;
}

export interface RateLimitOptions {
  store: RateLimitStore;
  /** What the limits are about: it prefixes every key and names the limit in the error. */
  name: string;
  rules: readonly KeyedRule[];
  /** Send the RateLimit-* headers of the first rule (the partner API does). */
  headers?: boolean;
  now?: () => number;
  /**
   * Answers a request over a limit (Retry-After is set already); the 429 envelope unless
   * given. A plain form post gets its page back instead (the unsubscribe page).
   */
  onLimited?: (req: Request, res: Response, retryAfterSeconds: number) => void;
}

/**
 * The IETF draft's headers as most clients read them today
 * (draft-ietf-httpapi-ratelimit-headers-06): RateLimit-Limit,
 * RateLimit-Remaining, RateLimit-Reset (seconds), and RateLimit-Policy.
 */
function setRateLimitHeaders(res: Response, rule: RateLimitRule, counted: WindowCount): void {
  res.setHeader("RateLimit-Limit", String(rule.limit));
  res.setHeader("RateLimit-Remaining", String(Math.max(0, rule.limit - counted.count)));
  res.setHeader("RateLimit-Reset", String(Math.max(1, Math.ceil(counted.resetMs / 1000))));
  res.setHeader("RateLimit-Policy", `${rule.limit};w=${Math.round(rule.windowMs / 1000)}`);
}

/**
 * Counts a request against every rule whose key it has; over any limit it
 * answers 429 with Retry-After (the longest wait of the rules it is over)
 * and the check answers false. Every rule is counted, even once one is
 * over, so a flood cannot slip past one limit by tripping another.
 */
export function rateLimitCheck(options: RateLimitOptions) {
  const { store, name, rules, headers = false, now = Date.now, onLimited } = options;
  return async (req: Request, res: Response): Promise<boolean> => {
    const time = now();
    const waits: number[] = [];
    for (const [index, rule] of rules.entries()) {
      const key = rule.keyOf(req, res);
      if (key === undefined) continue;
      const counted = await (rule.store ?? store).hit(
        `${name}:${index}:${key}`,
        rule.windowMs,
        time,
      );
      if (headers && index === 0) setRateLimitHeaders(res, rule, counted);
      if (counted.count > rule.limit) waits.push(counted.resetMs);
    }
    if (waits.length === 0) return true;
    const retryAfter = Math.max(1, Math.ceil(Math.max(...waits) / 1000));
    res.setHeader("Retry-After", String(retryAfter));
    if (onLimited) onLimited(req, res, retryAfter);
    else sendError(res, 429, "too_many_requests", `Too many ${name} requests; try again later.`);
    return false;
  };
}

/** The same check as a middleware. */
export function rateLimit(options: RateLimitOptions): RequestHandler {
  const check = rateLimitCheck(options);
  return async (req, res, next) => {
    if (await check(req, res)) next();
  };
}

/** Per visitor (their client id cookie) and, looser, per IP address (a carrier's NAT shares one). */
export function visitorAndIpRules(
  visitorOf: (req: Request) => string | undefined,
  perVisitor: RateLimitRule,
  perIp: RateLimitRule,
): KeyedRule[] {
  return [
    { ...perIp, keyOf: (req) => `ip:${clientAddressOf(req)}` },
    { ...perVisitor, keyOf: (req) => visitorOf(req) },
  ];
}
