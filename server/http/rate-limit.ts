import type { Request, RequestHandler, Response } from "express";
import { sendError } from "./errors";

export interface RateLimit {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

export interface RateLimiterOptions {
  /** Per visitor (their client id cookie). */
  perVisitor: RateLimit;
  /** Per IP address: several visitors behind one mobile carrier's NAT share it, so it is looser. */
  perIp: RateLimit;
  /** What the limits are about, in the log and the error. */
  name: string;
  visitorOf(req: Request): string | undefined;
  now?: () => number;
}

/** Keys we keep before forgetting the oldest windows: bounded memory under a flood. */
const MAX_KEYS = 50_000;

/**
 * Fixed-window counters in memory, per visitor and per IP. A flood answers
 * 429 with Retry-After (seconds to the end of the window). One process
 * only: with several instances each counts its own (the partner API's
 * limits are in storage instead, http/shared-rate-limit.ts). The check
 * answers whether the request may go on; when not, the 429 is sent.
 */
export function rateLimitCheck(
  options: RateLimiterOptions,
): (req: Request, res: Response) => boolean {
  const { perVisitor, perIp, name, visitorOf, now = Date.now } = options;
  const windows = new Map<string, { count: number; resetAt: number }>();

  const hit = (key: string, rule: RateLimit): number | undefined => {
    const time = now();
    let window = windows.get(key);
    if (!window || window.resetAt <= time) {
      if (windows.size >= MAX_KEYS) {
        for (const [candidate, entry] of windows) {
          if (entry.resetAt <= time) windows.delete(candidate);
        }
        if (windows.size >= MAX_KEYS) windows.clear();
      }
      window = { count: 0, resetAt: time + rule.windowMs };
      windows.set(key, window);
    }
    window.count += 1;
    return window.count > rule.limit ? window.resetAt - time : undefined;
  };

  return (req, res) => {
    const visitor = visitorOf(req);
    const waits = [
      hit(`ip:${req.ip ?? "unknown"}`, perIp),
      visitor ? hit(`visitor:${visitor}`, perVisitor) : undefined,
    ].filter((wait) => wait !== undefined);
    if (waits.length === 0) return true;
    res.setHeader("Retry-After", String(Math.ceil(Math.max(...waits) / 1000)));
    sendError(res, 429, "too_many_requests", `Too many ${name} requests; try again later.`);
    return false;
  };
}

/** The same check as a middleware. */
export function rateLimiter(options: RateLimiterOptions): RequestHandler {
  const check = rateLimitCheck(options);
  return (req, res, next) => {
    if (check(req, res)) next();
  };
}
