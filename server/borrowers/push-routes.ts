import express, { Router } from "express";
import { z } from "zod";
import { localeSchema } from "../../core/locale";
import { sendError } from "../http/errors";
import { leadIdOf } from "../http/lead-cookie";
import { validateBody } from "../http/parse";
import type { Storage } from "../storage/database";
import { findLead } from "./leads";
import { type PushSubscriptionInput, subscribeToLead, unsubscribeEndpoint } from "./push";

/**
 * The push services of the browsers we serve (Chrome and other Chromium
 * browsers, Firefox, Edge on Windows, Safari). We post to a subscription's
 * address later, so only theirs are taken: any other host name could
 * resolve into our own network.
 */
const PUSH_SERVICE_HOSTS =
  /^(fcm\.googleapis\.com|updates\.push\.services\.mozilla\.com|[a-z0-9-]+\.notify\.windows\.com|web\.push\.apple\.com)$/;

const endpoint = z
  .url({ protocol: /^https$/, hostname: PUSH_SERVICE_HOSTS })
  .max(2000)
  // zod runs a refinement even after z.url() has refused the value: parse it safely again.
  .refine(
    (value) => URL.canParse(value) && new URL(value).port === "",
    "must be a push service's https address",
  );

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
  locale: localeSchema,
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
      const lead = await findLead(storage, leadIdOf(req) ?? "");
      const { endpoint: address, keys, locale } = res.locals.body as PushSubscriptionInput;
      // An erased lead keeps no key to seal a subscription with: no application, as for none.
      if (
        !lead ||
        !(await subscribeToLead(storage, lead.leadId, { endpoint: address, keys, locale }))
      ) {
        sendError(res, 409, "no_application", "There is no application to send news about.");
        return;
      }
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
