import { isIP } from "node:net";
import express, { Router } from "express";
import { z } from "zod";
import { readCookie } from "../http/cookies";
import { sendError, validateBody } from "../http/errors";
import { findLead } from "../services/leads";
import { type PushSubscriptionInput, subscribeToLead, unsubscribeEndpoint } from "../services/push";
import type { Storage } from "../storage/database";
import { LEAD_COOKIE } from "./applications";

/**
 * A push service's address: https, a host name (no IP address, no
 * localhost). We post to it later, so it must not be a way into our own
 * network.
 */
const endpoint = z
  .url({ protocol: /^https$/, hostname: z.regexes.domain })
  .max(2000)
  .refine((value) => {
    const host = new URL(value).hostname;
    return isIP(host) === 0 && host !== "localhost" && !host.endsWith(".localhost");
  }, "must be a push service's https address");

const base64url = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+=*$/, "must be base64url")
    .refine((value) => Buffer.from(value, "base64url").length === bytes, `must be ${bytes} bytes`);

const subscriptionSchema = z.object({
  endpoint,
  // A browser's PushSubscription.toJSON() also has expirationTime: taken, not kept.
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({ p256dh: base64url(65), auth: base64url(16) }),
  locale: z.enum(["si", "en"]),
});

/**
 * POST /api/push/subscriptions: the browser that applied (the `lead`
 * cookie) asks to hear about its application's status; 201, or 409 when it
 * has no application. DELETE with `{ endpoint }` forgets a subscription.
 */
export function pushRouter(storage: Storage): Router {
  const router = Router();
  router.post(
    "/push/subscriptions",
    express.json({ limit: "4kb" }),
    validateBody(subscriptionSchema),
    async (req, res) => {
      const lead = await findLead(storage, readCookie(req.headers.cookie, LEAD_COOKIE) ?? "");
      if (!lead) {
        sendError(res, 409, "no_application", "There is no application to send news about.");
        return;
      }
      const { endpoint: address, keys, locale } = res.locals.body as PushSubscriptionInput;
      await subscribeToLead(storage, lead.leadId, { endpoint: address, keys, locale });
      res.setHeader("Cache-Control", "no-store");
      res.status(201).json({ subscribed: true });
    },
  );
  router.delete(
    "/push/subscriptions",
    express.json({ limit: "4kb" }),
    validateBody(z.strictObject({ endpoint })),
    async (_req, res) => {
      await unsubscribeEndpoint(storage, (res.locals.body as { endpoint: string }).endpoint);
      res.status(204).end();
    },
  );
  return router;
}
