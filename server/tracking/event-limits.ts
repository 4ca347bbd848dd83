import type { Request, Response } from "express";
import type { TrackingEvent } from "../../core/domain/schemas/event";
import { clientAddressOf } from "../http/client-address";
import { type RateLimitRule, type RateLimitStore, rateLimitCheck } from "../http/rate-limit";

/** Events a minute one visitor (client id, and its session) and one address may send (0342). */
export interface EventLimits {
  perVisitor: RateLimitRule;
  perAddress: RateLimitRule;
}

/**
 * What an ordinary page never meets: a page view per navigation and a few
 * events per form field come to a few dozen a minute at the busiest (the
 * application form typed through at speed); 300 is five events a second
 * for a whole minute, which not even a test robot walking every page with
 * one browser reaches. An address is looser, as a carrier's NAT puts many
 * visitors behind one: 1,200 a minute.
 */
export const EVENT_LIMITS: EventLimits = {
  perVisitor: { limit: 300, windowMs: 60_000 },
  perAddress: { limit: 1_200, windowMs: 60_000 },
};

/**
 * The check of POST /api/event, after its body is parsed (res.locals.body):
 * per address (IPv6 by /64), per client id and per session id; over any,
 * 429 with Retry-After and nothing stored. Counted in this process's
 * memory, never in storage: a write per event would undo the group commit
 * that stores thousands a second (0265). Addresses count apart from the
 * visitor ids a client makes up, so a flood of new ids cannot push its
 * address's count out of memory.
 */
export function eventLimitCheck({
  limits = EVENT_LIMITS,
  addresses,
  visitors,
}: {
  limits?: EventLimits | undefined;
  addresses: RateLimitStore;
  visitors: RateLimitStore;
}): (req: Request, res: Response) => Promise<boolean> {
  const event = (res: Response) => res.locals.body as TrackingEvent;
  return rateLimitCheck({
    store: visitors,
    name: "event",
    rules: [
      { ...limits.perAddress, store: addresses, keyOf: (req) => clientAddressOf(req) },
      { ...limits.perVisitor, keyOf: (_req, res) => event(res).client_id },
      { ...limits.perVisitor, keyOf: (_req, res) => event(res).session_id },
    ],
  });
}
